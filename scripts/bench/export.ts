// npm run bench:export: the public export API of the BUILT app (server.ts) in a temporary
// database, in the case customers meet (issue 18): 48 keys of 6 accounts, 32 connections, pages
// of 50 at offsets from 100 to 2 550, over 7 000 active listings of the demo feed (≈ 1.8 KB each,
// descriptions of ≈ 850 characters), usage log and rate limits on; next to it, in the same run,
// a bare node:http server answering the same bytes: the throughput ceiling of this machine.
// Then 100 000 listings are made active for a full export without limit (first byte, total
// time, server RSS growth from /proc/<pid>/status).
import type Database from "better-sqlite3";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { startServer, type ServerProcess } from "../../testing/server-process";
import { seedUserListings, withBenchDatabase } from "./bench-database";
import { API_PATH, offsetPages, runLoad, startCeiling, type BodyGenerator, type Load } from "./export-load";
import type { BenchRow } from "./types";

const LISTINGS = 100_000;
const ACTIVE_FOR_PAGES = 7_000;
const PAGE = 50;
const OFFSETS = { from: 100, to: 2_550 };
const CONNECTIONS = 32;
const DURATION_S = 10;
const WARMUP_S = 2;
const ACCOUNTS = 6;
// 48 keys measured, 48 others for the warm-up: a measured key starts its per-key window (600
// calls a minute) with the measure. Under 2 880 answers/s none is refused; 429s are counted apart.
const KEYS_PER_ACCOUNT = 16;
const SESSION_SECRET = "bench-export-secret-0123456789abcdef";
const TARGETS = { p99Ms: 50, ceilingRatio: 0.5, firstByteMs: 200, rssMb: 150 };

/**
 * Seeds the bench database in this process (SESSION_SECRET set: the keys are encrypted with it),
 * then closes it before the server opens it. The listings belong to the first account; the
 * other accounts' keys see them without their owner, as most customers do.
 */
