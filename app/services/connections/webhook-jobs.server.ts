import { webhookJobs } from "#db/schema";
import { WEBHOOKS } from "~/config";
import { getDb, getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { createJob, enqueueJob, JobBusyError } from "../jobs/engine.server";
import type { JobKind } from "../jobs/job-kind";
import { buildJobView } from "../jobs/job-view";
import { hasOpenJob, writeProgress } from "../jobs/status-writer.server";
import { cutWebhookBatches } from "./webhook-batches.server";
import { deliverDueBatches } from "./webhook-delivery.server";

/**
 * Webhook deliveries on the job engine (docs/decisions/010-job-engine.md, 022): a push run of
 * one account cuts its active export connections' new events into batches and sends the due
 * ones. The batches live in webhook_deliveries, not in the run: a run that dies with its
 * process loses nothing; the scheduler starts another one, which sends the same batches under
 * the same ids.
 */

export type WebhookRunInput = {
  /** The clock of the retry schedule (tests move it by hand). */
  now?: () => number;
};

/** Export connections that push: active, not paused after repeated failures, with an endpoint and a key to sign with. */
const PUSHING = `api_type = 'export' and status = 'active' and webhook_paused_at is null and api_endpoint <> '' and api_key_cipher is not null`;

function pushingConnections(userId: string): string[] {
  return getSqlite().prepare<[string], string>(`select id from api_connections where created_by = ? and ${PUSHING} order by created_at`).pluck().all(userId);
}

export const webhookJobKind: JobKind<typeof webhookJobs, WebhookRunInput> = {
  name: "webhooks",
  table: webhookJobs,
  busyMessage: "Un envoi de webhooks est déjà en cours pour ce compte.",
  stopMessage: () => "Envoi des webhooks arrêté",
  writesInBulk: false,
  view: (row) =>
    buildJobView("webhooks", row, { done: row.delivered, total: row.delivered }, { delivered: row.delivered, failedAttempts: row.failedAttempts }, () => null),
  open(job, { signal, input }) {
    const now = input.now ?? Date.now;
    let delivered = 0;
    return {
      async run() {
        for (const connectionId of pushingConnections(job.userId)) {
          if (signal.aborted) break;
          cutWebhookBatches(connectionId, now());
          const totals = await deliverDueBatches(connectionId, now, signal);
          delivered += totals.delivered;
          writeProgress(webhookJobKind, job.id, { add: { delivered: totals.delivered, failed_attempts: totals.failed } });
        }
        return `${delivered} lot${delivered > 1 ? "s" : ""} livré${delivered > 1 ? "s" : ""}`;
      },
      failure: (error) => ({ message: `Erreur lors de l'envoi des webhooks : ${error.message}`, errors: [] }),
      stopped: () => `Envoi des webhooks arrêté (${delivered} lot${delivered > 1 ? "s" : ""} livré${delivered > 1 ? "s" : ""})`,
    };
  },
};

/** Accounts with push work now: events not yet cut (room permitting), or a connection's next batch due. */
export function accountsWithWebhookWork(now: number): string[] {
  return getSqlite()
    .prepare<[{ now: number; maxPending: number }], string>(
      `select distinct created_by from api_connections c where ${PUSHING}
         and ((c.webhook_seq < (select coalesce(max(seq), 0) from export_events)
               and (select count(*) from webhook_deliveries d where d.connection_id = c.id and d.kind = 'events' and d.status = 'pending') < @maxPending)
              -- Batches go in order: only the oldest pending one can be due.
              or (select d.next_attempt_at from webhook_deliveries d where d.connection_id = c.id and d.kind = 'events' and d.status = 'pending'
                  order by d.created_at, d.first_seq limit 1) <= @now)`,
    )
    .pluck()
    .all({ now, maxPending: WEBHOOKS.maxPendingBatches });
}

/** Creates a push run, unless the account already has one open. */
export function createWebhookRun(userId: string) {
  return createJob(webhookJobKind, userId, (lease) => getDb().insert(webhookJobs).values({ userId, ...lease }).returning().get());
}

/** The scheduler's tick: queues a push run for every account with work and none open. */
export function scheduleWebhookRuns(now = Date.now()): number {
  let started = 0;
  for (const userId of accountsWithWebhookWork(now)) {
    if (hasOpenJob(webhookJobKind, userId)) continue;
    try {
      enqueueJob(webhookJobKind, createWebhookRun(userId), {});
      started += 1;
    } catch (error) {
      if (!(error instanceof JobBusyError)) throw error;
    }
  }
  // Finished runs are only a trace: a day of them is enough.
  getSqlite().prepare(`delete from webhook_jobs where status not in ('pending', 'processing') and finished_at < ?`).run(now - WEBHOOKS.giveUpAfterMs);
  if (started > 0) logEvent("webhook.runs_scheduled", { started });
  return started;
}
