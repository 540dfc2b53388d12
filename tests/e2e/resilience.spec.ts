import path from "node:path";
import { MSG } from "~/messages";
import { makeUser } from "../setup/factories";
import { startFakeMoteurImmo } from "../../testing/fake-moteurimmo";
import {
  countRows,
  expect,
  integrityCheck,
  latestJob,
  openReader,
  postForm,
  seedPendingListings,
  sessionCookie,
  test,
  waitUntil,
  walSize,
  withDatabase,
  type JobRow,
} from "../setup/resilience-factories";

/**
 * Crash and stop of the real server (issue 8, resilience): the built server runs as a child
 * process on its own database; the import and the moderation are driven over HTTP as the screens
 * do, and the database is read directly to check what was written.
 */

const PAGES = 20;
const PER_PAGE = 500;
const FEED = PAGES * PER_PAGE;
const PENDING = 20_000;
const open = (job: JobRow | undefined) => job !== undefined && ["pending", "processing"].includes(job.status);

test("kill -9 pendant un import et une modération : la base rouvre, les travaux échouent en français, rien n'est perdu ni doublé", async ({ janitor }) => {
  test.setTimeout(240_000);
  const dir = janitor.tempDir("vigimmo-kill-");
  const databasePath = path.join(dir, "kill.db");
  // Each partner answer takes 400 ms, so the 20-page import is still running when the server dies.
  const partner = await startFakeMoteurImmo({ total: FEED, faults: [{ type: "delay", ms: 400, times: Infinity }] });
  janitor.defer(() => partner.close());
  const partnerEnv = { MOTEURIMMO_API_URL: partner.url, MOTEURIMMO_API_KEY: partner.apiKey };

  const { admin, user, adminCookie, userCookie } = await withDatabase(databasePath, async () => {
    const admin = await makeUser({ admin: true });
    const user = await makeUser();
    seedPendingListings(user.id, PENDING);
    return { admin, user, adminCookie: await sessionCookie(admin.id), userCookie: await sessionCookie(user.id) };
  });

  const first = await janitor.startServer({ databasePath, env: partnerEnv, output: "capture" });
  const reader = openReader(databasePath);
  janitor.defer(() => reader.close());
  expect((await postForm(`${first.url}/moteurimmo-sync`, adminCookie, { intent: "start", pages: String(PAGES), perPage: String(PER_PAGE) })).status).toBe(200);
  await waitUntil(() => latestJob(reader, "import", admin.id), (job) => (job?.current_page ?? 0) >= 1, { timeoutMs: 60_000, what: "première page importée" });
  // The import is slow by construction (8 s at least); the moderation is started second and the
  // server killed at its first written group, so both are caught in the middle.
  expect((await postForm(`${first.url}/resources/moderation`, userCookie, { intent: "auto" })).status).toBe(200);
  await waitUntil(
    () => ({ importJob: latestJob(reader, "import", admin.id)!, moderation: latestJob(reader, "moderation", user.id) }),
    ({ importJob, moderation }) => {
      if (!open(importJob) || (moderation && !open(moderation))) {
        throw new Error(`Un travail s'est terminé avant l'arrêt brutal : ${JSON.stringify({ importJob, moderation })}`);
      }
      return (moderation?.moderated ?? 0) > 0;
    },
    { timeoutMs: 60_000, intervalMs: 20, what: "modération en cours" },
  );
  expect(await first.stop("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });

  partner.setFaults([]);
  const second = await janitor.startServer({ databasePath, env: partnerEnv, output: "capture" });
  expect(integrityCheck(databasePath)).toBe("ok");
  // The restarted server fails the dead worker's jobs at start-up, at the latest by its sweep.
  const interrupted = await waitUntil(
    () => ({ importJob: latestJob(reader, "import", admin.id)!, moderation: latestJob(reader, "moderation", user.id)! }),
    ({ importJob, moderation }) => importJob.status === "failed" && moderation.status === "failed",
    { timeoutMs: 30_000, what: "travaux interrompus marqués en échec" },
  );
  console.log(
    `[resilience-kill] ${JSON.stringify({ importPage: interrupted.importJob.current_page, imported: interrupted.importJob.imported, moderated: interrupted.moderation.moderated })}`,
  );
  expect(interrupted.importJob.message).toBe(MSG.jobInterrupted);
  expect(interrupted.moderation.message).toBe(MSG.jobInterrupted);

  // What was committed before the crash agrees with the counters committed with it: a page is
  // written in slices that each move the counters (docs/decisions/004-import-page-slices.md), the
  // page counter moves with the last one; moderation verdicts go with their job counters.
  const imported = interrupted.importJob.imported;
  expect(imported).toBeGreaterThanOrEqual(interrupted.importJob.current_page * PER_PAGE);
  expect(imported).toBeLessThan((interrupted.importJob.current_page + 1) * PER_PAGE);
  expect(imported).toBeLessThan(FEED);
  const importedRows = `select count(*) from properties where created_by = ? and source_platform = 'moteurimmo'`;
  expect(countRows(reader, importedRows, admin.id)).toBe(imported);
  expect(countRows(reader, `select count(*) from properties where created_by = ?`, user.id)).toBe(PENDING);
  expect(countRows(reader, `select count(*) from properties where created_by = ? and status <> 'pending'`, user.id)).toBe(
    interrupted.moderation.moderated,
  );

  // New runs complete on the restarted server.
  expect((await postForm(`${second.url}/moteurimmo-sync`, adminCookie, { intent: "start", pages: String(PAGES), perPage: String(PER_PAGE) })).status).toBe(200);
  expect((await postForm(`${second.url}/resources/moderation`, userCookie, { intent: "auto" })).status).toBe(200);
  const done = await waitUntil(
    () => ({ importJob: latestJob(reader, "import", admin.id)!, moderation: latestJob(reader, "moderation", user.id)! }),
    ({ importJob, moderation }) => importJob.id !== interrupted.importJob.id && moderation.id !== interrupted.moderation.id && !open(importJob) && !open(moderation),
    { timeoutMs: 120_000, intervalMs: 200, what: "nouvelles exécutions terminées" },
  );
  expect(done.importJob).toMatchObject({ status: "completed", imported: FEED - imported, skipped: imported, updated: 0, total_processed: FEED });
  expect(done.moderation).toMatchObject({ status: "completed", moderated: PENDING - interrupted.moderation.moderated, remaining: 0 });

  // Nothing duplicated, nothing lost.
  expect(countRows(reader, importedRows, admin.id)).toBe(FEED);
  expect(countRows(reader, `select count(distinct source_platform_id) from properties where created_by = ? and source_platform = 'moteurimmo'`, admin.id)).toBe(FEED);
  expect(countRows(reader, `select count(*) from properties where created_by = ?`, user.id)).toBe(PENDING);
  expect(countRows(reader, `select count(*) from properties where created_by = ? and status = 'pending'`, user.id)).toBe(0);
  expect([...first.busyLines, ...second.busyLines]).toEqual([]);
  expect(await second.stop("SIGTERM")).toEqual({ code: 0, signal: null });
});

test("SIGTERM pendant un import : arrêt propre, travail arrêté avec un message, WAL vidé", async ({ janitor }) => {
  test.setTimeout(120_000);
  const dir = janitor.tempDir("vigimmo-term-");
  const databasePath = path.join(dir, "term.db");
  const partner = await startFakeMoteurImmo({ total: FEED, faults: [{ type: "delay", ms: 300, times: Infinity }] });
  janitor.defer(() => partner.close());
  const { admin, cookie } = await withDatabase(databasePath, async () => {
    const admin = await makeUser({ admin: true });
    return { admin, cookie: await sessionCookie(admin.id) };
  });
  const server = await janitor.startServer({
    databasePath,
    env: { MOTEURIMMO_API_URL: partner.url, MOTEURIMMO_API_KEY: partner.apiKey },
    output: "capture",
  });
  expect((await postForm(`${server.url}/moteurimmo-sync`, cookie, { intent: "start", pages: String(PAGES), perPage: String(PER_PAGE) })).status).toBe(200);
  const reader = openReader(databasePath);
  try {
    await waitUntil(() => latestJob(reader, "import", admin.id), (job) => (job?.current_page ?? 0) >= 2, {
      timeoutMs: 60_000,
      what: "import en cours",
    });
  } finally {
    reader.close();
  }

  const stoppedAt = Date.now();
  const exit = await server.stop("SIGTERM", 30_000);
  // Grace period of lifecycle.server.ts shutdown() (10 s) plus the close itself, on a busy machine.
  expect(Date.now() - stoppedAt).toBeLessThan(20_000);
  expect(exit).toEqual({ code: 0, signal: null });
  expect(walSize(databasePath) ?? 0).toBe(0);
  expect(integrityCheck(databasePath)).toBe("ok");

  const after = openReader(databasePath);
  try {
    const job = latestJob(after, "import", admin.id)!;
    if (job.status === "cancelled") expect(job.message).toBe(MSG.jobStoppedByShutdown);
    else expect(job.status).toBe("completed");
    expect(countRows(after, `select count(*) from properties where created_by = ?`, admin.id)).toBe(job.imported);
  } finally {
    after.close();
  }
});

test("SIGTERM pendant une modération et un export complet : l'export se termine entier, la modération s'arrête avec le message d'arrêt du serveur", async ({ janitor }) => {
  test.setTimeout(180_000);
  const dir = janitor.tempDir("vigimmo-term2-");
  const databasePath = path.join(dir, "term2.db");
  const ACTIVE = 20_000;
  const { user, cookie, apiKey } = await withDatabase(databasePath, async () => {
    const { createExportKey } = await import("~/services/keys/export-keys.server");
    const user = await makeUser();
    seedPendingListings(user.id, ACTIVE + PENDING);
    const { getSqlite } = await import("~/utils/db.server");
    getSqlite().prepare(`update properties set status = 'active' where id in (select id from properties where created_by = ? limit ?)`).run(user.id, ACTIVE);
    return { user, cookie: await sessionCookie(user.id), apiKey: createExportKey(user.id, { name: "Export long" }).apiKey };
  });
  const server = await janitor.startServer({ databasePath, output: "capture" });

  // A client that reads the first bytes of a full export, then stops reading for a while.
  const response = await fetch(`${server.url}/functions/v1/get-properties`, { method: "POST", body: JSON.stringify({ apiKey }) });
  expect(response.status).toBe(200);
  const body = response.body!.getReader();
  const chunks: Uint8Array[] = [(await body.read()).value!];

  expect((await postForm(`${server.url}/resources/moderation`, cookie, { intent: "auto" })).status).toBe(200);
  const reader = openReader(databasePath);
  try {
    await waitUntil(() => latestJob(reader, "moderation", user.id), (job) => job?.status === "processing" && job.moderated > 0, {
      timeoutMs: 60_000,
      what: "modération en cours",
    });
  } finally {
    reader.close();
  }

  const stopping = server.stop("SIGTERM", 40_000);
  // The export already begun is served to its end, then the server exits cleanly.
  for (let next = await body.read(); !next.done; next = await body.read()) chunks.push(next.value);
  const exported = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { count: number; properties: unknown[] };
  expect(exported.count).toBe(ACTIVE);
  expect(exported.properties).toHaveLength(ACTIVE);
  expect(await stopping).toEqual({ code: 0, signal: null });
  expect(walSize(databasePath) ?? 0).toBe(0);
  expect(integrityCheck(databasePath)).toBe("ok");

  const after = openReader(databasePath);
  try {
    const job = latestJob(after, "moderation", user.id)!;
    if (job.status === "cancelled") expect(job.message).toBe(MSG.jobStoppedByShutdown);
    else expect(job.status).toBe("completed");
  } finally {
    after.close();
  }
});
