import { JOB_SWEEP_INTERVAL_MS, WEBHOOKS } from "~/config";
import { closeDb, getDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { logEvent } from "~/utils/log.server";
import { deleteExpiredSessions } from "~/utils/session.server";
import { DEMO_ADMIN, DEMO_USER, seedDemoIfEmpty } from "./demo-data.server";
import { sweepDeadJobs } from "../jobs/kinds.server";
import { abortHeldJobs, heldJobs, releaseJob } from "../jobs/lease.server";
import { jobQueue } from "../jobs/queue.server";
import { stopForShutdown } from "../jobs/status-writer.server";
import { flushExportUsage } from "../export/export-api-usage.server";
import { scheduleWebhookRuns } from "../connections/webhook-jobs.server";

const state = globalThis as unknown as { __vigimmoSweep?: NodeJS.Timeout; __vigimmoWebhooks?: NodeJS.Timeout };

/**
 * Runs before the server listens: opens and migrates the database, seeds an empty one with the
 * demo data (outside production, or with DEMO_DATA=true), fails the jobs of dead workers, then
 * sweeps periodically.
 */
export async function bootstrap() {
  getDb();
  if (env().demoData && (await seedDemoIfEmpty())) {
    console.log(
      [
        "",
        "Base de démonstration créée. Identifiants :",
        `  Administrateur : ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
        `  Utilisateur    : ${DEMO_USER.email} / ${DEMO_USER.password}`,
        "",
      ].join("\n"),
    );
  }
  sweepDeadJobs();
  deleteExpiredSessions();
  state.__vigimmoSweep ??= setInterval(() => {
    try {
      sweepDeadJobs();
    } catch (error) {
      logEvent("job.sweep_error", { error: (error as Error).message });
    }
  }, JOB_SWEEP_INTERVAL_MS);
  state.__vigimmoSweep.unref();
  // Export connections' webhooks: new changes and due retries start a push run (ADR 022).
  state.__vigimmoWebhooks ??= setInterval(() => {
    try {
      scheduleWebhookRuns();
    } catch (error) {
      logEvent("webhook.schedule_error", { error: (error as Error).message });
    }
  }, WEBHOOKS.scheduleIntervalMs);
  state.__vigimmoWebhooks.unref();
}

/**
 * Graceful stop (SIGTERM/SIGINT): no new job starts, running jobs are asked to stop after
 * their current batch, whatever is still open after `graceMs` is marked cancelled with a
 * message; once the HTTP server's requests in flight are done (`requestsDone`, given by
 * server.ts), the WAL is checkpointed and the database closed.
 */
export async function shutdown({ graceMs = 10_000, requestsDone = Promise.resolve() }: { graceMs?: number; requestsDone?: Promise<unknown> } = {}) {
  if (state.__vigimmoSweep) clearInterval(state.__vigimmoSweep);
  if (state.__vigimmoWebhooks) clearInterval(state.__vigimmoWebhooks);
  const queue = jobQueue();
  queue.pause();
  queue.clear();
  const open = heldJobs();
  for (const job of open) stopForShutdown(job.kind, job.id);
  abortHeldJobs();
  await Promise.race([queue.onIdle(), new Promise((resolve) => setTimeout(resolve, graceMs))]);
  for (const job of open) releaseJob(job.kind, job.id);
  await requestsDone;
  flushExportUsage();
  closeDb();
  logEvent("server.stopped");
}
