import type Database from "better-sqlite3";
import { getTableName } from "drizzle-orm";
import type { JobStatus } from "#db/schema";
import { MSG } from "~/messages";
import { getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import type { JobKind } from "./job-kind";
import { WORKER_ID, workerIsAlive } from "./worker-id.server";

/**
 * The one place that changes a job's status, for every kind: claim, progress, complete, fail,
 * stop, cancel, shutdown and the sweep of dead leases. It works on the columns every job table
 * shares (`jobColumns()` in db/schema.ts), so a new kind needs nothing here. Plain SQL on cached
 * statements: progress is written inside the kinds' data transactions, many times a second.
 */

/** Errors kept on a job: enough to explain, bounded so a bad feed cannot bloat the row. */
const MAX_STORED_ERRORS = 200;
const OPEN = `status in ('pending', 'processing')`;
const SAFE_NAME = /^[a-z_]+$/;

type AnyKind = Pick<JobKind, "name" | "table">;
const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** A statement on the kind's table (`$table` in `sql`), prepared once per connection. */
function statement(kind: AnyKind, sql: string): Database.Statement {
  const sqlite = getSqlite();
  let statements = cache.get(sqlite);
  if (!statements) cache.set(sqlite, (statements = new Map()));
  const key = `${kind.name}\u0000${sql}`;
  let prepared = statements.get(key);
  if (!prepared) {
    const table = getTableName(kind.table);
    if (!SAFE_NAME.test(table)) throw new Error(`table de jobs invalide : ${table}`);
    prepared = sqlite.prepare(sql.replaceAll("$table", table));
    statements.set(key, prepared);
  }
  return prepared;
}

export function jobStatus(kind: AnyKind, jobId: string): JobStatus | undefined {
  return (statement(kind, `select status from $table where id = ?`).get(jobId) as { status: JobStatus } | undefined)?.status;
}

export function hasOpenJob(kind: AnyKind, userId: string): boolean {
  return statement(kind, `select 1 from $table where user_id = ? and ${OPEN} limit 1`).get(userId) !== undefined;
}

/** pending → processing, stamped with this worker; false when the job was stopped before it started. */
export function claimJob(kind: AnyKind, jobId: string): boolean {
  const now = Date.now();
  return (
    statement(kind, `update $table set status = 'processing', started_at = @now, heartbeat_at = @now, worker_id = @worker where id = @id and status = 'pending'`).run({
      id: jobId,
      now,
      worker: WORKER_ID,
    }).changes > 0
  );
}

/** Counter changes of a progress write: column → increment, value, or decrement floored at zero. */
export type ProgressChange = { add?: Record<string, number>; set?: Record<string, number>; take?: Record<string, number> };

/**
 * Moves the kind's counters and renews the heartbeat. Called inside the kind's data transaction,
 * so the counters always match the rows.
 */
export function writeProgress(kind: AnyKind, jobId: string, change: ProgressChange) {
  const assignments = ["heartbeat_at = @now"];
  const values: Record<string, unknown> = { id: jobId, now: Date.now() };
  const forms = {
    add: (column: string) => `${column} = ${column} + @add_${column}`,
    set: (column: string) => `${column} = @set_${column}`,
    take: (column: string) => `${column} = max(${column} - @take_${column}, 0)`,
  };
  for (const form of ["add", "set", "take"] as const) {
    for (const [column, value] of Object.entries(change[form] ?? {})) {
      if (!SAFE_NAME.test(column)) throw new Error(`colonne invalide : ${column}`);
      assignments.push(forms[form](column));
      values[`${form}_${column}`] = value;
    }
  }
  statement(kind, `update $table set ${assignments.join(", ")} where id = @id`).run(values);
}

/** Keeps error lines with the job (the first MAX_STORED_ERRORS of them); an import keeps its warnings the same way. */
export function appendJobErrors(kind: AnyKind, jobId: string, messages: string[], column: "errors" | "warnings" = "errors") {
  if (messages.length === 0) return;
  const row = statement(kind, `select ${column} as lines from $table where id = ?`).get(jobId) as { lines: string } | undefined;
  const kept = row ? (JSON.parse(row.lines) as string[]) : [];
  if (kept.length >= MAX_STORED_ERRORS) return;
  const lines = [...kept, ...messages].slice(0, MAX_STORED_ERRORS);
  statement(kind, `update $table set ${column} = ? where id = ?`).run(JSON.stringify(lines), jobId);
}

export function completeJob(kind: AnyKind, jobId: string, message: string): boolean {
  return (
    statement(kind, `update $table set status = 'completed', finished_at = ?, message = ? where id = ? and status = 'processing'`).run(Date.now(), message, jobId)
      .changes > 0
  );
}

export function failJob(kind: AnyKind, jobId: string, message: string, errors: string[]) {
  appendJobErrors(kind, jobId, errors);
  statement(kind, `update $table set status = 'failed', finished_at = ?, message = ? where id = ? and ${OPEN}`).run(Date.now(), message, jobId);
  logEvent("job.failed", { kind: kind.name, jobId, error: message });
}

/**
 * The end of a stopped job (Stop, shutdown): cancelled, with the message of what was actually
 * done, except after a shutdown, whose message stays (users must not read a Stop they never
 * clicked).
 */
export function recordStop(kind: AnyKind, jobId: string, message: string) {
  const now = Date.now();
  statement(kind, `update $table set status = 'cancelled', finished_at = ? where id = ? and ${OPEN}`).run(now, jobId);
  statement(
    kind,
    `update $table set finished_at = coalesce(finished_at, @now), message = case when message = @shutdown then message else @message end
      where id = @id and status = 'cancelled'`,
  ).run({ id: jobId, now, message, shutdown: MSG.jobStoppedByShutdown });
}

/** Stop asked by the job's owner; false when the job is not theirs or already over. */
export function cancelOwnJob(kind: AnyKind, userId: string, jobId: string, message: string): boolean {
  return (
    statement(kind, `update $table set status = 'cancelled', finished_at = ?, message = ? where id = ? and user_id = ? and ${OPEN}`).run(
      Date.now(),
      message,
      jobId,
      userId,
    ).changes > 0
  );
}

/**
 * Shutdown: the message is written first, so the runner (which only closes jobs still open)
 * keeps it; the batch in flight then ends, unwritten or whole, inside its own transaction.
 */
export function stopForShutdown(kind: AnyKind, jobId: string) {
  statement(kind, `update $table set status = 'cancelled', message = ?, finished_at = ? where id = ? and ${OPEN}`).run(
    MSG.jobStoppedByShutdown,
    Date.now(),
    jobId,
  );
}

/** Renews a held job's lease; answers its status so the holder can stop a job cancelled elsewhere. */
export function renewLease(kind: AnyKind, jobId: string): JobStatus | undefined {
  statement(kind, `update $table set heartbeat_at = ?, worker_id = ? where id = ? and ${OPEN}`).run(Date.now(), WORKER_ID, jobId);
  return jobStatus(kind, jobId);
}

/** Fails the open jobs of this kind whose worker is gone (crash, kill -9, restart). Returns how many. */
export function failDeadJobs(kind: AnyKind, now = Date.now()): number {
  const open = statement(kind, `select id, worker_id as workerId, heartbeat_at as heartbeatAt from $table where ${OPEN} and worker_id != ?`).all(
    WORKER_ID,
  ) as Array<{ id: string; workerId: string | null; heartbeatAt: number | null }>;
  let failed = 0;
  for (const job of open) {
    if (workerIsAlive(job.workerId, job.heartbeatAt, now)) continue;
    const result = statement(kind, `update $table set status = 'failed', message = ?, finished_at = ? where id = ? and ${OPEN}`).run(
      MSG.jobInterrupted,
      now,
      job.id,
    );
    if (result.changes === 0) continue;
    failed += 1;
    logEvent("job.failed_dead_worker", { kind: kind.name, jobId: job.id, workerId: job.workerId });
  }
  return failed;
}
