import { latestJob } from "../jobs/engine.server";
import { moderationJobKind } from "./jobs.server";
import { countPending, countReanalyze } from "./listing-source.server";
import { toModerationJobView } from "./moderation-job-view";

/** The panel's state: what is left to moderate and the user's open (or last) run. */
export function moderationPanelStatus(userId: string) {
  const job = latestJob(moderationJobKind, userId);
  return {
    pending: countPending(userId),
    withoutConfidence: countReanalyze(userId),
    job: job ? toModerationJobView(job) : null,
  };
}
export type ModerationPanelStatus = ReturnType<typeof moderationPanelStatus>;
