import crypto from "node:crypto";
import type Database from "better-sqlite3";
import { WEBHOOKS } from "~/config";
import { decryptSecret } from "~/utils/crypto.server";
import { getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { GuardedRequestError, guardedRequest } from "./ssrf-guard.server";
import { batchBody } from "./webhook-batches.server";
import { webhookHeaders } from "./webhook-signature.server";
import { WEBHOOK_MESSAGES } from "./webhook-texts";

/**
 * Sending webhook deliveries (issue 18): one signed POST per attempt through the connection
 * syncs' SSRF guard (ADR 005), its events read from the log when it is sent (batches are stored
 * by reference, webhook-batches.server.ts). A 2xx delivers the batch and counts its events on
 * the connection's card; anything else (network error, timeout, non-2xx) schedules the next
 * attempt, doubling from WEBHOOKS.firstRetryMs up to WEBHOOKS.maxRetryMs, until
 * WEBHOOKS.giveUpAfterMs after the batch was cut: then the batch is failed and the connection
 * shows "Erreur" with the reason. After WEBHOOKS.pauseAfterFailures failed attempts in a row the
 * connection's webhooks pause (nothing is cut nor sent) until the agency resumes them (issue 23
 * item 5). Every time comes from `now`, so tests drive the schedule with their own clock.
 */

export type DeliveryRow = {
  id: string;
  connectionId: string;
  kind: "events" | "ping";
  firstSeq: number;
  lastSeq: number;
  eventCount: number;
  /** A ping's own JSON; null for a batch of changes (read from the log when sent). */
  events: string | null;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
};

export type PushTarget = { id: string; userId: string; endpoint: string; key: string | null };

export type AttemptOutcome = { ok: true; httpStatus: number; latencyMs: number } | { ok: false; error: string };

/** The wait before attempt n + 1 after n failed attempts. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(WEBHOOKS.firstRetryMs * 2 ** Math.max(0, failedAttempts - 1), WEBHOOKS.maxRetryMs);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The POST body: the batch's events (as the connection's account sees the listings now) and the time of this attempt. */
export function deliveryBody(target: PushTarget, delivery: Pick<DeliveryRow, "firstSeq" | "lastSeq" | "events">, now: number): Buffer {
  const suffix = `,"sent_at":"${iso(now)}"}`;
  if (delivery.events !== null) return Buffer.from(`{"events":${delivery.events}${suffix}`);
  return batchBody(`{"events":`, delivery, target.userId, suffix);
}

/** One POST of a delivery to the endpoint; never throws. */
export async function postDelivery(target: PushTarget, delivery: Pick<DeliveryRow, "id" | "firstSeq" | "lastSeq" | "events">, now: number): Promise<AttemptOutcome> {
  if (target.key === null) return { ok: false, error: WEBHOOK_MESSAGES.noKey };
  const body = deliveryBody(target, delivery, now);
  const started = performance.now();
  try {
    const response = await guardedRequest(target.endpoint, {
      method: "POST",
      body,
      timeoutMs: WEBHOOKS.timeoutMs,
      maxResponseBytes: WEBHOOKS.maxResponseBytes,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "user-agent": "Vigimmo-webhooks/1.0",
        ...webhookHeaders(target.key, delivery.id, Math.floor(now / 1000), body),
      },
    });
    const latencyMs = Math.round(performance.now() - started);
    if (response.status >= 200 && response.status < 300) return { ok: true, httpStatus: response.status, latencyMs };
    return { ok: false, error: WEBHOOK_MESSAGES.httpStatus(response.status) };
  } catch (error) {
    if (error instanceof GuardedRequestError) return { ok: false, error: error.message };
    throw error;
  }
}

type Statements = {
  target: Database.Statement<[string], { id: string; userId: string; endpoint: string; cipher: string | null }>;
  delivered: Database.Statement<[{ id: string; now: number; httpStatus: number; latencyMs: number }]>;
  connectionDelivered: Database.Statement<[{ id: string; now: number; events: number }]>;
  connectionFailed: Database.Statement<[{ id: string; now: number; pauseAfter: number }]>;
  retry: Database.Statement<[{ id: string; error: string; next: number }]>;
  giveUp: Database.Statement<[{ id: string; error: string }]>;
  connectionError: Database.Statement<[{ id: string; message: string }]>;
  due: Database.Statement<[string], DeliveryRow>;
  byId: Database.Statement<[{ id: string; userId: string }], DeliveryRow>;
  prune: Database.Statement<[{ connectionId: string; keep: number }]>;
};

const cache = new WeakMap<Database.Database, Statements>();

