// npm run bench:export: the public export API of the BUILT app (server.ts) over 100 000 active
// listings in a temporary database. Measures pages of 50 at varied offsets (32 connections,
// autocannon), a full export without limit (first byte, total time, server RSS growth from
// /proc/<pid>/status) and the same page load against a bare node:http server returning the
// same bytes: the throughput ceiling of this machine.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { freePort, startServer, waitForHealth, type ServerProcess } from "../../testing/server-process";
import { seedUserListings, withBenchDatabase } from "./bench-database";
import type { BenchRow } from "./types";

const LISTINGS = 100_000;
const PAGE = 50;
const CONNECTIONS = 32;
const DURATION_S = 10;
const WARMUP_S = 2;
// Each key may make 600 calls a minute: the load is spread over many keys, as many clients would.
const PAGE_KEYS = 256;
const SESSION_SECRET = "bench-export-secret-0123456789abcdef";
const TARGETS = { rps: 1000, p99Ms: 50, firstByteMs: 200, rssMb: 150 };

const API_PATH = "/functions/v1/get-properties";

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/**
 * Seeds the bench database in this process (SESSION_SECRET set: the keys are encrypted with it),
 * then closes it before the server opens it.
 */
async function prepareDatabase() {
  const { closeDb, getSqlite } = await import("~/utils/db.server");
  const { createExportKey } = await import("~/services/keys/export-keys.server");
  const started = performance.now();
  const userId = await seedUserListings({ email: "bench-export@example.fr", password: "bench-export", fullName: "Banc Export" }, LISTINGS, 7);
  getSqlite().prepare("update properties set status = 'active'").run();
  const keys = Array.from({ length: PAGE_KEYS + 1 }, (_, i) => createExportKey(userId, { name: `Client ${i + 1}` }).apiKey);
  closeDb();
  console.error(`Base amorcée : ${LISTINGS.toLocaleString("fr-FR")} annonces actives en ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { pageKeys: keys.slice(0, PAGE_KEYS), exportKey: keys[PAGE_KEYS]! };
}

/** A node:http server answering every request with the given bytes: what this machine can do. */
async function startCeiling(body: Buffer) {
  const port = await freePort();
  const file = path.join(os.tmpdir(), `vigimmo-bench-ceiling-${process.pid}.json`);
  fs.writeFileSync(file, body);
  const source = `
    const http = require("node:http");
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": body.length, "Access-Control-Allow-Origin": "*" });
        res.end(body);
      });
    }).listen(${port}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child); // it answers every path, /healthz included
  return { child, base, cleanup: () => fs.rmSync(file, { force: true }) };
}

type Load = { rps: number; p99: number; p50: number; non2xx: number; errors: number; total: number };

function pageLoad(base: string, keys: string[], seconds: number): Promise<Load> {
  let sent = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${API_PATH}`,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            setupRequest: (request) => {
              sent += 1;
              const offset = Math.floor(Math.random() * (LISTINGS - PAGE));
              return { ...request, body: JSON.stringify({ apiKey: keys[sent % keys.length], limit: PAGE, offset }) };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          total: result.requests.total,
        });
      },
    );
  });
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
    const { pageKeys, exportKey } = await prepareDatabase();
    app = await startServer({ databasePath, env: { VIGIMMO_BUILD_DIR: buildDir, SESSION_SECRET }, output: "stderr" });

    const sample = await post(app.url, { apiKey: pageKeys[0], limit: PAGE, offset: 12_345 });
    if (sample.status !== 200) throw new Error(`Réponse inattendue ${sample.status} : ${sample.body.toString().slice(0, 200)}`);
    await pageLoad(app.url, pageKeys, WARMUP_S);
    const ours = await pageLoad(app.url, pageKeys, DURATION_S);

    // The page load leaves a backlog of abandoned requests: let the server drain it so that the
    // export is measured on its own.
    await settle(app.url, pageKeys[1]!);
    const full = await fullExport(app.url, exportKey, app.pid);
    const complete = full.tail.endsWith("]}") && full.count === LISTINGS;

    ceiling = await startCeiling(sample.body);
    await pageLoad(ceiling.base, pageKeys, WARMUP_S);
    const bare = await pageLoad(ceiling.base, pageKeys, DURATION_S);
    const ratio = ours.rps / bare.rps;
    const clean = ours.non2xx === 0 && ours.errors === 0;

    console.error(
      `Pages : ${ours.total} requêtes, ${ours.non2xx} hors 2xx, ${ours.errors} erreurs, p50 ${ours.p50} ms · ` +
        `export : ${(full.bytes / 1024 / 1024).toFixed(1)} Mo, count ${full.count} · plafond : ${bare.rps.toFixed(0)} req/s, p99 ${bare.p99} ms`,
    );
    return [
      { figure: `Pages de ${PAGE} (offsets variés, ${CONNECTIONS} connexions) : débit`, target: `≥ ${TARGETS.rps} req/s`, measured: `${ours.rps.toFixed(0)} req/s`, ok: clean && ours.rps >= TARGETS.rps, ceilingRatio: `${(ratio * 100).toFixed(0)} % de ${bare.rps.toFixed(0)} req/s` },
      { figure: `Pages de ${PAGE} : latence p99`, target: `< ${TARGETS.p99Ms} ms`, measured: `${ours.p99} ms`, ok: clean && ours.p99 < TARGETS.p99Ms, ceilingRatio: `plafond p99 ${bare.p99} ms` },
      { figure: "Export complet sans limit : premier octet", target: `< ${TARGETS.firstByteMs} ms`, measured: ms(full.firstByteMs), ok: complete && full.firstByteMs < TARGETS.firstByteMs },
      { figure: `Export complet : durée totale (${LISTINGS.toLocaleString("fr-FR")} annonces, ${(full.bytes / 1024 / 1024).toFixed(0)} Mo)`, target: "information", measured: `${(full.totalMs / 1000).toFixed(2)} s`, ok: complete },
      { figure: "Export complet : croissance de la mémoire résidente du serveur", target: `< ${TARGETS.rssMb} Mo`, measured: `${full.rssGrowthMb.toFixed(1)} Mo`, ok: complete && full.rssGrowthMb < TARGETS.rssMb },
    ];
  } finally {
    if (app) await app.stop();
    if (ceiling) {
      await stop(ceiling.child);
      ceiling.cleanup();
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const rows = await runExportBench();
  console.table(rows.map((row) => ({ Mesure: row.figure, Cible: row.target, Mesuré: row.measured, "Ratio au plafond": row.ceilingRatio ?? "", OK: row.ok ? "oui" : "NON" })));
  process.exit(rows.every((row) => row.ok) ? 0 : 1);
}
