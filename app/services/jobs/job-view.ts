import type { JobStatus } from "#db/schema";

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
  endToast: JobToast | null;
  createdAt: string;
  finishedAt: string | null;
};

export type JobToast = { type: "success" | "error" | "info" | "warning"; message: string };

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

/** The common part of a view, from a row of any kind's table. */
export function baseJobView(
  kind: string,
  row: { id: string; status: string; message: string | null; errors: string[]; createdAt: Date; finishedAt: Date | null },
  progress: JobView["progress"],
  endToast: JobToast | null,
): JobView {
  return {
    id: row.id,
    kind,
    status: row.status as JobStatus,
    progress,
    message: row.message,
    errors: row.errors,
    endToast: isOpenJob(row as Pick<JobView, "status">) ? null : endToast,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}
