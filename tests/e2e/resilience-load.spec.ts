import path from "node:path";
import { seedListings } from "~/services/platform/demo-data.server";
import { createExportKey } from "~/services/keys/export-keys.server";
import { makeUser } from "../setup/factories";
import { startFakeMoteurImmo } from "../../testing/fake-moteurimmo";
import {
  countRows,
  expect,
  latestJob,
  openReader,
  postForm,
  rssMb,
  seedPendingListings,
  sessionCookie,
  test,
  waitUntil,
  withDatabase,
} from "../setup/resilience-factories";

/**
 * 64 clients on the export API and 8 on the screens for RESILIENCE_LOAD_SECONDS (60 s by default)
 * while an import and a moderation run on the same server: no error, no SQLITE_BUSY, memory flat.
 * Every loop is bounded in time and in count, and only talks to 127.0.0.1.
 */

const SECONDS = Number(process.env.RESILIENCE_LOAD_SECONDS ?? 60);
const API_CLIENTS = 64;
const SCREEN_CLIENTS = 8;
// One key per client, each kept under the per-key limit (600 calls a minute): a 429 here would be
// the API doing its job, not a failure, and it would hide real ones.
const API_MIN_GAP_MS = 110;
// Generous: the CI machine is shared; a request that never answers still fails the test.
const REQUEST_TIMEOUT_MS = 60_000;
const SCREENS = ["/dashboard", "/properties", "/properties?status=all&page=2"];
const BUSY = /SQLITE_BUSY|database is locked/i;
const open = (job: { status: string } | undefined) => job !== undefined && ["pending", "processing"].includes(job.status);

type Tally = { ok: number; failures: string[]; latencies: number[] };

