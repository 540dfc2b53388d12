import { CHART_PRICES_REFRESH_MS, COMPLIANCE_RECHECK_INTERVAL_MS, JOB_SWEEP_INTERVAL_MS, OWNER_PURGE_INTERVAL_MS, RETENTION, WEBHOOKS } from "~/config";
import { closeDb, getDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { instanceRole } from "~/utils/litefs.server";
import { logEvent } from "~/utils/log.server";
import { DEMO_ADMIN, DEMO_USER, seedDemoIfEmpty } from "./demo-data.server";
import { scheduleRetention } from "./retention-jobs.server";
import { warmComplianceData } from "../compliance/listing-verdict";
import { startComplianceRecheckIfDue } from "../compliance/recheck-job.server";
import { sweepDeadJobs } from "../jobs/kinds.server";
import { abortHeldJobs, heldJobs, releaseJob } from "../jobs/lease.server";
import { jobQueue } from "../jobs/queue.server";
import { stopForShutdown } from "../jobs/status-writer.server";
import { flushExportUsage } from "../export/export-api-usage.server";
import { scheduleOwnerPurges } from "../account/owner-purge-jobs.server";
import { refreshPlatformPrices } from "../analytics/platform-prices.server";
import { scheduleWebhookRuns } from "../connections/webhook-jobs.server";
import { startZoneScheduler, stopZoneScheduler } from "../prospecting/scheduler.server";

const state = globalThis as unknown as { __vigimmoSweep?: NodeJS.Timeout; __vigimmoTasks?: Map<string, NodeJS.Timeout> };

/**
 * Runs before the server listens: opens and migrates the database, seeds an empty one with the
 * demo data (outside production, or with DEMO_DATA=true), fails the jobs of dead workers, then
 * sweeps periodically. Unless SCHEDULER=off (maintenance), starts the zone scheduler and queues
 * the purge of owners past retention (docs/rgpd.md) and the retention job (expired sessions
 * included, docs/decisions/024-bounded-growth.md) now and once a day.
 */
export async function bootstrap() {
  getDb();
  // A LiteFS replica (ADR 029) only reads: the primary migrates, seeds, sweeps and runs every
  // job and schedule; writes reaching this machine are replayed there (server.ts).
  const role = instanceRole();
  logEvent("server.role", { primary: role.isPrimary, primaryInstance: role.primaryInstance });
  if (!role.isPrimary) return;
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
  state.__vigimmoSweep ??= setInterval(() => {
    try {
      sweepDeadJobs();
    } catch (error) {
      logEvent("job.sweep_error", { error: (error as Error).message });
    }
  }, JOB_SWEEP_INTERVAL_MS);
  state.__vigimmoSweep.unref();
  // Export connections' webhooks: new changes and due retries start a push run (ADR 022). Not a
  // scheduled task: customers' copies must not drift during maintenance.
  repeat("webhook.schedule_error", scheduleWebhookRuns, WEBHOOKS.scheduleIntervalMs);
  // /admin's price quartiles (issue 30): figures, not maintenance, so they stay fresh under SCHEDULER=off too.
  repeat("platform_prices.refresh_error", refreshPlatformPrices, CHART_PRICES_REFRESH_MS);
  // After the sweep: a zone run of a dead worker is failed first, then its zone waits for its slot.
  // SCHEDULER=off (maintenance) starts none of the periodic tasks below.
  if (!startZoneScheduler()) return;
  // Owners past retention (docs/rgpd.md), and listings re-checked whenever a rule's date passes
  // or the checker changes (issue 15), not only when edited.
  repeat("owner_purge.schedule_error", scheduleOwnerPurges, OWNER_PURGE_INTERVAL_MS);
  // Everything else that grows with use (issue 30): one job a day applies every retention rule.
  repeat("retention.schedule_error", scheduleRetention, RETENTION.intervalMs);
  warmComplianceData();
  repeat("compliance.recheck_error", startComplianceRecheckIfDue, COMPLIANCE_RECHECK_INTERVAL_MS);
}

/**
 * Runs `task` now and every `intervalMs` (once per process); a failure, thrown or rejected, is
 * logged, never thrown.
 */
function repeat(errorEvent: string, task: () => unknown, intervalMs: number) {
  const tasks = (state.__vigimmoTasks ??= new Map());
  if (tasks.has(errorEvent)) return;
  const failed = (error: unknown) => logEvent(errorEvent, { error: (error as Error).message });
  const run = () => {
    try {
      const result = task();
      if (result instanceof Promise) result.catch(failed);
    } catch (error) {
      failed(error);
    }
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  tasks.set(errorEvent, timer);
}

/**
 * Graceful stop (SIGTERM/SIGINT): no new job starts, running jobs are asked to stop after
 * their current batch, whatever is still open after `graceMs` is marked cancelled with a
 * message; once the HTTP server's requests in flight are done (`requestsDone`, given by
 * server.ts), the WAL is checkpointed and the database closed.
 */
export async function shutdown({ graceMs = 10_000, requestsDone = Promise.resolve() }: { graceMs?: number; requestsDone?: Promise<unknown> } = {}) {
  if (state.__vigimmoSweep) clearInterval(state.__vigimmoSweep);
  for (const timer of state.__vigimmoTasks?.values() ?? []) clearInterval(timer);
  state.__vigimmoTasks?.clear();
  stopZoneScheduler();
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
