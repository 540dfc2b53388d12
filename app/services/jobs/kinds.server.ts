import { accountDeletionJobKind } from "../account/account-deletion-jobs.server";
import { ownerPurgeJobKind } from "../account/owner-purge-jobs.server";
import { complianceJobKind } from "../compliance/recheck-job.server";
import { webhookJobKind } from "../connections/webhook-jobs.server";
import { importJobKind } from "../imports/import-jobs.server";
import { moderationJobKind } from "../moderation/jobs.server";
import { retentionJobKind } from "../platform/retention-jobs.server";
import { findJob } from "./engine.server";
import type { JobKind, JobTable } from "./job-kind";
import type { JobView } from "./job-view";
import { failDeadJobs } from "./status-writer.server";

/**
 * Every kind of job, one line each (docs/decisions/010-job-engine.md): the sweep, the polling
 * route and shutdown reach the kinds through this list.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own start input
const JOB_KINDS: ReadonlyArray<JobKind<JobTable, any>> = [importJobKind, moderationJobKind, ownerPurgeJobKind, complianceJobKind, webhookJobKind, retentionJobKind, accountDeletionJobKind];

/** Fails the open jobs, of every kind, whose worker is gone. Returns how many were failed. */
export function sweepDeadJobs(now = Date.now()): number {
  return JOB_KINDS.reduce((failed, kind) => failed + failDeadJobs(kind, now), 0);
}

/** One of the user's jobs, whatever its kind, as the screens see it; never another user's. */
export function findJobView(userId: string, jobId: string): JobView | undefined {
  for (const kind of JOB_KINDS) {
    const row = findJob(kind, userId, jobId);
    if (row) return kind.view(row);
  }
  return undefined;
}
