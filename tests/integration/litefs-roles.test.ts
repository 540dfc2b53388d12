// Two app processes on one database, as LiteFS runs them (LiteFS itself cannot run here, ADR 029):
// the primary (LITEFS_DIR without .primary) and a replica (its LITEFS_DIR's .primary names the
// primary, as LiteFS writes it; the replica opens the database read-only, so a write there fails
// loudly as on LiteFS). Both run on this host, so the primary's name in .primary is a stand-in
// hostname rather than this machine's.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_USER } from "~/services/platform/demo-data.server";
import { closeDb, getSqlite } from "~/utils/db.server";
import { createSession } from "~/utils/session.server";
import { Janitor, type ServerProcess } from "../../testing/server-process";
import { makeExportKey } from "../setup/export-factories";

const PRIMARY_HOST = "machine-primaire";
const janitor = new Janitor();
let primary: ServerProcess;
let replica: ServerProcess;
let databasePath: string;
let cookie: string;
let sessionId: string;
let apiKey: string;
let demoUserId: string;
let adminCookie: string;
let listingId: number;
const testDatabase = process.env.DATABASE_PATH;

/** A read-only look at the shared file from the test (never checkpoints, never writes). */
function look<T>(query: (db: Database.Database) => T): T {
  const db = new Database(databasePath, { readonly: true });
  try {
    return query(db);
  } finally {
    db.close();
  }
}

/** Polls `check` until it returns a value (no fixed sleep). */
async function eventually<T>(check: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Jamais arrivé : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  const dir = janitor.tempDir("vigimmo-litefs-roles-");
  databasePath = path.join(dir, "vigimmo.db");
  const primaryMount = path.join(dir, "primaire");
  const replicaMount = path.join(dir, "replique");
  fs.mkdirSync(primaryMount);
  fs.mkdirSync(replicaMount);
  fs.writeFileSync(path.join(replicaMount, ".primary"), `${PRIMARY_HOST}\n`);

  // The primary migrates and seeds the demo data; the replica then opens what it wrote.
  const logs = { VIGIMMO_SILENT_LOGS: "false" };
  primary = await janitor.startServer({ databasePath, env: { ...logs, LITEFS_DIR: primaryMount }, output: "capture" });

  // A session and an export key of the demo user, written as the primary would have.
  process.env.DATABASE_PATH = databasePath;
  try {
    demoUserId = getSqlite().prepare<[string], string>("select id from users where email = ?").pluck().get(DEMO_USER.email)!;
    const session = await createSession(demoUserId);
    cookie = session.setCookie.split(";")[0]!;
    sessionId = session.id;
    const adminId = getSqlite().prepare<[string], string>("select id from users where email = ?").pluck().get(DEMO_ADMIN.email)!;
    adminCookie = (await createSession(adminId)).setCookie.split(";")[0]!;
    listingId = getSqlite().prepare<[string], number>("select id from properties where created_by = ? limit 1").pluck().get(demoUserId)!;
    apiKey = makeExportKey(demoUserId).apiKey;
    // Due stamps: on the primary, the next signed-in GET would write the session and the user.
    getSqlite().prepare("update sessions set last_used_at = 0, expires_at = ? where id = ?").run(Date.now() + 60_000, sessionId);
    getSqlite().prepare("update users set last_active_at = null, key_decisions_seen_at = null where id = ?").run(demoUserId);
    // A decided key request not seen yet: opening /export-api-keys on the primary marks it seen.
    getSqlite()
      .prepare("insert into api_key_requests (id, user_id, company_name, status, reviewed_at) values ('demande-vue', ?, 'Agence', 'rejected', ?)")
      .run(demoUserId, Date.now());
  } finally {
    closeDb();
    process.env.DATABASE_PATH = testDatabase;
  }

  replica = await janitor.startServer({ databasePath, env: { ...logs, LITEFS_DIR: replicaMount }, output: "capture" });
}, 120_000);

afterAll(() => janitor.cleanup());

const sessionStamps = () =>
  look((db) => db.prepare("select s.last_used_at as usedAt, s.expires_at as expiresAt, u.last_active_at as activeAt from sessions s join users u on u.id = s.user_id where s.id = ?").get(sessionId));

