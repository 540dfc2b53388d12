// npm run bench:feed: what the change log of issue 18 costs and what cursors save, in this
// process, over LISTINGS listings in a temporary database:
// - listing writes per second through the export triggers, with the triggers of migration 0016
//   (document stamped with updated_at, export_events appended) and, on a second database, with
//   the triggers of migration 0010 recreated (the baseline): activations, price edits, and writes
//   of a column the export does not carry (no event, no new bytes);
// - a page of 50 by cursor (keyset) against SQL OFFSET at the start, middle and end of the export;
// - a change-feed page of 500 at the start and at the end of the log.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { seedUserListings, withBenchDatabase } from "./bench-database";

const LISTINGS = 50_000;
const CHUNK = 1_000;
const PAGE = 50;
const RUNS = 200;

type Sqlite = import("better-sqlite3").Database;

/** The CREATE TRIGGER statements of migration 0010: the export triggers before issue 18. */
function baselineTriggers(): string[] {
  const sql = fs.readFileSync(path.join("drizzle", "0010_listing_withdrawal_compliance.sql"), "utf8");
  return sql
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => statement.startsWith("CREATE TRIGGER"));
}

function useBaselineTriggers(sqlite: Sqlite) {
  const names = sqlite.prepare<[], string>(`select name from sqlite_master where type = 'trigger' and tbl_name in ('properties', 'property_owners', 'export_documents')`).pluck().all();
  for (const name of names) sqlite.exec(`drop trigger "${name}"`);
  for (const statement of baselineTriggers()) sqlite.exec(statement);
}

/** Rows per second of `update` over every listing id, CHUNK ids per transaction. */
function writesPerSecond(sqlite: Sqlite, ids: number[], set: string): number {
  // Each pass starts from an empty WAL: the previous pass's checkpoint is not charged to it.
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  const update = sqlite.prepare(`update properties set ${set} where id in (select value from json_each(?))`);
  const started = performance.now();
  for (let i = 0; i < ids.length; i += CHUNK) update.run(JSON.stringify(ids.slice(i, i + CHUNK)));
  return ids.length / ((performance.now() - started) / 1000);
}

function medianMs(fn: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function writeFigures(baseline: boolean) {
  return withBenchDatabase(baseline ? "feed-0010" : "feed-0016", async () => {
    const { getSqlite } = await import("~/utils/db.server");
    const userId = await seedUserListings({ email: "bench-feed@example.fr", password: "bench-feed", fullName: "Banc Flux" }, LISTINGS, 11);
    const sqlite = getSqlite();
    sqlite.prepare("update properties set status = 'pending', withdrawn_at = null").run();
    if (baseline) useBaselineTriggers(sqlite);
    const ids = sqlite.prepare<[string], number>("select id from properties where created_by = ? order by id").pluck().all(userId);
    const figures = {
      activations: writesPerSecond(sqlite, ids, "status = 'active'"),
      edits: writesPerSecond(sqlite, ids, "price = coalesce(price, 0) + 1"),
      unexported: writesPerSecond(sqlite, ids, "ai_flag_reason = 'banc'"),
      pages: null as null | Record<string, number>,
    };
    if (!baseline) {
      const { readListingsAfter } = await import("~/services/export/export-api-listings.server");
      const { readChangesPage } = await import("~/services/export/export-api-feed.server");
      const order = sqlite.prepare<[], { createdAt: number; id: number }>("select created_at as createdAt, property_id as id from export_documents order by created_at desc, property_id desc").all();
      const offsetPage = sqlite.prepare<[number], Buffer>(`select coalesce(public_doc, doc) from export_documents order by created_at desc, property_id desc limit ${PAGE} offset ?`).pluck();
      const lastSeq = sqlite.prepare<[], number>("select max(seq) from export_events").pluck().get()!;
      const pages: Record<string, number> = {};
      for (const [label, depth] of [["début", 0], ["milieu", Math.floor(order.length / 2)], ["fin", order.length - PAGE - 1]] as const) {
        pages[`curseur ${label}`] = medianMs(() => readListingsAfter(order[depth]!, PAGE, "autre-compte", sqlite));
        pages[`OFFSET ${label}`] = medianMs(() => offsetPage.all(depth + 1));
      }
      pages["flux 500, début du journal"] = medianMs(() => readChangesPage(0, 500, "autre-compte", sqlite));
      pages["flux 500, fin du journal"] = medianMs(() => readChangesPage(lastSeq - 600, 500, "autre-compte", sqlite));
      figures.pages = pages;
    }
    return figures;
  });
}

const current = await writeFigures(false);
const baseline = await writeFigures(true);
const perSecond = (value: number) => Math.round(value).toLocaleString("fr-FR");
console.table([
  { Écriture: "validation (→ active)", "0016 /s": perSecond(current.activations), "0010 /s": perSecond(baseline.activations), Ratio: (current.activations / baseline.activations).toFixed(2) },
  { Écriture: "prix modifié", "0016 /s": perSecond(current.edits), "0010 /s": perSecond(baseline.edits), Ratio: (current.edits / baseline.edits).toFixed(2) },
  { Écriture: "colonne non exportée", "0016 /s": perSecond(current.unexported), "0010 /s": perSecond(baseline.unexported), Ratio: (current.unexported / baseline.unexported).toFixed(2) },
]);
console.table(Object.entries(current.pages!).map(([page, ms]) => ({ Page: page, "médiane ms": ms.toFixed(3) })));
