import { describe, expect, it } from "vitest";
import { inArray, sql } from "drizzle-orm";
import * as schema from "#db/schema";
import { action as accountAction } from "~/routes/_app.compte";
import { loader as pollJob } from "~/routes/resources.jobs.$id";
import { ACCOUNT_MSG } from "~/messages";
import type { AccountAnswer } from "~/services/account/account-forms";
import { jobQueue } from "~/services/jobs/queue.server";
import { loader as exportLoader } from "~/routes/resources.account-export";
import { deleteAccount } from "~/services/account/account-deletion.server";
import { createResetLink } from "~/services/account/password-reset.server";
import { createKeyRequest } from "~/services/keys/key-requests.server";
import { findUserForSignIn } from "~/services/users/users.server";
import { getDb, getSqlite } from "~/utils/db.server";
import { getAs, openSession, postAs } from "../setup/account-factories";
import { makeConnection } from "../setup/connections-factories";
import { makeExportKey } from "../setup/export-factories";
import { answerOf, makeUser } from "../setup/factories";
import { addListings, logExport } from "../setup/listings-factories";

const OWNER = { firstName: "Jeanne", lastName: "Dupont", email: "jeanne.dupont@example.fr" };

/** A user with something in every table the account touches. */
async function populatedUser() {
  const user = await makeUser({ fullName: "Paul Lefèvre" });
  const session = await openSession(user.id);
  const listingIds = addListings(user.id, 3, (index) => ({ owner: index === 0 ? OWNER : null, city: "Nantes" }));
  const connection = makeConnection(user.id, { apiKey: "pk_secret-partenaire-42" });
  const key = makeExportKey(user.id, "Site vitrine");
  createKeyRequest(user.id, { companyName: "Agence Lefèvre", description: "Vitrine" });
  getDb().insert(schema.apiUsageLogs).values({ userId: user.id, apiKeyId: key.id, propertiesCount: 12, limitRequested: 50 }).run();
  logExport(user.id, 7);
  createResetLink(user.email);
  getDb().insert(schema.searchZones).values({ userId: user.id, name: "Lyon centre", criteria: { departments: ["69"] }, frequencyHours: 24 }).run();
  getSqlite()
    .prepare(
      `insert into webhook_deliveries (id, connection_id, kind, event_count, events, status, attempts, next_attempt_at, created_at, http_status)
       values (?, ?, 'events', 2, '[]', 'delivered', 1, 0, ?, 204)`,
    )
    .run(`livraison-${connection.id}`, connection.id, Date.now());
  return { user, session, listingIds, connection, key };
}

/** The poll of a job's progress, as useJob sends it. */
const pollRequest = (cookie: string, jobId: string) =>
  new Request(`http://localhost/resources/jobs/${jobId}`, { headers: { Cookie: cookie, Accept: "application/json" } });

async function downloadExport(cookie: string) {
  const response = await exportLoader({ request: getAs(cookie, "/resources/account-export"), params: {}, context: {} });
  return { response, text: await response.text() };
}

