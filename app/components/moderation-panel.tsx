import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ModerationPanelStatus } from "~/services/moderation/panel-status.server";
import { duplicatesFoundMessage } from "~/services/moderation/moderation-texts";
import { formatNumber } from "~/utils/format";
import { JobFigures, JobProgress } from "./jobs/job-progress";
import { ConfirmDialog } from "./moderation/confirm-dialog";
import { PANEL_ENDPOINT, useModerationRun } from "./moderation/use-moderation-run";
import { showToast } from "./toasts";
import { Button } from "./ui/button";
import { Card, CardBody, CardHeader } from "./ui/card";

/**
 * The moderation panel of SPEC.md section 2, on /dashboard and /moderation: one batch or a full
 * automatic run, Stop, real progress, result counts, duplicates and reset. Every action posts to
 * the panel endpoint (resources.moderation), which checks the session and scopes to the user.
 */
export function ModerationPanel({
  initial,
  showReanalyze = false,
  className,
}: {
  /** The panel's state from the page's loader; without it the panel fetches its own. */
  initial?: ModerationPanelStatus;
  /** /moderation also offers 'Analyser tout automatiquement' (suspicious listings without a note). */
  showReanalyze?: boolean;
  className?: string;
}) {
  const { status, job, running, action, submit } = useModerationRun(initial);
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  const [confirmReset, setConfirmReset] = useState(false);
  const [duplicates, setDuplicates] = useState(0);
  const busy = action.state !== "idle";

  useEffect(() => {
    if (action.data?.intent === "dedupe-scan" && (action.data.duplicates ?? 0) > 0) setDuplicates(action.data.duplicates!);
  }, [action.data]);

  const post = (intent: string, extra: Record<string, string> = {}) =>
    submit({ intent, redirectTo, ...extra }, { method: "post", action: PANEL_ENDPOINT });

  const pending = status?.pending ?? 0;
  const canContinue = job?.mode === "pending" && !running && job.remaining > 0 && pending > 0;

  return (
    <Card className={className}>
      <CardHeader
        title="Modération IA des annonces"
        description={status ? `${formatNumber(pending)} annonce${pending > 1 ? "s" : ""} en attente IA` : "Chargement..."}
      />
      <CardBody className="space-y-4">
        <action.Form method="post" action={PANEL_ENDPOINT} className="flex flex-wrap gap-2">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Button type="submit" name="intent" value="start" disabled={running || busy}>
            {canContinue ? `Continuer (${formatNumber(pending)} restantes)` : "Lancer la modération IA"}
          </Button>
          <Button type="submit" name="intent" value="auto" variant="secondary" disabled={running || busy}>
            Modération Auto Complète
          </Button>
          {showReanalyze ? (
            <Button type="submit" name="intent" value="reanalyze" variant="secondary" disabled={running || busy}>
              Analyser tout automatiquement
            </Button>
          ) : null}
          {job && running ? <input type="hidden" name="jobId" value={job.id} /> : null}
          <Button type="submit" name="intent" value="cancel" variant="danger" disabled={!running || !job}>
            Arrêter
          </Button>
        </action.Form>

        {job ? (
          <div aria-live="polite">
            <JobProgress job={job} label={running ? "Modération en cours" : "Dernière modération"}>
              <JobFigures
                figures={[
                  { label: "Analysées", value: job.moderated },
                  { label: "Suspectes", value: job.flagged },
                  { label: "Restantes", value: job.remaining },
                  { label: "Lots", value: job.batches },
                ]}
              />
              {job.message && !running && job.status !== "failed" ? <p className="text-sm text-slate-700">{job.message}</p> : null}
            </JobProgress>
          </div>
        ) : null}

        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <action.Form method="post" action={PANEL_ENDPOINT}>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button type="submit" name="intent" value="dedupe-scan" variant="secondary" disabled={busy || running}>
              Supprimer doublons
            </Button>
          </action.Form>
          <Button variant="secondary" onClick={() => setConfirmReset(true)} disabled={busy || running}>
            Réinitialiser la modération
          </Button>
        </div>
      </CardBody>

      <ConfirmDialog
        open={confirmReset}
        onClose={() => setConfirmReset(false)}
        title="Êtes-vous sûr ?"
        description="Toutes vos annonces non blacklistées repasseront en attente IA et leurs analyses seront effacées."
        confirmLabel="Réinitialiser"
        onConfirm={() => post("reset")}
      />
      <ConfirmDialog
        open={duplicates > 0}
        onClose={() => setDuplicates(0)}
        title="Supprimer les doublons ?"
        description={`${formatNumber(duplicates)} doublon(s) détecté(s) : pour chaque référence, l'annonce la plus ancienne est conservée et les autres sont supprimées définitivement.`}
        confirmLabel="Supprimer"
        onConfirm={() => {
          showToast({ type: "info", message: duplicatesFoundMessage(duplicates) });
          post("dedupe");
        }}
      />
    </Card>
  );
}
