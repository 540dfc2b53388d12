import { changedFieldsSummary, IMPORT_STATUS_LABELS, summariseErrors, type ImportJobView } from "~/services/imports/import-job-view";
import { JobFigures, JobProgress } from "./jobs/job-progress";
import { useJob } from "./jobs/use-job";
import { Badge, type BadgeTone } from "./ui/badge";
import { Card, CardBody, CardHeader } from "./ui/card";

const STATUS_TONES: Record<ImportJobView["status"], BadgeTone> = {
  pending: "slate",
  processing: "brand",
  completed: "emerald",
  failed: "red",
  cancelled: "amber",
};

export type ImportJobProgressProps = {
  jobId: string;
  /** The job as the page already knows it (start answer or loader), to render at once. */
  initialJob?: ImportJobView | null;
  /** Action receiving the Stop (POST). */
  cancelAction: string;
  onFinished?: (job: ImportJobView) => void;
  title?: string;
};

/** Card of one import job (MoteurImmo, file, connection sync): status, progress, Stop, results. */
export function ImportJobProgress({ jobId, initialJob, cancelAction, onFinished, title = "Progression de l'import" }: ImportJobProgressProps) {
  const { job, error } = useJob(jobId, { initialJob, onFinished });
  return (
    <Card>
      <CardHeader title={title} actions={job ? <Badge tone={STATUS_TONES[job.status]}>{IMPORT_STATUS_LABELS[job.status]}</Badge> : null} />
      <CardBody className="space-y-4">
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <JobProgress
          job={job}
          label="Progression de l'import"
          status={!job || job.status === "pending" ? IMPORT_STATUS_LABELS.pending : `Page ${job.currentPage} / ${job.totalPages}`}
          stop={{ action: cancelAction, fields: { intent: "cancel", jobId } }}
        >
          {job ? <ImportJobResults job={job} /> : null}
        </JobProgress>
      </CardBody>
    </Card>
  );
}

/** Imported, updated, skipped, withdrawn, price drops, total processed, and the first error lines. */
function ImportJobResults({ job }: { job: ImportJobView }) {
  const { lines, more } = summariseErrors(job.errors);
  const changed = changedFieldsSummary(job.changedFields);
  const warnings = summariseErrors(job.warnings, "autres avertissements");
  return (
    <section aria-label="Résultats de l'import" className="rounded-lg border border-slate-200 p-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">Résultats</h3>
      <JobFigures
        figures={[
          { label: "Importées", value: job.imported, tone: "text-emerald-700" },
          { label: "Mises à jour", value: job.updated, tone: "text-brand-700" },
          { label: "Ignorées", value: job.skipped, tone: "text-amber-700" },
          { label: "Retirées", value: job.withdrawn },
          { label: "Baisses de prix", value: job.priceDrops, tone: "text-emerald-700" },
          { label: "Total traité", value: job.totalProcessed },
        ]}
      />
      {changed ? <p className="mt-3 text-sm text-slate-700">{changed}</p> : null}
      {lines.length > 0 ? (
        <div className="mt-3">
          <h4 className="text-xs font-semibold text-slate-700">Erreurs</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-xs text-red-800">
            {lines.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
          {more ? <p className="mt-1 text-xs text-slate-600">{more}</p> : null}
        </div>
      ) : null}
      {warnings.lines.length > 0 ? (
        <div className="mt-3">
          <h4 className="text-xs font-semibold text-slate-700">Avertissements (annonces importées sans ces valeurs)</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-xs text-amber-900">
            {warnings.lines.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
          {warnings.more ? <p className="mt-1 text-xs text-slate-600">{warnings.more}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
