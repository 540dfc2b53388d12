import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ModerationPanelStatus } from "~/services/moderation/panel-status.server";
import { duplicatesFoundMessage } from "~/services/moderation/moderation-texts";
import { formatCount, formatNumber } from "~/utils/format";
import { JobFigures, JobProgress } from "./jobs/job-progress";
import { ConfirmDialog } from "./moderation/confirm-dialog";
import { PanelAction } from "./moderation/panel-action";
import { panelControls, type PanelControl } from "./moderation/panel-controls";
import { PANEL_ENDPOINT, useModerationRun } from "./moderation/use-moderation-run";
import { showToast } from "./toasts";
import { Card, CardBody, CardHeader } from "./ui/card";

/**
 * The moderation panel of SPEC.md section 2, on /dashboard and /moderation. Its primary action,
 * 'Modération Auto Complète', moderates everything pending as one job with real progress, beside
 * Stop; the other SPEC controls (one batch or 'Continuer', re-analysis, duplicates, reset) are
 * secondary, each with one line saying what it does or why it cannot be used now. Every action
 * posts to the panel endpoint (resources.moderation), which checks the session and scopes to the
 * user.
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
  const continuing = job?.mode === "pending" && !running && job.remaining > 0 && pending > 0;
  const controls = panelControls({ loaded: Boolean(status), pending, withoutConfidence: status?.withoutConfidence ?? 0, running, continuing });
  // While an answer is on its way, nothing is clicked twice (the explanation stays as it was).
  const held = (control: PanelControl) => control.unavailable || busy;

  return (
    <Card className={className}>
      <CardHeader
        title="Modération IA des annonces"
        description={status ? `${formatCount(pending, "annonce", "annonces")} en attente IA` : "Chargement..."}
      />
      <CardBody className="space-y-5">
        <action.Form method="post" action={PANEL_ENDPOINT} className="space-y-5">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {job && running ? <input type="hidden" name="jobId" value={job.id} /> : null}
          <div className="flex flex-wrap items-start gap-x-4 gap-y-3 rounded-lg bg-brand-50 p-4">
            <PanelAction
              type="submit"
              name="intent"
              value="auto"
              variant="primary"
              prominent
              className="flex-1 basis-64"
              unavailable={held(controls.auto)}
              explanation={controls.auto.explanation}
            >
              Modération Auto Complète
            </PanelAction>
            <PanelAction
              type="submit"
              name="intent"
              value="cancel"
              variant="danger"
              className="flex-1 basis-48"
              unavailable={held(controls.stop) || !job}
              explanation={controls.stop.explanation}
            >
              Arrêter
            </PanelAction>
          </div>

          {job ? (
            <JobProgress
              job={job}
              label={running ? "Modération en cours" : "Dernière modération"}
              status={`${formatNumber(job.moderated)} / ${formatNumber(job.total)} annonces analysées`}
            >
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
          ) : null}

          <div className="grid gap-3 sm:grid-cols-2">
            <PanelAction type="submit" name="intent" value="start" unavailable={held(controls.batch)} explanation={controls.batch.explanation}>
              {controls.batch.label}
            </PanelAction>
            {showReanalyze ? (
              <PanelAction type="submit" name="intent" value="reanalyze" unavailable={held(controls.reanalyze)} explanation={controls.reanalyze.explanation}>
                Analyser tout automatiquement
              </PanelAction>
            ) : null}
          </div>
        </action.Form>

        <div className="grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2">
          <action.Form method="post" action={PANEL_ENDPOINT}>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <PanelAction type="submit" name="intent" value="dedupe-scan" unavailable={held(controls.dedupe)} explanation={controls.dedupe.explanation}>
              Supprimer doublons
            </PanelAction>
          </action.Form>
          <PanelAction onClick={() => setConfirmReset(true)} unavailable={held(controls.reset)} explanation={controls.reset.explanation}>
            Réinitialiser la modération
          </PanelAction>
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
