import type { JobStatus } from "#db/schema";
import type { Toast } from "~/utils/toast";

/**
 * What `GET /resources/jobs/{id}` answers for every kind of job, and what the progress component
 * renders. Plain data (no Date objects) so it crosses JSON unchanged. Client-safe module: a kind
 * adds its own fields to this base (ImportJobView, ModerationJobView).
 */
export type JobView = {
  id: string;
  kind: string;
  status: JobStatus;
  /** The kind's unit of progress: pages of an import, listings of a moderation run. */
  progress: { done: number; total: number };
  message: string | null;
  errors: string[];
  /** The toast shown once when a screen sees the job end; null while it is open. */
  endToast: Toast | null;
  createdAt: string;
  finishedAt: string | null;
};


/** The polling answer (DECISIONS.md, second round): `{ ok, job }`. */
export type JobPollAnswer<View extends JobView = JobView> = { ok: true; job: View } | { ok: false; error: string };

export function isOpenJob(job: Pick<JobView, "status"> | null | undefined): boolean {
  return job?.status === "pending" || job?.status === "processing";
}

/** Percentage shown by the bar: a completed job is full whatever its counters say. */
export function progressPercent(job: Pick<JobView, "status" | "progress">): number {
  if (job.status === "completed") return 100;
  const { done, total } = job.progress;
  return total > 0 ? Math.min(100, (done / total) * 100) : 0;
}

/**
 * A kind's view of one of its rows: the common fields, the kind's own `fields`, and the end toast
 * computed from the whole view once the job is over.
 */
export function buildJobView<Kind extends string, Fields extends object>(
  kind: Kind,
  row: { id: string; status: string; message: string | null; errors: string[]; createdAt: Date; finishedAt: Date | null },
  progress: JobView["progress"],
  fields: Fields,
  endToast: (view: JobView & Fields) => Toast | null,
): JobView & { kind: Kind } & Fields {
  const view = {
    id: row.id,
    kind,
    status: row.status as JobStatus,
    progress,
    message: row.message,
    errors: row.errors,
    endToast: null as Toast | null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    ...fields,
  };
  if (!isOpenJob(view)) view.endToast = endToast(view);
  return view;
}
