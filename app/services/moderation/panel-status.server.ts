import { countPending, countReanalyze } from "./listing-source.server";
import { latestModerationJob, type ModerationJob, type ModerationMode } from "./jobs.server";

/** What the panel shows of a job (polled every JOB_POLL_INTERVAL_MS). */
export type ModerationJobView = {
  id: string;
  status: ModerationJob["status"];
  mode: ModerationMode;
  auto: boolean;
  total: number;
  moderated: number;
  flagged: number;
  remaining: number;
  batches: number;
  message: string | null;
};

export function jobView(job: ModerationJob): ModerationJobView {
  return {
    id: job.id,
    status: job.status,
    mode: job.mode,
    auto: job.params?.auto ?? false,
    total: job.total,
    moderated: job.moderated,
    flagged: job.flagged,
    remaining: job.remaining,
    batches: job.batches,
    message: job.message,
  };
}

/** The panel's state: what is left to moderate and the user's open (or last) run. */
export function moderationPanelStatus(userId: string) {
  const job = latestModerationJob(userId);
  return {
    pending: countPending(userId),
    withoutConfidence: countReanalyze(userId),
    job: job ? jobView(job) : null,
  };
}
export type ModerationPanelStatus = ReturnType<typeof moderationPanelStatus>;
