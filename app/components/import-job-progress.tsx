import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { JOB_POLL_INTERVAL_MS } from "~/config";
import {
  IMPORT_STATUS_LABELS,
  importEndToast,
  isOpenJob,
  summariseErrors,
  type ImportJobView,
} from "~/services/imports/import-job-view";
import { formatNumber } from "~/utils/format";
import { showToast, useToast, type ToastMessage } from "./toasts";
import { Badge, type BadgeTone } from "./ui/badge";
import { Button } from "./ui/button";
import { Card, CardBody, CardHeader } from "./ui/card";
import { Progress } from "./ui/progress";

type PollAnswer = { ok: true; job: ImportJobView } | { ok: false; error: string };

/**
 * Follows an import job: polls /resources/import-jobs/:id every 500 ms while it is pending or
 * processing, then stops. `onFinished` fires once, when the job is seen reaching its end (not for
 * a job that had already ended when the component mounted).
 */
export function useImportJob(
  jobId: string,
  options: { initialJob?: ImportJobView | null; onFinished?: (job: ImportJobView) => void } = {},
) {
  const [job, setJob] = useState<ImportJobView | null>(
    options.initialJob && options.initialJob.id === jobId ? options.initialJob : null,
  );
  const [error, setError] = useState<string | null>(null);
  // A failed poll (network blip, server restart) simply tries again at the next tick.
  const [retry, setRetry] = useState(0);
  const sawOpen = useRef(job === null || isOpenJob(job));
  const finished = useRef(false);
  const onFinished = useRef(options.onFinished);
  onFinished.current = options.onFinished;

  useEffect(() => {
    if ((job && !isOpenJob(job)) || error) return;
    const controller = new AbortController();
    const timer = setTimeout(
      async () => {
        try {
          const response = await fetch(`/resources/import-jobs/${encodeURIComponent(jobId)}`, {
            headers: { Accept: "application/json" },
            signal: controller.signal,
          });
          const answer = (await response.json()) as PollAnswer;
          if (answer.ok) setJob(answer.job);
          else if (response.status === 404 || response.status === 401) setError(answer.error);
          else setRetry((n) => n + 1);
        } catch {
          if (!controller.signal.aborted) setRetry((n) => n + 1);
        }
      },
      job ? JOB_POLL_INTERVAL_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [jobId, job, error, retry]);

  useEffect(() => {
    if (!job) return;
    if (isOpenJob(job)) {
      sawOpen.current = true;
      return;
    }
    if (!sawOpen.current || finished.current) return;
    finished.current = true;
    const toast = importEndToast(job);
    if (toast) showToast(toast);
    onFinished.current?.(job);
  }, [job]);

  return { job, error };
}

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
  /** Fields posted with the Stop; default `{ intent: "cancel", jobId }`. */
  cancelFields?: Record<string, string>;
  onFinished?: (job: ImportJobView) => void;
  title?: string;
};

/** Progress bar, status label, Stop button and results card of one import job. */
export function ImportJobProgress({
  jobId,
  initialJob,
  cancelAction,
  cancelFields,
  onFinished,
  title = "Progression de l'import",
}: ImportJobProgressProps) {
  const { job, error } = useImportJob(jobId, { initialJob, onFinished });
  const cancel = useFetcher<{ ok: boolean; toast?: ToastMessage }>();
  useToast(cancel.data?.toast);
  const fields = cancelFields ?? { intent: "cancel", jobId };
  const open = job ? isOpenJob(job) : true;
  const stopping = cancel.state !== "idle";
  const percent = job && job.totalPages > 0 ? (job.currentPage / job.totalPages) * 100 : 0;

  return (
    <Card>
      <CardHeader
        title={title}
        actions={job ? <Badge tone={STATUS_TONES[job.status]}>{IMPORT_STATUS_LABELS[job.status]}</Badge> : null}
      />
      <CardBody className="space-y-4">
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div aria-live="polite" className="text-sm text-slate-700">
          {!job || job.status === "pending"
            ? IMPORT_STATUS_LABELS.pending
            : `Page ${job.currentPage} / ${job.totalPages}`}
        </div>
        <Progress value={job?.status === "completed" ? 100 : percent} label="Progression de l'import" />
        {open ? (
          <cancel.Form method="post" action={cancelAction}>
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Button type="submit" variant="danger" disabled={stopping}>
              {stopping ? "Arrêt..." : "Stop"}
            </Button>
          </cancel.Form>
        ) : null}
        {job?.status === "failed" && job.message ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {job.message}
          </p>
        ) : null}
        {job ? <ImportJobResults job={job} /> : null}
      </CardBody>
    </Card>
  );
}

/** Imported, updated, skipped, total processed, and the first error lines. */
function ImportJobResults({ job }: { job: ImportJobView }) {
  const { lines, more } = summariseErrors(job.errors);
  const figures = [
    { label: "Importées", value: job.imported, tone: "text-emerald-700" },
    { label: "Mises à jour", value: job.updated, tone: "text-brand-700" },
    { label: "Ignorées", value: job.skipped, tone: "text-amber-700" },
    { label: "Total traité", value: job.totalProcessed, tone: "text-slate-900" },
  ];
  return (
    <section aria-label="Résultats de l'import" className="rounded-lg border border-slate-200 p-4">
      <h3 className="text-sm font-semibold text-slate-900">Résultats</h3>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-md bg-slate-50 p-3">
            <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
            <dd className={`mt-1 text-xl font-bold tabular-nums ${figure.tone}`}>{formatNumber(figure.value)}</dd>
          </div>
        ))}
      </dl>
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
    </section>
  );
}