describe("Télécharger mes données", () => {
  it("contient le profil, les annonces et leurs propriétaires, les connexions, les clés, les demandes et l'historique, sans aucun secret ni donnée d'un autre compte", async () => {
    const { user, session, listingIds, connection, key } = await populatedUser();
    const stranger = await makeUser({ fullName: "Autre Agent" });
    addListings(stranger.id, 1, () => ({ title: "Annonce d'un autre compte", owner: { firstName: "Marc", lastName: "Autre", email: "marc@example.fr" } }));

    const { response, text } = await downloadExport(session.cookie);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="vigimmo-mes-donnees-\d{4}-\d{2}-\d{2}\.json"$/);
    const document = JSON.parse(text) as Record<string, unknown> & {
      profile: Record<string, unknown>;
      listings: Array<{ id: number; city: string; owner: unknown }>;
      connections: Array<Record<string, unknown>>;
      export_keys: Array<Record<string, unknown>>;
      key_requests: Array<Record<string, unknown>>;
      usage_history: Array<Record<string, unknown>>;
      sessions: Array<Record<string, unknown>>;
      search_zones: Array<Record<string, unknown>>;
      webhook_deliveries: Array<Record<string, unknown>>;
    };
    expect(document.profile).toEqual({ email: user.email, full_name: "Paul Lefèvre", company_name: null, role: "user" });
    expect(document.listings.map((listing) => listing.id).sort()).toEqual([...listingIds].sort());
    expect(document.listings.find((listing) => listing.id === listingIds[0])!.owner).toEqual({ first_name: "Jeanne", last_name: "Dupont", email: "jeanne.dupont@example.fr" });
    expect(document.connections).toEqual([expect.objectContaining({ id: connection.id, name: connection.name })]);
    expect(document.export_keys).toEqual([expect.objectContaining({ id: key.id, name: "Site vitrine", status: "active" })]);
    expect(document.key_requests).toEqual([expect.objectContaining({ company_name: "Agence Lefèvre", status: "pending" })]);
    expect(document.usage_history.map((row) => row.properties_count).sort()).toEqual([12, 7]);
    expect(document.sessions).toEqual([expect.objectContaining({ device: "Chrome sur Linux" })]);
    // Issue 24, item 17: the search zones and the webhook deliveries, and one key case throughout.
    expect(document.search_zones).toEqual([expect.objectContaining({ name: "Lyon centre", criteria: { departments: ["69"] }, frequency_hours: 24 })]);
    expect(document.webhook_deliveries).toEqual([
      expect.objectContaining({ id: `livraison-${connection.id}`, connection_id: connection.id, event_count: 2, status: "delivered", http_status: 204 }),
    ]);
    const keys = (value: unknown): string[] =>
      Array.isArray(value)
        ? value.flatMap(keys)
        : value && typeof value === "object"
          ? Object.entries(value).flatMap(([key, inner]) => (key === "criteria" ? [key] : [key, ...keys(inner)]))
          : [];
    expect(keys(document).filter((key) => /[A-Z]/.test(key))).toEqual([]);

    const secrets = [
      key.apiKey,
      "pk_secret-partenaire-42",
      session.id,
      findUserForSignIn(user.email)!.hash,
      ...getSqlite().prepare("select key_hash, key_cipher from export_api_keys where user_id = ?").raw().get(user.id) as string[],
      ...(getSqlite().prepare("select token_hash from password_reset_tokens where user_id = ?").pluck().all(user.id) as string[]),
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/key_?hash|key_?cipher|api_?key_?cipher|token_?hash|"hash"/i);
    expect(text).not.toContain("Annonce d'un autre compte");
    expect(text).not.toContain("marc@example.fr");
  });

  it("tient en pages : plus d'annonces qu'une page de lecture, toutes présentes une fois", async () => {
    const user = await makeUser();
    const { cookie } = await openSession(user.id);
    const ids = addListings(user.id, 1_203);
    const { text } = await downloadExport(cookie);
    const listed = (JSON.parse(text) as { listings: Array<{ id: number }> }).listings.map((listing) => listing.id);
    expect(listed).toHaveLength(ids.length);
    expect(new Set(listed)).toEqual(new Set(ids));
  });

  it("sans session : redirigé vers /auth", async () => {
    const thrown = await exportLoader({ request: new Request("http://localhost/resources/account-export"), params: {}, context: {} }).catch((error: unknown) => error);
    expect((await answerOf(thrown)).location).toBe("/auth");
  });
});

/** Rows of every user-linked table that still name this user. */
function rowsOf(userId: string) {
  const count = (table: string, column = "user_id") => getSqlite().prepare(`select count(*) from ${table} where ${column} = ?`).pluck().get(userId) as number;
  return {
    users: count("users", "id"),
    passwords: count("passwords"),
    profiles: count("profiles"),
    roles: count("user_roles"),
    sessions: count("sessions"),
    resetLinks: count("password_reset_tokens"),
    listings: count("properties", "created_by"),
    connections: count("api_connections", "created_by"),
    keys: count("export_api_keys"),
    keyRequests: count("api_key_requests"),
    statistics: count("user_statistics"),
    usageLogs: count("api_usage_logs"),
    exportDocuments: count("export_documents"),
  };
}

