import type Database from "better-sqlite3";
import { RETENTION } from "~/config";
import { getSqlite } from "~/utils/db.server";

/**
 * What the daily retention job deletes (issue 30, docs/decisions/024-bounded-growth.md): one
 * rule per kind of row that grows with use, each deleting at most `limit` rows past its
 * retention per call (the job calls it again, one transaction each, until it deletes fewer).
 * Adding a table is one more entry in `retentionRules()`.
 */
export type RetentionRule = {
  /** The name the logs and the job's counts use. */
  name: string;
  purge(limit: number, now: number): number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const SAFE_NAME = /^[a-z_]+$/;

/** A rule that deletes the rows of one DELETE … LIMIT statement, prepared once per connection. */
function statementRule(name: string, sql: string, params: (now: number) => Record<string, number>): RetentionRule {
  const prepared = new WeakMap<Database.Database, Database.Statement>();
  return {
    name,
    purge(limit, now) {
      const sqlite = getSqlite();
      let statement = prepared.get(sqlite);
      if (!statement) prepared.set(sqlite, (statement = sqlite.prepare(sql)));
      return statement.run({ limit, ...params(now) }).changes;
    },
  };
}

const before = (days: number) => (now: number) => ({ before: now - days * DAY_MS });

/**
 * Every job table: the tables built from `jobColumns()` (docs/decisions/010-job-engine.md) are
 * named `*_jobs` and have its columns, so a new kind's table is covered without a new rule.
 */
function jobTables(): string[] {
  const sqlite = getSqlite();
  const names = sqlite.prepare(`select name from sqlite_master where type = 'table' and name like '%\\_jobs' escape '\\'`).pluck().all() as string[];
  return names.filter((name) => {
    if (!SAFE_NAME.test(name)) return false;
    const columns = new Set((sqlite.pragma(`table_info(${name})`) as Array<{ name: string }>).map((column) => column.name));
    return ["id", "user_id", "status", "created_at", "finished_at"].every((column) => columns.has(column));
  });
}

/**
 * Finished jobs past retention. Each account's latest job of the kind and its latest completed
 * one stay whatever their age: the screens show the latest run, the compliance schedule reads
 * the last completed one (recheck-job.server.ts). Rows of accounts that no longer exist (the
 * account deletions' own rows) have no screen to show them and go like the others.
 */
const finishedJobsRule = (table: string) =>
  statementRule(
    `${table} (terminés)`,
    `delete from ${table} where id in (
       select j.id from ${table} j
        where j.status in ('completed', 'failed', 'cancelled') and j.finished_at < @before
          and (not exists (select 1 from users u where u.id = j.user_id)
               or (j.id is not (select l.id from ${table} l where l.user_id = j.user_id order by l.created_at desc limit 1)
                   and j.id is not (select c.id from ${table} c where c.user_id = j.user_id and c.status = 'completed' order by c.created_at desc limit 1)))
        limit @limit)`,
    before(RETENTION.finishedJobsDays),
  );

/** The rules, in the order the job applies them. */
export function retentionRules(): RetentionRule[] {
  return [
    statementRule(
      "api_usage_logs",
      `delete from api_usage_logs where rowid in (select rowid from api_usage_logs where created_at < @before order by created_at limit @limit)`,
      before(RETENTION.apiUsageLogsDays),
    ),
    ...jobTables().map(finishedJobsRule),
    // Deleted listings take their price changes with them (foreign key): withdrawn ones keep
    // their page, so their history goes only once they have been withdrawn for a while.
    statementRule(
      "price_changes (annonces retirées)",
      `delete from price_changes where id in (
         select c.id from properties p join price_changes c on c.property_id = p.id
          where p.withdrawn_at < @before limit @limit)`,
      before(RETENTION.withdrawnPriceChangesDays),
    ),
    // A prefix of the feed (occurred_at never decreases along seq); the latest event stays, the
    // feed reads its position from it (export-api-feed.server.ts).
    statementRule(
      "export_events",
      `delete from export_events where seq in (
         select seq from export_events
          where occurred_at < @before and seq < (select max(seq) from export_events)
          order by seq limit @limit)`,
      before(RETENTION.exportEventsDays),
    ),
    statementRule(
      "sessions (expirées)",
      `delete from sessions where id in (select id from sessions where expires_at < @now limit @limit)`,
      (now) => ({ now }),
    ),
    statementRule(
      "password_reset_tokens (expirés)",
      `delete from password_reset_tokens where token_hash in (select token_hash from password_reset_tokens where expires_at < @now limit @limit)`,
      (now) => ({ now }),
    ),
    // Batches are stored by reference to export_events (webhook-batches.server.ts): once the
    // feed has dropped their events they can no longer be rebuilt, so the finished ones go too.
    statementRule(
      "webhook_deliveries (terminés)",
      `delete from webhook_deliveries where id in (
         select id from webhook_deliveries where status in ('delivered', 'failed') and created_at < @before limit @limit)`,
      before(RETENTION.webhookDeliveriesDays),
    ),
  ];
}
