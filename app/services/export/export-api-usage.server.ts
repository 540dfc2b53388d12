import type Database from "better-sqlite3";
import { timeOrderedUuid } from "~/utils/crypto.server";
import { getSqlite } from "~/utils/db.server";
import { isPrimaryInstance } from "~/utils/litefs.server";
import { logEvent } from "~/utils/log.server";

/**
 * The usage log of the export API: one api_usage_logs row per successful call, the key's
 * last_used_at and the owner's export statistics.
 *
 * Calls are written in groups, one transaction every USAGE_FLUSH_MS (or every USAGE_FLUSH_MAX
 * calls): a commit per call made SQLite checkpoint the WAL every few hundred calls, and each
 * checkpoint (with its fsync) froze the event loop for 5 to 50 ms under load. A row is written
 * at most 25 ms after its call and keeps the call's own time. Row ids are time-ordered: with
 * random ones each row of a group dirtied its own page of the id index (≈ 2 WAL pages a row).
 */
export const USAGE_FLUSH_MS = 25;
const USAGE_FLUSH_MAX = 500;

export type ExportCall = {
  keyId: string;
  userId: string;
  count: number;
  limit: number | null;
  offset: number;
  at: number;
};

type Writer = (calls: ExportCall[]) => void;
const writers = new WeakMap<Database.Database, Writer>();

function writer(sqlite: Database.Database): Writer {
  const existing = writers.get(sqlite);
  if (existing) return existing;
  // A key deleted (or an owner removed) while its call waited keeps the log row consistent:
  // the row loses its key like older rows do, and an owner's rows go with the owner.
  const insertLog = sqlite.prepare(
    `insert into api_usage_logs (id, api_key_id, user_id, properties_count, limit_requested, offset_requested, created_at)
     select @id, (select id from export_api_keys where id = @keyId), @userId, @count, @limit, @offset, @at
      where exists (select 1 from users where id = @userId)`,
  );
  const stampKey = sqlite.prepare(`update export_api_keys set last_used_at = max(coalesce(last_used_at, 0), @at) where id = @keyId`);
  const addExports = sqlite.prepare(
    `insert into user_statistics (user_id, properties_exported, last_export_date)
     select @userId, @count, @at where exists (select 1 from users where id = @userId)
     on conflict(user_id) do update set properties_exported = properties_exported + excluded.properties_exported,
       last_export_date = max(coalesce(last_export_date, 0), excluded.last_export_date)`,
  );
  const write = sqlite.transaction((calls: ExportCall[]) => {
    const lastUse = new Map<string, number>();
    const exported = new Map<string, { count: number; at: number }>();
    for (const call of calls) {
      insertLog.run({ id: timeOrderedUuid(call.at), ...call });
      lastUse.set(call.keyId, Math.max(lastUse.get(call.keyId) ?? 0, call.at));
      const sum = exported.get(call.userId) ?? { count: 0, at: 0 };
      exported.set(call.userId, { count: sum.count + call.count, at: Math.max(sum.at, call.at) });
    }
    for (const [keyId, at] of lastUse) stampKey.run({ keyId, at });
    for (const [userId, { count, at }] of exported) addExports.run({ userId, count, at });
  });
  const immediate: Writer = (calls) => write.immediate(calls);
  writers.set(sqlite, immediate);
  return immediate;
}

let pending: ExportCall[] = [];
let timer: NodeJS.Timeout | null = null;

export function recordExportCall(call: ExportCall) {
  pending.push(call);
  if (pending.length >= USAGE_FLUSH_MAX) flushExportUsage();
  else if (!timer) {
    timer = setTimeout(flushExportUsage, USAGE_FLUSH_MS);
    timer.unref();
  }
}

/** Writes the waiting calls now (the timer, tests, shutdown). */
export function flushExportUsage() {
  if (timer) clearTimeout(timer);
  timer = null;
  if (pending.length === 0) return;
  const calls = pending;
  pending = [];
  // A LiteFS replica cannot write them; sending them to the primary is not built yet (ADR 029),
  // and litefs.yml sends the export API to the primary meanwhile.
  if (!isPrimaryInstance()) {
    logEvent("export_api.usage_not_recorded", { calls: calls.length, reason: "replica" });
    return;
  }
  try {
    writer(getSqlite())(calls);
  } catch (error) {
    // A locked database (a CLI holding the write lock past busy_timeout): try once more later.
    logEvent("export_api.usage_write_failed", { calls: calls.length, error: (error as Error).message });
    if (!calls.some((call) => call.at < Date.now() - 60_000)) {
      pending = calls.concat(pending);
      timer ??= setTimeout(flushExportUsage, 1000);
      timer.unref();
    }
  }
}