describe("Supprimer mon compte", () => {
  it("refuse un mauvais mot de passe sans rien effacer", async () => {
    const { user, session } = await populatedUser();
    const answer = (await accountAction({ request: postAs(session.cookie, "/compte", { intent: "delete-account", password: "pas-le-bon" }), params: {}, context: {} })) as unknown as {
      data: { result: { error: Record<string, string[]> } };
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.result.error.password).toEqual(["Mot de passe incorrect : le compte n'a pas été supprimé."]);
    expect(rowsOf(user.id)).toMatchObject({ users: 1, listings: 3, connections: 1, keys: 1, sessions: 1 });
  });

  it("efface tout ce qui concerne l'utilisateur et ne garde que l'historique d'utilisation, anonymisé", async () => {
    const { user, session, listingIds, key } = await populatedUser();
    getDb().update(schema.properties).set({ status: "active" }).where(inArray(schema.properties.id, listingIds)).run();
    const other = await populatedUser();
    const usageBefore = getDb().select({ n: sql<number>`count(*)` }).from(schema.apiUsageLogs).get()!.n;
    expect(rowsOf(user.id).exportDocuments).toBe(3);

    const otherDevice = await openSession(user.id);
    const answer = (await accountAction({ request: postAs(session.cookie, "/compte", { intent: "delete-account", password: user.password }), params: {}, context: {} })) as AccountAnswer;
    // A job (issue 30): other devices are signed out at once, this session follows the job.
    expect(answer).toMatchObject({ ok: true, toast: { type: "success", message: ACCOUNT_MSG.deletionStarted }, deletion: { kind: "account-deletion" } });
    expect(getSqlite().prepare("select count(*) from sessions where id = ?").pluck().get(otherDevice.id)).toBe(0);
    await jobQueue().onIdle();
    const job = getSqlite().prepare("select status, listings, deleted_listings, message from account_deletion_jobs where id = ?").get(answer.deletion!.id);
    expect(job).toEqual({ status: "completed", listings: 3, deleted_listings: 3, message: "Votre compte et vos données ont été supprimés. 3 annonces effacées." });
    // The session went with the account: the next poll says so, and the card sends the browser to /auth.
    const poll = await pollJob({ request: pollRequest(session.cookie, answer.deletion!.id), params: { id: answer.deletion!.id }, context: {} }).catch((thrown: unknown) => thrown as Response);
    expect(poll.status).toBe(401);

    expect(rowsOf(user.id)).toEqual({ users: 0, passwords: 0, profiles: 0, roles: 0, sessions: 0, resetLinks: 0, listings: 0, connections: 0, keys: 0, keyRequests: 0, statistics: 0, usageLogs: 0, exportDocuments: 0 });
    expect(getSqlite().prepare("select count(*) from property_owners where property_id in (select value from json_each(?))").pluck().get(JSON.stringify(listingIds))).toBe(0);
    expect(getSqlite().prepare("select count(*) from properties_fts where rowid in (select value from json_each(?))").pluck().get(JSON.stringify(listingIds))).toBe(0);
    // The calls stay in the platform's figures, with neither the user nor the key.
    const usage = getDb().select().from(schema.apiUsageLogs).all();
    expect(usage).toHaveLength(usageBefore);
    const anonymous = usage.filter((row) => row.userId === null);
    expect(anonymous.map((row) => row.propertiesCount).sort()).toEqual([12, 7]);
    expect(anonymous.every((row) => row.apiKeyId === null)).toBe(true);
    expect(usage.some((row) => row.apiKeyId === key.id)).toBe(false);
    expect(findUserForSignIn(user.email)).toBeUndefined();
    // The other account is untouched.
    expect(rowsOf(other.user.id)).toMatchObject({ users: 1, listings: 3, connections: 1, keys: 1, usageLogs: 2 });
  });

  it("refuse au dernier administrateur, l'accepte quand un autre administrateur existe", async () => {
    const admin = await makeUser({ admin: true });
    // Other tests' administrators would count: this file's only one is this one.
    getSqlite().prepare("delete from user_roles where role = 'admin' and user_id <> ?").run(admin.id);
    const session = await openSession(admin.id);
    const refused = (await accountAction({ request: postAs(session.cookie, "/compte", { intent: "delete-account", password: admin.password }), params: {}, context: {} })) as unknown as {
      data: { result: { error: Record<string, string[]> } };
    };
    expect(refused.data.result.error.password).toEqual([
      "Impossible de supprimer le compte : vous êtes le dernier administrateur. Nommez d'abord un autre administrateur (npm run make-admin).",
    ]);
    expect(rowsOf(admin.id).users).toBe(1);
    await makeUser({ admin: true });
    expect(await deleteAccount(admin.id, admin.password)).toBeNull();
    expect(rowsOf(admin.id).users).toBe(0);
  });

  it("un gros compte s'efface par lots dans une tâche qui compte sa progression (issue 30)", async () => {
    const user = await makeUser();
    const session = await openSession(user.id);
    addListings(user.id, 1234);
    const answer = (await accountAction({ request: postAs(session.cookie, "/compte", { intent: "delete-account", password: user.password }), params: {}, context: {} })) as AccountAnswer;
    const jobId = answer.deletion!.id;
    // Seen while it runs, through the polling route every job shares.
    const views: Array<{ status: string; progress: { done: number; total: number } }> = [];
    for (;;) {
      const response = await pollJob({ request: pollRequest(session.cookie, jobId), params: { id: jobId }, context: {} }).catch((thrown: unknown) => thrown as Response);
      if (response.status !== 200) break;
      const { job } = (await response.json()) as { job: { status: string; progress: { done: number; total: number } } };
      views.push(job);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(views.some((view) => view.status === "processing" && view.progress.total === 1234 && view.progress.done > 0 && view.progress.done < 1234)).toBe(true);
    await jobQueue().onIdle();
    expect(getSqlite().prepare("select status, listings, deleted_listings from account_deletion_jobs where id = ?").get(jobId)).toEqual({ status: "completed", listings: 1234, deleted_listings: 1234 });
    expect(rowsOf(user.id)).toMatchObject({ users: 0, listings: 0, sessions: 0 });
  });
});