const COLUMNS = `d.id, d.connection_id as connectionId, d.kind, d.first_seq as firstSeq, d.last_seq as lastSeq, d.event_count as eventCount, d.events, d.status, d.attempts,
  d.next_attempt_at as nextAttemptAt, d.created_at as createdAt`;

function statements(sqlite = getSqlite()): Statements {
  const existing = cache.get(sqlite);
  if (existing) return existing;
  const s: Statements = {
    target: sqlite.prepare(`select id, created_by as userId, api_endpoint as endpoint, api_key_cipher as cipher from api_connections where id = ?`),
    delivered: sqlite.prepare(
      `update webhook_deliveries set status = 'delivered', attempts = attempts + 1, delivered_at = @now, http_status = @httpStatus,
         latency_ms = @latencyMs, last_error = null where id = @id`,
    ),
    // The card's "Total synchronisé" and "Dernière synchro" of an export connection: events delivered.
    connectionDelivered: sqlite.prepare(
      `update api_connections set total_synced = total_synced + @events, last_sync = @now, webhook_failures = 0 where id = @id`,
    ),
    connectionFailed: sqlite.prepare(
      `update api_connections set webhook_failures = webhook_failures + 1,
         webhook_paused_at = case when webhook_failures + 1 >= @pauseAfter then coalesce(webhook_paused_at, @now) else webhook_paused_at end
       where id = @id`,
    ),
    retry: sqlite.prepare(`update webhook_deliveries set attempts = attempts + 1, last_error = @error, next_attempt_at = @next where id = @id`),
    giveUp: sqlite.prepare(`update webhook_deliveries set status = 'failed', attempts = attempts + 1, last_error = @error where id = @id`),
    connectionError: sqlite.prepare(`update api_connections set status = 'error', status_message = @message where id = @id`),
    // Oldest first: a connection's batches arrive in the order they were cut.
    due: sqlite.prepare(
      `select ${COLUMNS} from webhook_deliveries d where d.connection_id = ? and d.kind = 'events' and d.status = 'pending'
       order by d.created_at, d.first_seq`,
    ),
    byId: sqlite.prepare(
      `select ${COLUMNS} from webhook_deliveries d join api_connections c on c.id = d.connection_id where d.id = @id and c.created_by = @userId`,
    ),
    prune: sqlite.prepare(
      `delete from webhook_deliveries where connection_id = @connectionId and status <> 'pending' and id not in
         (select id from webhook_deliveries where connection_id = @connectionId order by created_at desc limit @keep)`,
    ),
  };
  cache.set(sqlite, s);
  return s;
}

export function pushTarget(connectionId: string): PushTarget | undefined {
  const row = statements().target.get(connectionId);
  if (!row) return undefined;
  return { id: row.id, userId: row.userId, endpoint: row.endpoint, key: row.cipher ? decryptSecret(row.cipher) : null };
}

/** Records an attempt's outcome on the delivery and on its connection (totals, failures in a row, given up). */
export function recordAttempt(delivery: DeliveryRow, outcome: AttemptOutcome, now: number) {
  const s = statements();
  if (outcome.ok) {
    s.delivered.run({ id: delivery.id, now, httpStatus: outcome.httpStatus, latencyMs: outcome.latencyMs });
    if (delivery.kind === "events" && delivery.status !== "delivered") s.connectionDelivered.run({ id: delivery.connectionId, now, events: delivery.eventCount });
    return;
  }
  if (delivery.kind === "ping") {
    s.giveUp.run({ id: delivery.id, error: outcome.error });
    return;
  }
  s.connectionFailed.run({ id: delivery.connectionId, now, pauseAfter: WEBHOOKS.pauseAfterFailures });
  if (now - delivery.createdAt >= WEBHOOKS.giveUpAfterMs) {
    s.giveUp.run({ id: delivery.id, error: outcome.error });
    s.connectionError.run({ id: delivery.connectionId, message: WEBHOOK_MESSAGES.givenUp(outcome.error) });
    logEvent("webhook.given_up", { connectionId: delivery.connectionId, deliveryId: delivery.id, error: outcome.error });
    return;
  }
  s.retry.run({ id: delivery.id, error: outcome.error, next: now + retryDelayMs(delivery.attempts + 1) });
}

/**
 * Sends the connection's due batches in order and stops at the first one that is not due yet or
 * fails (a later batch never overtakes an earlier one). Returns what happened.
 */
