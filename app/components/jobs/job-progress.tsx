import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { progressPercent, isOpenJob, type JobView } from "~/services/jobs/job-view";
import { formatNumber } from "~/utils/format";
import { useToast } from "../toasts";
import { Button } from "../ui/button";
import { Progress } from "../ui/progress";
import type { ToastAnswer } from "~/utils/toast";

/**
 * The progress of one job, whatever its kind: a status line, the bar, Stop while it runs, the
 * reason of a failure, then the kind's figures (children). Every screen that follows a job shows
 * it with this component and the useJob hook.
 */
export function JobProgress({
  job,
  label,
  status,
  stop,
  children,
}: {
  job: JobView | null;
  /** The bar's accessible name. */
  label: string;
  /** The line above the bar (e.g. 'Page 3 / 20'). */
  status?: ReactNode;
  /** Where Stop posts, with its fields; without it the screen offers its own Stop. */
  stop?: { action: string; fields: Record<string, string> };
  children?: ReactNode;
}) {
  return (
    <div className="space-y-4">
      {status ? (
        <div aria-live="polite" className="text-sm text-slate-700">
          {status}
        </div>
      ) : null}
      <Progress value={job ? progressPercent(job) : 0} label={label} />
      {stop && (!job || isOpenJob(job)) ? <StopButton {...stop} /> : null}
      {job?.status === "failed" && job.message ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {job.message}
        </p>
      ) : null}
      {children}
    </div>
  );
}

function StopButton({ action, fields }: { action: string; fields: Record<string, string> }) {
  const cancel = useFetcher<ToastAnswer>();
  useToast(cancel.data?.toast);
  const stopping = cancel.state !== "idle";
  return (
    <cancel.Form method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="danger" disabled={stopping}>
        {stopping ? "Arrêt..." : "Stop"}
      </Button>
    </cancel.Form>
  );
}

/** A job's counters, as labelled figures. */
export function JobFigures({ figures }: { figures: Array<{ label: string; value: number; tone?: string }> }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-md bg-slate-50 p-3">
          <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
          <dd className={`mt-1 text-xl font-bold tabular-nums ${figure.tone ?? "text-slate-900"}`}>{formatNumber(figure.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