describe("LiteFS : primaire et réplique sur une même base", () => {
  it("la réplique sert un écran connecté sans rien écrire (expiration glissante, dernière activité)", async () => {
    const before = sessionStamps();
    const response = await fetch(`${replica.url}/properties`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(DEMO_USER.fullName);
    expect(sessionStamps()).toEqual(before);
  });

  it("la réplique sert /export-api-keys sans marquer vues les décisions (badge)", async () => {
    const response = await fetch(`${replica.url}/export-api-keys`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(response.status).toBe(200);
    expect(look((db) => db.prepare("select key_decisions_seen_at from users where id = ?").pluck().get(demoUserId))).toBeNull();
  });

  // Every screen of the menu, as each role: a GET that writes would answer 500 (read-only database).
  const SCREENS = ["/dashboard", "/properties", "/compte", "/api-docs", "/export-api-keys", "/prospection", "/moderation", "/api-connections", "/moteurimmo-sync", "/request-api-key", "/admin", "/admin-panel", "/admin-api-requests"];
  it.each([
    ["utilisateur", () => cookie],
    ["administrateur", () => adminCookie],
  ])("la réplique sert chaque écran en %s sans erreur", async (_role, sessionOf) => {
    for (const screen of [...SCREENS, `/property/${listingId}`]) {
      const response = await fetch(`${replica.url}${screen}`, { headers: { Cookie: sessionOf() }, redirect: "manual" });
      expect(response.status, screen).toBeLessThan(500);
      await response.arrayBuffer();
    }
    expect(replica.tail()).not.toMatch(/SQLITE_READONLY|readonly database/i);
  });

  it("la réplique sert l'API d'export, sans écrire son usage (non enregistré, journalisé)", async () => {
    const response = await fetch(`${replica.url}/functions/v1/get-properties`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ apiKey, limit: 5 }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; properties: unknown[] };
    expect(body.success).toBe(true);
    expect(body.properties.length).toBeGreaterThan(0);
    await eventually(() => (replica.tail().includes('"export_api.usage_not_recorded"') ? true : undefined), "usage non enregistré");
    expect(replica.tail()).not.toContain("export_api.usage_write_failed");
    expect(look((db) => db.prepare("select count(*) from api_usage_logs").pluck().get())).toBe(0);
  });

  it("un POST sur la réplique répond 409 + fly-replay vers le primaire, et n'écrit rien", async () => {
    const sessions = () => look((db) => db.prepare<[string], number>("select count(*) from sessions where user_id = ?").pluck().get(demoUserId)!);
    const before = sessions();
    const form = new URLSearchParams({ intent: "signin", email: DEMO_USER.email, password: DEMO_USER.password });
    const response = await fetch(`${replica.url}/auth`, { method: "POST", body: form, redirect: "manual" });
    expect(response.status).toBe(409);
    expect(response.headers.get("fly-replay")).toBe(`instance=${PRIMARY_HOST}`);
    expect(sessions()).toBe(before);

    // The same sign-in on the primary does write: the replay target is where writes happen.
    const onPrimary = await fetch(`${primary.url}/auth`, { method: "POST", body: form, redirect: "manual" });
    expect(onPrimary.status).toBe(302);
    expect(onPrimary.headers.get("fly-replay")).toBeNull();
    expect(sessions()).toBe(before + 1);
  });

  it("tâches et planificateur : seulement sur le primaire", async () => {
    expect(replica.tail()).toMatch(/"server\.role".*"primary":false/);
    expect(primary.tail()).toMatch(/"server\.role".*"primary":true/);
    // The retention job queued at start (lifecycle.server.ts) is the primary's.
    const workers = await eventually(
      () => {
        const rows = look((db) => db.prepare("select worker_id from retention_jobs").pluck().all() as string[]);
        return rows.length > 0 ? rows : undefined;
      },
      "tâche de rétention lancée au démarrage",
    );
    for (const worker of workers) expect(worker).toContain(`:${primary.pid}:`);
    const jobTables = look((db) => db.prepare("select name from sqlite_master where type = 'table' and name like '%\\_jobs' escape '\\'").pluck().all() as string[]);
    for (const table of jobTables) {
      const fromReplica = look((db) => db.prepare(`select count(*) from ${table} where worker_id like ?`).pluck().get(`%:${replica.pid}:%`));
      expect(fromReplica, table).toBe(0);
    }
    expect(replica.tail()).not.toMatch(/SQLITE_READONLY|readonly database/i);
  });
});
