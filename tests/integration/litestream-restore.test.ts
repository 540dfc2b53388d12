import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import type { ExportResponse } from "~/services/export/export-api-contract";
import { resetExportApiGuards } from "~/services/export/export-api.server";
import { startMoteurImmoImport } from "~/services/imports/moteurimmo-import.server";
import { jobQueue } from "~/services/jobs/queue.server";
import { decideListing } from "~/services/moderation/review.server";
import { closeDb, getSqlite } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { engineVerdict } from "../setup/chart-factories";
import { callExportApi, makeActiveListings, makeExportKey } from "../setup/export-factories";
import { makeUser } from "../setup/factories";
import { killReplication, restoreReplica, startReplication, writeLitestreamConfig, type Replication } from "../setup/litestream";

/**
 * Issue 30, "Backups, proved with the real tool": Litestream (the binary of @flydotio/litestream)
 * replicates the app's database to a file replica while the app writes, including an import
 * through the job engine; the replicator is killed; the replica is restored into a new folder;
 * the app is started on the restored file and finds every listing, decision and key committed
 * before the last write seen in the replica. The replication lag (a write's commit to its
 * presence in a restore) is printed.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vigimmo-litestream-"));
let replication: Replication | undefined;

afterAll(async () => {
  if (replication) await killReplication(replication);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Restores the replica as it is now into a fresh file and opens it read-only. */
async function restoreNow(config: string, live: string, name: string) {
  const output = path.join(dir, "restores", name, "vigimmo.db");
  fs.mkdirSync(path.dirname(output), { recursive: true });
  await restoreReplica(config, live, output);
  return output;
}

/** Commits a marker key, then restores until the replica holds it: the lag of that write. */
async function markerLag(config: string, live: string, userId: string, index: number) {
  const marker = makeExportKey(userId, `Témoin ${index}`);
  const committed = performance.now();
  for (let attempt = 0; ; attempt++) {
    const file = await restoreNow(config, live, `marker-${index}-${attempt}`);
    const found = new Database(file, { readonly: true }).prepare("select 1 from export_api_keys where id = ?").get(marker.id) !== undefined;
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    if (found) return { marker, lagMs: performance.now() - committed };
    if (performance.now() - committed > 15_000) throw new Error(`témoin ${index} absent de la réplique après 15 s : ${replication?.log()}`);
  }
}

it(
  "litestream réplique pendant les écritures et un import ; après l'arrêt brutal, la base restaurée a tout ce qui était validé",
  async () => {
    const live = getSqlite().name;
    const { config, replica } = writeLitestreamConfig(dir, live);
    replication = await startReplication(config, replica);

    // Writes through the app while it replicates: listings, moderation decisions, keys...
    const user = await makeUser({ admin: true });
    const listings = makeActiveListings(user.id, 120);
    engineVerdict(listings.slice(0, 40), new Date().toISOString(), true);
    listings.slice(0, 40).forEach((id, index) => decideListing({ id: user.id, isAdmin: true }, id, index % 2 ? "active" : "rejected"));
    const keys = [makeExportKey(user.id, "Portail A"), makeExportKey(user.id, "Portail B")];

    // ...and an import (demo feed, the job engine's path), with the lag of writes made meanwhile.
    startMoteurImmoImport(user.id, { pages: 3, perPage: 1000 });
    const lags: number[] = [];
    for (let index = 0; jobQueue().pending + jobQueue().size > 0 || index < 2; index++) {
      const { marker, lagMs } = await markerLag(config, live, user.id, index);
      keys.push(marker);
      lags.push(lagMs);
    }
    await jobQueue().onIdle();
    const last = await markerLag(config, live, user.id, lags.length);
    keys.push(last.marker);
    lags.push(last.lagMs);

    // Everything committed before the last marker seen in the replica.
    const sqlite = getSqlite();
    const expected = {
      listings: sqlite.prepare("select id, status, title, price from properties order by id").raw().all(),
      decisions: sqlite.prepare("select listing_id, user_id, decision, decided_at from moderation_decisions order by listing_id, decided_at").raw().all(),
      keys: sqlite.prepare("select id, key_hash, status from export_api_keys order by id").raw().all(),
      exported: sqlite.prepare("select count(*) from export_documents").pluck().get(),
    };
    // The demo feed skips a few of its 3 000 ads (duplicates, filtered ones): most of them were imported.
    expect(expected.listings.length).toBeGreaterThan(listings.length + 2000);
    expect(expected.decisions).toHaveLength(40);

    // The replicator dies (SIGKILL: no last sync), the app's machine with it.
    await killReplication(replication);
    closeDb();

    // Restore into a new folder, start the app on it.
    const restored = path.join(dir, "restauree", "vigimmo.db");
    fs.mkdirSync(path.dirname(restored));
    await restoreReplica(config, live, restored);
    process.env.DATABASE_PATH = restored;
    const reopened = getSqlite();
    expect(reopened.name).toBe(restored);
    expect(reopened.pragma("integrity_check", { simple: true })).toBe("ok");
    expect({
      listings: reopened.prepare("select id, status, title, price from properties order by id").raw().all(),
      decisions: reopened.prepare("select listing_id, user_id, decision, decided_at from moderation_decisions order by listing_id, decided_at").raw().all(),
      keys: reopened.prepare("select id, key_hash, status from export_api_keys order by id").raw().all(),
      exported: reopened.prepare("select count(*) from export_documents").pluck().get(),
    }).toEqual(expected);
    // Every key still opens the export on the restored base.
    resetRateLimits();
    resetExportApiGuards();
    for (const key of keys) {
      const answer = await callExportApi({ apiKey: key.apiKey, limit: 1 });
      expect(answer.status, key.id).toBe(200);
      expect((answer.json as ExportResponse).total).toBe(expected.exported);
    }

    const sorted = [...lags].sort((a, b) => a - b);
    console.info(
      `Litestream : retard de réplication pendant l'import (${lags.length} écritures témoins, restauration comprise) : médiane ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
    );
  },
  90_000,
);
