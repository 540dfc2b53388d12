import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { accountDeletionStarted } from "~/services/account/account-forms";
import { navBadges } from "~/services/notifications/nav-badges.server";
import { requireUser } from "~/utils/permissions.server";

/** Layout of every signed-in screen: the navigation bar (with its notifications) and the side sheet. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { user, badges: navBadges(user) };
}

// The notifications follow the user from page to page (two indexed reads), not only after a form post.
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  !accountDeletionStarted(args) && (args.defaultShouldRevalidate || args.currentUrl.pathname !== args.nextUrl.pathname);

export default function AppLayout() {
  const { user, badges } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user} badges={badges}>
      <Outlet />
    </AppShell>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