export async function deliverDueBatches(connectionId: string, now: () => number, signal?: AbortSignal): Promise<{ delivered: number; failed: number }> {
  const target = pushTarget(connectionId);
  const totals = { delivered: 0, failed: 0 };
  if (!target) return totals;
  const s = statements();
  const rows = s.due.all(connectionId);
  for (const row of rows) {
    if (signal?.aborted) break;
    if (row.nextAttemptAt > now()) break;
    const at = now();
    const outcome = await postDelivery(target, row, at);
    recordAttempt(row, outcome, at);
    if (!outcome.ok) {
      totals.failed += 1;
      break;
    }
    totals.delivered += 1;
  }
  s.prune.run({ connectionId, keep: WEBHOOKS.keptDeliveries });
  return totals;
}

/** One of the user's deliveries (never another user's). */
export function findDelivery(userId: string, deliveryId: string): DeliveryRow | undefined {
  return statements().byId.get({ id: deliveryId, userId });
}

/** "Tester": a signed ping now, recorded with the deliveries. */
export async function sendPing(connectionId: string, now = Date.now()): Promise<AttemptOutcome> {
  const target = pushTarget(connectionId);
  if (!target) return { ok: false, error: WEBHOOK_MESSAGES.notFound };
  const id = crypto.randomUUID();
  const events = `[{"type":"ping","occurred_at":"${iso(now)}"}]`;
  getSqlite()
    .prepare(
      `insert into webhook_deliveries (id, connection_id, kind, event_count, events, status, next_attempt_at, created_at)
       values (?, ?, 'ping', 0, ?, 'pending', ?, ?)`,
    )
    .run(id, connectionId, events, now, now);
  const outcome = await postDelivery(target, { id, firstSeq: 0, lastSeq: 0, events }, now);
  recordAttempt({ id, connectionId, kind: "ping", firstSeq: 0, lastSeq: 0, eventCount: 0, events, status: "pending", attempts: 0, nextAttemptAt: now, createdAt: now }, outcome, now);
  return outcome;
}

/** "Renvoyer": the same batch (same id, same events) once more, now; a failure keeps its retry schedule. */
export async function resendDelivery(delivery: DeliveryRow, now = Date.now()): Promise<AttemptOutcome> {
  const target = pushTarget(delivery.connectionId);
  if (!target) return { ok: false, error: WEBHOOK_MESSAGES.notFound };
  const outcome = await postDelivery(target, delivery, now);
  if (outcome.ok || delivery.status === "pending") recordAttempt(delivery, outcome, now);
  else getSqlite().prepare(`update webhook_deliveries set attempts = attempts + 1, last_error = ? where id = ?`).run(outcome.error, delivery.id);
  return outcome;
}

export type DeliveryView = {
  id: string;
  kind: "events" | "ping";
  at: number;
  events: number;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  latencyMs: number | null;
  lastError: string | null;
  /** When a pending batch that failed is tried again (shown beside its error). */
  nextAttemptAt: number | null;
};

/** A connection's last deliveries, newest first, for its card. */
export function recentDeliveries(connectionIds: string[], perConnection = WEBHOOKS.shownDeliveries): Map<string, DeliveryView[]> {
  const views = new Map<string, DeliveryView[]>();
  if (connectionIds.length === 0) return views;
  const rows = getSqlite()
    .prepare<[string, number], DeliveryView & { connectionId: string }>(
      `select connection_id as connectionId, id, kind, coalesce(delivered_at, created_at) as at, event_count as events, status, attempts,
         latency_ms as latencyMs, last_error as lastError, case when status = 'pending' and attempts > 0 then next_attempt_at end as nextAttemptAt
       from (select *, row_number() over (partition by connection_id order by created_at desc, first_seq desc) as n
             from webhook_deliveries where connection_id in (select value from json_each(?)))
       where n <= ? order by connection_id, n`,
    )
    .all(JSON.stringify(connectionIds), perConnection);
  for (const { connectionId, ...view } of rows) views.set(connectionId, [...(views.get(connectionId) ?? []), view]);
  return views;
}

/**
 * "Reprendre les webhooks" on a paused connection: clears the pause and the failures in a row,
 * and makes its pending batches due now. False when not the user's.
 */
export function resumeWebhooks(userId: string, connectionId: string, now = Date.now()): boolean {
  const sqlite = getSqlite();
  return sqlite.transaction(() => {
    const resumed = sqlite
      .prepare(`update api_connections set webhook_paused_at = null, webhook_failures = 0 where id = ? and created_by = ? and api_type = 'export'`)
      .run(connectionId, userId).changes;
    if (resumed === 0) return false;
    sqlite.prepare(`update webhook_deliveries set next_attempt_at = ? where connection_id = ? and status = 'pending'`).run(now, connectionId);
    return true;
  })();
}