async function clientLoop(until: number, maxRequests: number, minGapMs: number, call: () => Promise<string | null>, tally: Tally) {
  for (let n = 0; n < maxRequests && Date.now() < until; n++) {
    const started = Date.now();
    try {
      const failure = await call();
      if (failure) tally.failures.push(failure);
      else tally.ok += 1;
    } catch (error) {
      tally.failures.push(`échec réseau : ${(error as Error).message}`);
    }
    const elapsed = Date.now() - started;
    tally.latencies.push(elapsed);
    if (elapsed < minGapMs) await new Promise((resolve) => setTimeout(resolve, minGapMs - elapsed));
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

/** A steady climb: the second half of the samples never goes down (1 MB of noise) and rises by more than 20 MB. */
function climbsSteadily(samples: number[]): boolean {
  const half = samples.slice(Math.floor(samples.length / 2));
  const neverDown = half.every((value, index) => index === 0 || value >= half[index - 1]! - 1);
  return half.length >= 4 && neverDown && half[half.length - 1]! - half[0]! > 20;
}

test("64 clients de l'API et 8 des écrans pendant un import et une modération : aucune erreur, mémoire stable", async ({ janitor }) => {
  test.setTimeout((SECONDS + 180) * 1000);
  const dir = janitor.tempDir("vigimmo-load-");
  const databasePath = path.join(dir, "load.db");
  // The partner answers slowly, so that the 20-page import lasts most of the load.
  const pageDelayMs = Math.max(200, SECONDS * 40);
  const partner = await startFakeMoteurImmo({ total: 10_000, faults: [{ type: "delay", ms: pageDelayMs, times: Infinity }] });
  janitor.defer(() => partner.close());

  const setup = await withDatabase(databasePath, async () => {
    const admin = await makeUser({ admin: true });
    const moderator = await makeUser();
    const reader = await makeUser();
    seedListings(reader.id, 5_000, 77);
    seedPendingListings(moderator.id, 10_000);
    const keys = Array.from({ length: API_CLIENTS }, (_, i) => createExportKey(reader.id, { name: `Client de charge ${i + 1}` }).apiKey);
    return {
      admin,
      moderator,
      keys,
      adminCookie: await sessionCookie(admin.id),
      moderatorCookie: await sessionCookie(moderator.id),
      readerCookie: await sessionCookie(reader.id),
    };
  });

  const server = await janitor.startServer({
    databasePath,
    // Logs on, as in production: an error swallowed into a log line is still seen by the scan.
    env: { MOTEURIMMO_API_URL: partner.url, MOTEURIMMO_API_KEY: partner.apiKey, VIGIMMO_SILENT_LOGS: "false" },
    output: "capture",
  });
  const reader = openReader(databasePath);
  janitor.defer(() => reader.close());
  const active = countRows(reader, `select count(*) from properties where status = 'active'`);

  const moderationState = () => latestJob(reader, "moderation", setup.moderator.id);
  expect((await postForm(`${server.url}/moteurimmo-sync`, setup.adminCookie, { intent: "start", pages: "20", perPage: "500" })).status).toBe(200);
  expect((await postForm(`${server.url}/resources/moderation`, setup.moderatorCookie, { intent: "auto" })).status).toBe(200);
  // The load starts once both jobs work: their threads and the moderation's market data are
  // fixed costs of a running server, not growth under load.
  await waitUntil(
    () => ({ importJob: latestJob(reader, "import", setup.admin.id), moderation: moderationState() }),
    ({ importJob, moderation }) => (importJob?.current_page ?? 0) >= 1 && (moderation?.moderated ?? 0) > 0,
    { timeoutMs: 60_000, what: "import et modération démarrés" },
  );

  const rss: number[] = [rssMb(server.pid)];
  const sampler = setInterval(() => rss.push(rssMb(server.pid)), 1_000);
  const until = Date.now() + SECONDS * 1000;
  const api: Tally = { ok: 0, failures: [], latencies: [] };
  const screens: Tally = { ok: 0, failures: [], latencies: [] };
  const moderationRuns: string[] = [];

  // Moderation all along: each run is awaited, checked, reset and started again until the end.
  const moderationLoop = async () => {
    for (let run = 0; run < SECONDS; run++) {
      const job = await waitUntil(moderationState, (row) => !open(row), { timeoutMs: 120_000, intervalMs: 100, what: "fin de la modération" });
      moderationRuns.push(job!.status);
      if (Date.now() >= until) return;
      expect((await postForm(`${server.url}/resources/moderation`, setup.moderatorCookie, { intent: "reset" })).status).toBe(200);
      expect((await postForm(`${server.url}/resources/moderation`, setup.moderatorCookie, { intent: "auto" })).status).toBe(200);
    }
  };

  const exportCall = (apiKey: string) => async () => {
    const offset = Math.floor(Math.random() * Math.max(1, active - 50));
    const response = await fetch(`${server.url}/functions/v1/get-properties`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ apiKey, limit: 50, offset }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (response.status !== 200 || BUSY.test(text)) return `API ${response.status} : ${text.slice(0, 200)}`;
    const body = JSON.parse(text) as { success: boolean; count: number };
    return body.success && body.count === 50 ? null : `API : réponse inattendue ${text.slice(0, 200)}`;
  };
  const screenCall = (client: number) => {
    let n = client;
    return async () => {
      const screen = SCREENS[n++ % SCREENS.length]!;
      const response = await fetch(`${server.url}${screen}`, {
        headers: { Cookie: setup.readerCookie },
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      return response.status === 200 && !BUSY.test(text) ? null : `${screen} ${response.status} : ${text.slice(0, 200)}`;
    };
  };

  try {
    await Promise.all([
      ...setup.keys.map((key) => clientLoop(until, SECONDS * 10, API_MIN_GAP_MS, exportCall(key), api)),
      ...Array.from({ length: SCREEN_CLIENTS }, (_, i) => clientLoop(until, SECONDS * 20, 0, screenCall(i), screens)),
      moderationLoop(),
    ]);
  } finally {
    clearInterval(sampler);
  }
  const finalRss = rssMb(server.pid);
  rss.push(finalRss);
  // The V8 heap and SQLite's page caches (64 MB per connection: the server's, the moderation
  // threads') grow to their working size in the first seconds of load; a leak is growth after
  // that, so the baseline is the sample after this warm-up.
  const warmup = Math.min(10, Math.floor(SECONDS / 5));
  const startRss = rss[warmup] ?? rss[0]!;

  // The import went through under the load.
  const importJob = await waitUntil(() => latestJob(reader, "import", setup.admin.id)!, (job) => !open(job), {
    timeoutMs: 120_000,
    intervalMs: 250,
    what: "fin de l'import",
  });

  const figures = {
    seconds: SECONDS,
    apiRequests: api.ok + api.failures.length,
    apiP50Ms: percentile(api.latencies, 50),
    apiP99Ms: percentile(api.latencies, 99),
    screenRequests: screens.ok + screens.failures.length,
    screenP50Ms: percentile(screens.latencies, 50),
    screenP99Ms: percentile(screens.latencies, 99),
    errors: api.failures.length + screens.failures.length,
    rssBeforeLoadMb: rss[0],
    rssAfterWarmupMb: startRss,
    rssMaxMb: Math.max(...rss),
    rssFinalMb: finalRss,
    rssSeriesMb: rss,
    importJob: { status: importJob.status, imported: importJob.imported },
    moderationRuns: moderationRuns.length,
  };
  test.info().annotations.push({ type: "charge", description: JSON.stringify(figures) });
  console.log(`[resilience-load] ${JSON.stringify(figures)}`);

  expect([...api.failures, ...screens.failures].slice(0, 10)).toEqual([]);
  expect(api.ok).toBeGreaterThan(API_CLIENTS);
  expect(screens.ok).toBeGreaterThan(SCREEN_CLIENTS);
  expect(server.busyLines).toEqual([]);
  expect(importJob).toMatchObject({ status: "completed", imported: 10_000, errors: "[]" });
  expect(moderationRuns.length).toBeGreaterThan(0);
  expect(moderationRuns.filter((status) => status !== "completed")).toEqual([]);
  expect(moderationState()).toMatchObject({ status: "completed", moderated: 10_000, errors: "[]" });
  expect(finalRss).toBeLessThanOrEqual(startRss + 200);
  expect(climbsSteadily(rss), `RSS (Mo) : ${rss.join(", ")}`).toBe(false);
  expect(await server.stop("SIGTERM")).toEqual({ code: 0, signal: null });
});
