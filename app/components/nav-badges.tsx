import type { NavBadges } from "~/services/notifications/nav-badges.server";
import { formatNumber } from "~/utils/format";
import { isCurrent } from "./nav-links";

/** What a navigation entry shows beside its label: a short visible text and its spoken meaning. */
export type LinkBadge = { text: string; spoken: string };

/**
 * The navigation's notifications, by link target. The keys page's badge disappears on that page
 * (the visit is what marks the decisions as seen).
 */
export function linkBadges(badges: NavBadges, pathname: string): Record<string, LinkBadge> {
  const byLink: Record<string, LinkBadge> = {};
  if (badges.pendingKeyRequests > 0) {
    const n = badges.pendingKeyRequests;
    byLink["/admin-api-requests"] = {
      text: formatNumber(n),
      spoken: `${formatNumber(n)} demande${n > 1 ? "s" : ""} de clé en attente`,
    };
  }
  if (badges.keyDecisionUnseen && !isCurrent(pathname, "/export-api-keys")) {
    byLink["/export-api-keys"] = { text: "Nouveau", spoken: "réponse à votre demande de clé" };
  }
  return byLink;
}

/** The badge itself: the visible text is hidden from screen readers, which hear the sentence. */
export function NavBadge({ badge }: { badge: LinkBadge | undefined }) {
  if (!badge) return null;
  return (
    <>
      <span aria-hidden="true" className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold leading-5 text-white">
        {badge.text}
      </span>
      <span className="sr-only">{` (${badge.spoken})`}</span>
    </>
  );
}
