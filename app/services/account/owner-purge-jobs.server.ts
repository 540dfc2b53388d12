import { ownerPurgeJobs } from "#db/schema";
import { formatNumber } from "~/utils/format";
import { getDb } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { createJob, enqueueJob, JobBusyError, runJob } from "../jobs/engine.server";
import type { JobKind } from "../jobs/job-kind";
import { buildJobView } from "../jobs/job-view";
import { yieldToEventLoop } from "../jobs/queue.server";
import { writeProgress } from "../jobs/status-writer.server";
import { accountsWithOwnersPastRetention, purgeOwnersPastRetention } from "./owner-retention.server";

export type OwnerPurgeJob = typeof ownerPurgeJobs.$inferSelect;

/** Owners deleted per transaction: each one also rewrites its listing's export copy (triggers). */
const PURGE_CHUNK = 500;

const purgedMessage = (purged: number) =>
  purged === 0 ? "Aucune donnée de propriétaire à effacer" : `${formatNumber(purged)} propriétaire${purged > 1 ? "s" : ""} effacé${purged > 1 ? "s" : ""} (durée de conservation dépassée)`;

/**
 * The purge of one account's listing owners past the retention rule (owner-retention.server.ts),
 * chunk by chunk with a yield between chunks, counted on the job row.
 */
export const ownerPurgeJobKind: JobKind<typeof ownerPurgeJobs, { now?: number }> = {
  name: "owner-purge",
  table: ownerPurgeJobs,
  busyMessage: "Un effacement des propriétaires est déjà en cours pour ce compte.",
  stopMessage: (job) => `Effacement arrêté : ${purgedMessage(job.purged)}`,
  writesInBulk: false,
  view: (row) =>
    buildJobView("owner-purge", row, { done: row.purged, total: row.purged }, { purged: row.purged }, (view) =>
      view.status === "completed" ? { type: "success", message: view.message ?? purgedMessage(view.purged) } : null,
    ),
  open(job, { signal, input }) {
    let purged = 0;
    return {
      async run() {
        for (;;) {
          if (signal.aborted) break;
          const deleted = getDb().transaction(() => {
            const changes = purgeOwnersPastRetention(job.userId, PURGE_CHUNK, input.now);
            writeProgress(ownerPurgeJobKind, job.id, { add: { purged: changes } });
            return changes;
          });
          purged += deleted;
          if (deleted < PURGE_CHUNK) break;
          await yieldToEventLoop();
        }
        return purgedMessage(purged);
      },
      failure: (error) => ({ message: `Erreur lors de l'effacement des propriétaires : ${error.message}`, errors: [] }),
      stopped: () => `Effacement arrêté : ${purgedMessage(purged)}`,
    };
  },
};

function createOwnerPurgeJob(userId: string): OwnerPurgeJob {
  return createJob(ownerPurgeJobKind, userId, (lease) => getDb().insert(ownerPurgeJobs).values({ userId, ...lease }).returning().get());
}

/** Runs one account's purge in this process (tests, a CLI); `now` moves the clock for tests. */
export function runOwnerPurge(userId: string, now?: number): Promise<OwnerPurgeJob> {
  return runJob(ownerPurgeJobKind, createOwnerPurgeJob(userId), { now });
}

/**
 * The daily pass: queues one purge job per account that has owners past retention (an account
 * whose previous purge still runs is skipped). Returns how many jobs were queued.
 */
export function scheduleOwnerPurges(now = Date.now()): number {
  let queued = 0;
  for (const userId of accountsWithOwnersPastRetention(now)) {
    try {
      enqueueJob(ownerPurgeJobKind, createOwnerPurgeJob(userId), { now });
      queued += 1;
    } catch (error) {
      if (!(error instanceof JobBusyError)) throw error;
    }
  }
  if (queued > 0) logEvent("owner_purge.scheduled", { accounts: queued });
  return queued;
}
