import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { z } from "zod";
import { BulkDecisions } from "~/components/moderation/bulk-decisions";
import { EngineQualityPanel } from "~/components/moderation/engine-quality-panel";
import { ReviewSearch } from "~/components/moderation/review-search";
import { SuspiciousCard } from "~/components/moderation/suspicious-card";
import { ModerationPanel } from "~/components/moderation-panel";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { MODERATION_MAX_PAGES as MAX_PAGES, MODERATION_PAGE_SIZE } from "~/config";
import { answerDecision } from "~/services/moderation/decision-answer.server";
import { activeModel, engineQuality } from "~/services/moderation/learning.server";
import { moderationPanelStatus } from "~/services/moderation/panel-status.server";
import { bulkMessage, MODERATION_TEXT, REVIEW_FILTER_VALUES } from "~/services/moderation/moderation-texts";
import { decideDisplayed, listSuspicious, suspiciousCounts } from "~/services/moderation/review.server";
import { getSqlite } from "~/utils/db.server";
import { formatCount, formatNumber } from "~/utils/format";
import { logEvent } from "~/utils/log.server";
import { requireUser } from "~/utils/permissions.server";
import { parseForm, readForm } from "~/utils/form-data.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MSG } from "~/messages";

const MAX_BULK_IDS = MAX_PAGES * MODERATION_PAGE_SIZE;

/** Search and filter of the queue, also re-applied by the bulk decisions. */
const searchFields = {
  q: z.string().trim().max(200, "La recherche ne peut pas dépasser 200 caractères").default(""),
  filter: z.enum(REVIEW_FILTER_VALUES).default("all"),
};
const querySchema = z.object({
  q: searchFields.q.catch(""),
  filter: searchFields.filter.catch("all"),
  page: z.coerce.number().int().min(1).max(MAX_PAGES).catch(1),
});
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["validate", "blacklist"]), id: z.number({ required_error: "Annonce manquante" }).int().positive() }),
  z.object({
    intent: z.enum(["validate-all", "blacklist-all"]),
    ...searchFields,
    ids: z.array(z.number().int().positive()).max(MAX_BULK_IDS).default([]),
  }),
]);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const query = querySchema.parse({
    q: url.searchParams.get("q") ?? undefined,
    filter: url.searchParams.get("filter") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  const limit = query.page * MODERATION_PAGE_SIZE;
  const { listings, total } = listSuspicious(user.id, query, limit);
  return {
    query,
    listings,
    total,
    // SPEC.md section 9: more exist when a full page came back and fewer than the count are shown.
    hasMore: listings.length === limit && listings.length < total,
    counts: suspiciousCounts(user.id),
    panel: moderationPanelStatus(user.id),
    quality: { figures: engineQuality(getSqlite(), Date.now()), engineVersion: activeModel(getSqlite()).version },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await readForm(request), { schema: actionSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Requête invalide";
    return data({ ok: false, toast: { type: "error" as const, message } }, { status: 400 });
  }
  const input = submission.value;
  // The queue lists the user's own listings; an administrator's decision is not scoped to them.
  if ("id" in input) return answerDecision(user, input.id, input.intent);
  try {
    return decideBulk(user.id, input);
  } catch (error) {
    logEvent("moderation.decision_failed", { userId: user.id, intent: input.intent, error: (error as Error).message });
    return data({ ok: false, toast: { type: "error" as const, message: MODERATION_TEXT.bulkError } }, { status: 500 });
  }
}

function decideBulk(userId: string, input: Extract<z.infer<typeof actionSchema>, { intent: "validate-all" | "blacklist-all" }>) {
  const decision = input.intent === "validate-all" ? "active" : "rejected";
  const changed = decideDisplayed(userId, { q: input.q, filter: input.filter }, input.ids, decision);
  if (changed === 0) return { ok: false, toast: { type: "info" as const, message: MODERATION_TEXT.nothingToProcess } };
  return { ok: true, toast: { type: "success" as const, message: bulkMessage(decision, changed) } };
}

export default function ModerationPage() {
  const { query, listings, total, hasMore, counts, panel, quality } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const more = new URLSearchParams({ ...(query.q ? { q: query.q } : {}), ...(query.filter !== "all" ? { filter: query.filter } : {}), page: String(query.page + 1) });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Modération IA"
        subtitle={`${formatCount(counts.suspicious, "annonce suspecte", "annonces suspectes")} à modérer`}
        actions={
          <Button variant="secondary" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
            {revalidator.state !== "idle" ? "Actualisation..." : "Actualiser"}
          </Button>
        }
      />
      <ModerationPanel initial={panel} showReanalyze />
      {quality ? <EngineQualityPanel quality={quality.figures} engineVersion={quality.engineVersion} /> : null}
      <Card className="space-y-4 p-5">
        <ReviewSearch q={query.q} filter={query.filter} />
        <BulkDecisions q={query.q} filter={query.filter} ids={listings.map((listing) => listing.id)} total={total} />
      </Card>
      {listings.length === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-semibold text-slate-900">Aucune annonce suspecte</p>
          <p className="mt-1 text-sm text-slate-600">
            {query.q || query.filter !== "all" ? "Essayez de modifier votre recherche ou le filtre" : "Toutes vos annonces suspectes ont été traitées"}
          </p>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Annonces suspectes">
          {listings.map((listing) => (
            <li key={listing.id}>
              <SuspiciousCard listing={listing} />
            </li>
          ))}
        </ul>
      )}
      {hasMore && query.page < MAX_PAGES ? (
        <div className="flex justify-center">
          <Link to={`?${more}`} preventScrollReset replace className={buttonClasses("secondary")}>
            Charger plus
          </Link>
        </div>
      ) : null}
      {hasMore && query.page >= MAX_PAGES ? (
        <p className="text-center text-sm text-slate-600">
          Affichage limité aux {formatNumber(MAX_PAGES * MODERATION_PAGE_SIZE)} premières annonces : affinez la recherche pour voir les autres.
        </p>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Modération IA | Vigimmo" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary message={MSG.suspiciousLoadError} />;
}