async function prepareDatabase() {
  const { closeDb, getSqlite } = await import("~/utils/db.server");
  const { createUser } = await import("~/services/users/users.server");
  const { createExportKey } = await import("~/services/keys/export-keys.server");
  const started = performance.now();
  const ownerId = await seedUserListings({ email: "bench-export@example.fr", password: "bench-export", fullName: "Banc Export" }, LISTINGS, 7);
  setActiveListings(getSqlite(), ACTIVE_FOR_PAGES);
  const accounts = [ownerId];
  for (let i = 1; i < ACCOUNTS; i++) {
    accounts.push(await createUser({ email: `bench-client-${i}@example.fr`, password: "bench-export", fullName: `Client ${i}` }));
  }
  const keys = accounts.flatMap((userId, account) =>
    Array.from({ length: KEYS_PER_ACCOUNT }, (_, i) => createExportKey(userId, { name: `Client ${account + 1}.${i + 1}` }).apiKey),
  );
  const exportKey = createExportKey(ownerId, { name: "Export complet" }).apiKey;
  getSqlite().pragma("wal_checkpoint(TRUNCATE)");
  closeDb();
  console.error(`Base amorcée : ${LISTINGS.toLocaleString("fr-FR")} annonces en ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Interleaved, so that both halves hold keys of every account.
  return { pageKeys: keys.filter((_, i) => i % 2 === 0), warmupKeys: keys.filter((_, i) => i % 2 === 1), exportKey };
}

/** The first `count` listings become active, the others wait for moderation (`pending`). */
function setActiveListings(sqlite: Database.Database, count: number) {
  sqlite
    .prepare(`update properties set status = case when id in (select id from properties order by id limit ?) then 'active' else 'pending' end`)
    .run(count);
}

function post(base: string, body: unknown): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${API_PATH}`, { method: "POST", headers: { "content-type": "application/json" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end(JSON.stringify(body));
  });
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Waits until a one-listing call answers quickly again (at most 5 s). */
async function settle(base: string, apiKey: string) {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await post(base, { apiKey, limit: 1 });
    if (performance.now() - started < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One export without limit: time to the first body byte, total time, bytes, peak RSS growth. */
function fullExport(base: string, apiKey: string, pid: number) {
  return new Promise<{ firstByteMs: number; totalMs: number; bytes: number; rssGrowthMb: number; count: number; tail: string }>((resolve, reject) => {
    const baseline = rssKb(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKb(pid));
    }, 10);
    const started = performance.now();
    let firstByteMs = -1;
    let bytes = 0;
    let head = "";
    let tail = "";
    const request = http.request(`${base}${API_PATH}`, { method: "POST", headers: { "content-type": "application/json" } }, (response) => {
      response.on("data", (chunk: Buffer) => {
        if (firstByteMs < 0) firstByteMs = performance.now() - started;
        if (head.length < 200) head += chunk.toString("utf8", 0, Math.min(chunk.length, 200));
        tail = (tail + chunk.toString("utf8", Math.max(0, chunk.length - 200))).slice(-200);
        bytes += chunk.length;
      });
      response.on("end", () => {
        clearInterval(sampler);
        peak = Math.max(peak, rssKb(pid));
        const count = Number(/"count":(\d+)/.exec(head)?.[1] ?? -1);
        resolve({ firstByteMs, totalMs: performance.now() - started, bytes, rssGrowthMb: (peak - baseline) / 1024, count, tail });
      });
    });
    request.on("error", (error) => {
      clearInterval(sampler);
      reject(error);
    });
    request.end(JSON.stringify({ apiKey }));
  });
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const loadLine = (name: string, load: Load) =>
  `${name} : ${load.rps.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.cpuUsPerRequest.toFixed(0)} µs de CPU serveur par requête, ${load.total} requêtes, ${load.tooMany} × 429, ${load.failures} autres hors 2xx, ${load.errors} erreurs`;

export async function runExportBench(): Promise<BenchRow[]> {
  const buildDir = process.env.VIGIMMO_BUILD_DIR ?? "build";
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
    throw new Error(`Application non construite dans « ${buildDir} » : lancez npm run build (ou VIGIMMO_BUILD_DIR=...)`);
  }
  return withBenchDatabase("export", ({ file }) => measureExport(file, buildDir), { SESSION_SECRET });
}

async function measureExport(databasePath: string, buildDir: string): Promise<BenchRow[]> {
  let app: ServerProcess | undefined;
  let ceiling: Awaited<ReturnType<typeof startCeiling>> | undefined;
  try {
    const { pageKeys, warmupKeys, exportKey } = await prepareDatabase();
    app = await startServer({ databasePath, env: { VIGIMMO_BUILD_DIR: buildDir, SESSION_SECRET }, output: "stderr" });

    const sample = await post(app.url, { apiKey: pageKeys[1], limit: PAGE, offset: 1_000 });
    if (sample.status !== 200) throw new Error(`Réponse inattendue ${sample.status} : ${sample.body.toString().slice(0, 200)}`);
    const total = Number(/"total":(\d+)/.exec(sample.body.toString())?.[1]);
    if (total !== ACTIVE_FOR_PAGES) throw new Error(`${total} annonces actives au lieu de ${ACTIVE_FOR_PAGES}`);
    const pages = (keys: string[]): BodyGenerator => offsetPages(keys, { limit: PAGE, ...OFFSETS });
    const load = { connections: CONNECTIONS, seconds: DURATION_S };

    await runLoad(app.url, app.pid, pages(warmupKeys), { ...load, seconds: WARMUP_S });
    const ours = await runLoad(app.url, app.pid, pages(pageKeys), load);
    ceiling = await startCeiling(sample.body);
    await runLoad(ceiling.base, ceiling.pid, pages(warmupKeys), { ...load, seconds: WARMUP_S });
    const bare = await runLoad(ceiling.base, ceiling.pid, pages(pageKeys), load);
    await ceiling.stop();
    ceiling = undefined;
    const ratio = ours.rps / bare.rps;
    const clean = ours.failures === 0 && ours.errors === 0;
    console.error(loadLine("API", ours));
    console.error(loadLine("Plafond node:http", bare));

    // Every listing active for the full export (the server sees the other connection's commit).
    const { closeDb, getSqlite } = await import("~/utils/db.server");
    setActiveListings(getSqlite(), LISTINGS);
    closeDb();
    await settle(app.url, exportKey);
    const full = await fullExport(app.url, exportKey, app.pid);
    const complete = full.tail.endsWith('],"next_cursor":null}') && full.count === LISTINGS;
    console.error(`Export complet : ${(full.bytes / 1024 / 1024).toFixed(1)} Mo, count ${full.count}`);

    const pageCase = `Pages de ${PAGE} (${pageKeys.length} clés, ${CONNECTIONS} connexions, offsets ${OFFSETS.from}–${OFFSETS.to}, ${ACTIVE_FOR_PAGES.toLocaleString("fr-FR")} annonces)`;
    return [
      { figure: `${pageCase} : débit`, target: `≥ ${TARGETS.ceilingRatio * 100} % du plafond`, measured: `${ours.rps.toFixed(0)} req/s (${ours.tooMany} × 429)`, ok: clean && ratio >= TARGETS.ceilingRatio, ceilingRatio: `${(ratio * 100).toFixed(0)} % de ${bare.rps.toFixed(0)} req/s` },
      { figure: `${pageCase} : latence p50 / p99`, target: `p99 ≤ ${TARGETS.p99Ms} ms`, measured: `${ours.p50} / ${ours.p99} ms`, ok: clean && ours.p99 <= TARGETS.p99Ms, ceilingRatio: `plafond ${bare.p50} / ${bare.p99} ms` },
      // The machine is shared: the CPU each answer costs the server does not depend on the others' load.
      { figure: `${pageCase} : CPU du serveur par requête`, target: "information", measured: `${ours.cpuUsPerRequest.toFixed(0)} µs`, ok: clean, ceilingRatio: `plafond ${bare.cpuUsPerRequest.toFixed(0)} µs` },
      { figure: "Export complet sans limit : premier octet", target: `< ${TARGETS.firstByteMs} ms`, measured: ms(full.firstByteMs), ok: complete && full.firstByteMs < TARGETS.firstByteMs },
      { figure: `Export complet : durée totale (${LISTINGS.toLocaleString("fr-FR")} annonces, ${(full.bytes / 1024 / 1024).toFixed(0)} Mo)`, target: "information", measured: `${(full.totalMs / 1000).toFixed(2)} s`, ok: complete },
      { figure: "Export complet : croissance de la mémoire résidente du serveur", target: `< ${TARGETS.rssMb} Mo`, measured: `${full.rssGrowthMb.toFixed(1)} Mo`, ok: complete && full.rssGrowthMb < TARGETS.rssMb },
    ];
  } finally {
    if (app) await app.stop();
    if (ceiling) await ceiling.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const rows = await runExportBench();
  console.table(rows.map((row) => ({ Mesure: row.figure, Cible: row.target, Mesuré: row.measured, "Ratio au plafond": row.ceilingRatio ?? "", OK: row.ok ? "oui" : "NON" })));
  process.exit(rows.every((row) => row.ok) ? 0 : 1);
}
