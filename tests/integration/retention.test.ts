import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RETENTION } from "~/config";
import { resetExportApiGuards } from "~/services/export/export-api.server";
import { EXPORT_API_ERRORS, type ExportChangesResponse } from "~/services/export/export-api-contract";
import { runRetention } from "~/services/platform/retention-jobs.server";
import { getSqlite } from "~/utils/db.server";
import { formatNumber } from "~/utils/format";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { exportCall } from "../setup/chart-factories";
import { callExportApi, makeActiveListings, makeExportKey } from "../setup/export-factories";
import { makeConnection } from "../setup/connections-factories";
import { makeUser } from "../setup/factories";

/**
 * Issue 30, bounded growth: one daily job applies every retention rule of
 * retention-rules.server.ts, with its counts on the job row and in the logs; the export change
 * feed keeps RETENTION.exportEventsDays and an older position answers 410 `resync_required`.
 */

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.now();
const ago = (days: number) => NOW - days * DAY;
const sql = () => getSqlite();

beforeEach(() => {
  resetRateLimits();
  resetExportApiGuards();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function finishedJob(userId: string, status: "completed" | "failed", daysAgo: number): string {
  const id = crypto.randomUUID();
  sql()
    .prepare("insert into owner_purge_jobs (id, user_id, status, created_at, finished_at) values (?, ?, ?, ?, ?)")
    .run(id, userId, status, ago(daysAgo) - 60_000, ago(daysAgo));
  return id;
}

function session(userId: string, expiresAt: number): string {
  const id = crypto.randomUUID();
  sql().prepare("insert into sessions (id, user_id, expires_at) values (?, ?, ?)").run(id, userId, expiresAt);
  return id;
}

function resetToken(userId: string, expiresAt: number): string {
  const hash = crypto.randomUUID();
  sql().prepare("insert into password_reset_tokens (token_hash, user_id, expires_at) values (?, ?, ?)").run(hash, userId, expiresAt);
  return hash;
}

function priceChanges(listingId: number, userId: string, n: number) {
  const insert = sql().prepare("insert into price_changes (property_id, user_id, changed_at, old_price, new_price) values (?, ?, ?, 200000, 190000)");
  for (let i = 0; i < n; i++) insert.run(listingId, userId, ago(200 + i));
}

const exists = (table: string, column: string, value: unknown) => sql().prepare(`select count(*) from ${table} where ${column} = ?`).pluck().get(value) === 1;

describe("tâche de rétention", () => {
  it("efface ce qui dépasse chaque durée, garde le reste, compte par règle sur la tâche et dans les journaux", async () => {
    const user = await makeUser({ admin: true });
    const other = await makeUser();

    // 2 500 calls past 400 days (three chunks of RETENTION.chunk), one recent.
    const insertCall = sql().prepare("insert into api_usage_logs (id, user_id, properties_count, offset_requested, created_at) values (?, ?, 10, 0, ?)");
    sql().transaction(() => {
      for (let i = 0; i < 2500; i++) insertCall.run(crypto.randomUUID(), user.id, ago(RETENTION.apiUsageLogsDays + 1 + (i % 50)));
    })();
    exportCall(user.id, null, 10, new Date(ago(10)).toISOString());

    const oldestCompleted = finishedJob(user.id, "completed", 200);
    const latestCompleted = finishedJob(user.id, "completed", 150);
    const oldFailed = finishedJob(user.id, "failed", 120);
    const latest = finishedJob(user.id, "failed", 10);
    const othersOnlyJob = finishedJob(other.id, "completed", 300);
    // The row of an old account deletion: its account is gone, nothing shows it any more.
    sql()
      .prepare("insert into account_deletion_jobs (id, user_id, status, created_at, finished_at) values (?, ?, 'completed', ?, ?)")
      .run("suppression-ancienne", crypto.randomUUID(), ago(100), ago(100));

    const [withdrawnLong, withdrawnRecently, listed] = makeActiveListings(user.id, 3);
    sql().prepare("update properties set withdrawn_at = ? where id = ?").run(ago(RETENTION.withdrawnPriceChangesDays + 1), withdrawnLong);
    sql().prepare("update properties set withdrawn_at = ? where id = ?").run(ago(5), withdrawnRecently);
    priceChanges(withdrawnLong!, user.id, 2);
    priceChanges(withdrawnRecently!, user.id, 1);
    priceChanges(listed!, user.id, 1);

    const expired = session(other.id, NOW - 1000);
    const valid = session(other.id, NOW + DAY);
    const expiredLink = resetToken(other.id, NOW - 1000);
    const validLink = resetToken(other.id, NOW + 3600_000);

    const lines: string[] = [];
    vi.stubEnv("VIGIMMO_SILENT_LOGS", "false");
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const job = await runRetention(NOW);
    vi.unstubAllEnvs();

    expect(job?.status).toBe("completed");
    expect(job?.counts).toMatchObject({
      api_usage_logs: 2500,
      "owner_purge_jobs (terminés)": 2,
      "account_deletion_jobs (terminés)": 1,
      "price_changes (annonces retirées)": 2,
      "sessions (expirées)": 1,
      "password_reset_tokens (expirés)": 1,
    });
    expect(job?.deleted).toBe(Object.values(job!.counts).reduce((sum, n) => sum + n, 0));
    expect(job?.rulesDone).toBe(job?.rules);
    expect(job?.message).toBe(`Rétention appliquée : ${formatNumber(job!.deleted)} lignes effacées`);

    expect(sql().prepare("select count(*) from api_usage_logs").pluck().get()).toBe(1);
    expect([oldestCompleted, latestCompleted, oldFailed, latest, othersOnlyJob].map((id) => exists("owner_purge_jobs", "id", id))).toEqual([false, true, false, true, true]);
    expect(sql().prepare("select property_id, count(*) from price_changes group by property_id order by property_id").raw().all()).toEqual([
      [withdrawnRecently, 1],
      [listed, 1],
    ]);
    expect([expired, valid].map((id) => exists("sessions", "id", id))).toEqual([false, true]);
    expect([expiredLink, validLink].map((hash) => exists("password_reset_tokens", "token_hash", hash))).toEqual([false, true]);

    const logged = lines.map((line) => JSON.parse(line) as { event: string; rule?: string; deleted?: number });
    expect(logged).toContainEqual(expect.objectContaining({ event: "retention.rule", rule: "api_usage_logs", deleted: 2500 }));
    expect(logged).toContainEqual(expect.objectContaining({ event: "retention.rule", rule: "sessions (expirées)", deleted: 1 }));
    expect(logged).toContainEqual(expect.objectContaining({ event: "retention.done", deleted: job!.deleted }));

    // A second pass finds nothing more.
    expect((await runRetention(NOW))?.deleted).toBe(0);
  });
});

describe("tâche de rétention : lots de webhooks", () => {
  it("efface les lots livrés ou abandonnés plus vieux que la fenêtre du flux, jamais un lot en attente", async () => {
    const user = await makeUser();
    const connection = makeConnection(user.id, { apiType: "export", apiKey: null });
    const insert = sql().prepare(
      "insert into webhook_deliveries (id, connection_id, kind, status, created_at) values (?, ?, 'events', ?, ?)",
    );
    const batch = (status: string, daysAgo: number) => {
      const id = crypto.randomUUID();
      insert.run(id, connection.id, status, ago(daysAgo));
      return id;
    };
    const oldDelivered = batch("delivered", RETENTION.webhookDeliveriesDays + 1);
    const oldFailed = batch("failed", RETENTION.webhookDeliveriesDays + 1);
    const oldPending = batch("pending", RETENTION.webhookDeliveriesDays + 1);
    const recentDelivered = batch("delivered", 2);

    const job = await runRetention(NOW);

    expect(job?.counts["webhook_deliveries (terminés)"]).toBe(2);
    expect([oldDelivered, oldFailed, oldPending, recentDelivered].map((id) => exists("webhook_deliveries", "id", id))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});

describe("API d'export : fenêtre du flux de changements", () => {
  it("une position plus ancienne que les changements conservés répond 410 resync_required ; 1970 reconstruit la copie", async () => {
    const user = await makeUser();
    const { apiKey } = makeExportKey(user.id);
    const ids = makeActiveListings(user.id, 4);
    const call = (body: Record<string, unknown>) => callExportApi({ apiKey, ...body });

    // A client synchronised now, then changes: one listing leaves the export, one more comes.
    const synced = (await call({ updatedSince: new Date().toISOString() })).json as ExportChangesResponse;
    sql().prepare("update properties set status = 'rejected' where id = ?").run(ids[0]);
    const [added] = makeActiveListings(user.id, 1);
    // Every change but the last is older than the window, and the retention job runs.
    const last = sql().prepare("select max(seq) from export_events").pluck().get() as number;
    sql().prepare("update export_events set occurred_at = ? where seq < ?").run(ago(RETENTION.exportEventsDays + 5), last);
    const purged = await runRetention(NOW);
    expect(purged?.counts["export_events"]).toBe(last - 1);

    const expired = { success: false, error: EXPORT_API_ERRORS.resyncRequired, resync_required: true };
    const stale = await call({ cursor: synced.sync_cursor });
    expect({ status: stale.status, json: stale.json }).toEqual({ status: 410, json: expired });
    const oldInstant = await call({ updatedSince: new Date(ago(RETENTION.exportEventsDays + 2)).toISOString() });
    expect({ status: oldInstant.status, json: oldInstant.json }).toEqual({ status: 410, json: expired });
    expect(EXPORT_API_ERRORS.resyncRequired).toMatch(/^Position trop ancienne : les changements de plus de 30 jours ne sont plus conservés/);

    // The full resynchronisation the message asks for: from 1970, every listing, then a working cursor.
    const rebuilt = await call({ updatedSince: "1970-01-01T00:00:00Z" });
    expect(rebuilt.status).toBe(200);
    const ids1970 = (rebuilt.json as ExportChangesResponse).properties.map((listing) => listing.id);
    expect(ids1970).toEqual(expect.arrayContaining([...ids.slice(1), added!]));
    expect(ids1970).not.toContain(ids[0]);
    const next = await call({ cursor: (rebuilt.json as ExportChangesResponse).sync_cursor });
    expect(next.status).toBe(200);
    // A position inside the window still works.
    expect((await call({ updatedSince: new Date(ago(1)).toISOString() })).status).toBe(200);
  });
});
