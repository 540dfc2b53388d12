import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog } from "~/components/moderation/confirm-dialog";
import { useToast } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import type { ListingStatus } from "#db/schema";
import type { HistoryEntry } from "~/services/moderation/decision-history.server";
import { formatDateTime } from "~/utils/format";
import type { ToastAnswer } from "~/utils/toast";
import { ReportScamButton } from "./report-scam-button";

const KIND_LABELS: Record<HistoryEntry["kind"], Record<"active" | "rejected", string>> = {
  decision: { active: "Validée", rejected: "Blacklistée" },
  correction: { active: "Décision corrigée : rétablie", rejected: "Décision corrigée : blacklistée" },
  report: { active: "Signalée", rejected: "Signalée comme arnaque" },
};

/** The engine's verdict: the first step of the history, from the listing's own columns. */
export type EngineVerdict = { checkedAt: number | null; flagged: boolean };

/**
 * The decision taken on a validated or blacklisted listing and how to take it back (issue 24
 * item 5, issue 25 §4): "Signaler comme arnaque" on an active listing, "Rétablir l'annonce" on a
 * blacklisted one (confirmed first), and every decision so far, newest first.
 */
export function DecisionHistory({
  listing,
  history,
  engine,
}: {
  listing: { id: number; title: string; status: ListingStatus };
  history: HistoryEntry[];
  engine: EngineVerdict;
}) {
  const fetcher = useFetcher<ToastAnswer>();
  const [confirming, setConfirming] = useState(false);
  useToast(fetcher.data?.toast);
  return (
    <Card role="region" aria-labelledby="decision-history-title">
      <CardHeader
        title={<span id="decision-history-title">Décisions</span>}
        description={
          listing.status === "active"
            ? "Annonce validée et exportée. Si c'est une arnaque, signalez-la : elle quittera l'export tout de suite."
            : listing.status === "rejected"
              ? "Annonce blacklistée : elle n'est pas exportée. Si c'était une erreur, rétablissez-la."
              : "Historique des décisions prises sur cette annonce."
        }
      />
      <CardBody className="space-y-4 text-sm">
        {listing.status === "active" ? <ReportScamButton listingId={listing.id} listingTitle={listing.title} /> : null}
        {listing.status === "rejected" ? (
          <>
            <Button variant="secondary" disabled={fetcher.state !== "idle"} onClick={() => setConfirming(true)}>
              {"Rétablir l'annonce"}
            </Button>
            <ConfirmDialog
              open={confirming}
              onClose={() => setConfirming(false)}
              title="Rétablir cette annonce ?"
              description="Elle redevient active et repart dans l'export ; la décision précédente reste dans l'historique."
              confirmLabel="Rétablir"
              confirmVariant="primary"
              onConfirm={() => fetcher.submit({ intent: "restore" }, { method: "post", action: `/property/${listing.id}` })}
            />
          </>
        ) : null}
        <div>
          <h3 className="font-semibold text-slate-900">Historique</h3>
          <ol className="mt-2 space-y-2" aria-label="Historique des décisions">
            {history.map((entry) => (
              <li key={entry.id} className="rounded-md border border-slate-200 px-3 py-2">
                <p className="font-medium text-slate-900">{KIND_LABELS[entry.kind][entry.toStatus]}</p>
                <p className="text-xs text-slate-600">
                  {formatDateTime(entry.decidedAt)}
                  {entry.by ? ` · par ${entry.by}` : " · compte supprimé"}
                </p>
                {entry.reason ? <p className="mt-1 break-words text-slate-700">Motif : {entry.reason}</p> : null}
              </li>
            ))}
            {engine.checkedAt !== null ? (
              <li className="rounded-md border border-slate-200 px-3 py-2">
                <p className="font-medium text-slate-900">{engine.flagged ? "Signalée par l'IA" : "Validée par l'IA"}</p>
                <p className="text-xs text-slate-600">{formatDateTime(engine.checkedAt)}</p>
              </li>
            ) : null}
            {history.length === 0 && engine.checkedAt === null ? <li className="text-slate-600">Aucune décision pour le moment.</li> : null}
          </ol>
        </div>
      </CardBody>
    </Card>
  );
}
