import { retentionJobs } from "#db/schema";
import { RETENTION } from "~/config";
import { formatNumber } from "~/utils/format";
import { getDb, getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { createJob, enqueueJob, JobBusyError, runJob } from "../jobs/engine.server";
import type { JobKind } from "../jobs/job-kind";
import { buildJobView } from "../jobs/job-view";
import { yieldToEventLoop } from "../jobs/queue.server";
import { writeProgress } from "../jobs/status-writer.server";
import { systemAccountId } from "../users/users.server";
import { retentionRules } from "./retention-rules.server";

export type RetentionJob = typeof retentionJobs.$inferSelect;

const deletedMessage = (deleted: number) =>
  deleted === 0 ? "Rétention appliquée : aucune ligne à effacer" : `Rétention appliquée : ${formatNumber(deleted)} ligne${deleted > 1 ? "s" : ""} effacée${deleted > 1 ? "s" : ""}`;

/**
 * The daily retention pass (issue 30): every rule of retention-rules.server.ts in turn, chunk by
 * chunk (one transaction each, counted on the job row with the rule's share in `counts`), a
 * yield between chunks; each rule's count goes to the logs (`retention.rule`).
 */
export const retentionJobKind: JobKind<typeof retentionJobs, { now?: number }> = {
  name: "retention",
  table: retentionJobs,
  busyMessage: "Une application de la rétention est déjà en cours.",
  stopMessage: (job) => `Rétention arrêtée : ${deletedMessage(job.deleted)}`,
  writesInBulk: false,
  view: (row) =>
    buildJobView("retention", row, { done: row.rulesDone, total: row.rules }, { deleted: row.deleted, counts: row.counts }, (view) =>
      view.status === "completed" ? { type: "success", message: view.message ?? deletedMessage(view.deleted) } : null,
    ),
  open(job, { signal, input }) {
    const now = input.now ?? Date.now();
    const counts: Record<string, number> = {};
    const addToCounts = getSqlite().prepare(
      `update retention_jobs set counts = json_set(counts, '$."' || @rule || '"', coalesce(json_extract(counts, '$."' || @rule || '"'), 0) + @n) where id = @id`,
    );
    return {
      async run() {
        const rules = retentionRules();
        writeProgress(retentionJobKind, job.id, { set: { rules: rules.length } });
        for (const rule of rules) {
          let deleted = 0;
          for (;;) {
            if (signal.aborted) return deletedMessage(total(counts));
            const changes = getDb().transaction(() => {
              const n = rule.purge(RETENTION.chunk, now);
              writeProgress(retentionJobKind, job.id, { add: { deleted: n } });
              if (n > 0) addToCounts.run({ id: job.id, rule: rule.name, n });
              return n;
            });
            deleted += changes;
            if (changes < RETENTION.chunk) break;
            await yieldToEventLoop();
          }
          counts[rule.name] = deleted;
          writeProgress(retentionJobKind, job.id, { add: { rules_done: 1 } });
          logEvent("retention.rule", { rule: rule.name, deleted });
          await yieldToEventLoop();
        }
        logEvent("retention.done", { deleted: total(counts), counts });
        return deletedMessage(total(counts));
      },
      failure: (error) => ({ message: `Erreur lors de l'application de la rétention : ${error.message}`, errors: [] }),
      stopped: () => `Rétention arrêtée : ${deletedMessage(total(counts))}`,
    };
  },
};

const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);

function createRetentionJob(userId: string): RetentionJob {
  return createJob(retentionJobKind, userId, (lease) => getDb().insert(retentionJobs).values({ userId, ...lease }).returning().get());
}

/** Runs the pass in this process (tests, a CLI); `now` moves the clock for tests. */
export function runRetention(now?: number): Promise<RetentionJob> | undefined {
  const userId = systemAccountId();
  if (!userId) return undefined;
  return runJob(retentionJobKind, createRetentionJob(userId), { now });
}

/**
 * The daily pass (bootstrap, then every RETENTION.intervalMs): queued under the system account;
 * skipped while the previous one still runs, or on a platform without any account.
 */
export function scheduleRetention(): RetentionJob | undefined {
  const userId = systemAccountId();
  if (!userId) return undefined;
  try {
    const job = createRetentionJob(userId);
    enqueueJob(retentionJobKind, job, {});
    return job;
  } catch (error) {
    if (error instanceof JobBusyError) return undefined;
    throw error;
  }
}
