import type { APIRequestContext } from "@playwright/test";
import { eq } from "drizzle-orm";
import { properties } from "#db/schema";
import { upsertListings } from "~/services/listings/listing-upsert.server";
import { getDb } from "~/utils/db.server";
import { createSession } from "~/utils/session.server";
import { listingInput, makeUser } from "../setup/factories";
import { expect, test } from "./fixtures";

/**
 * Who may do what: the single source of truth of SPEC.md section 6, checked over HTTP against
 * the built server for a visitor, a user, another user and an administrator.
 *
 * Expected answers: 'ok' (200), 'auth' (redirect to /auth), 'home' / 'dashboard' / 'properties'
 * (denial redirect), 'card' (200 with the access-denied card), 401, 403, 404, or 'invalid' (400:
 * the guard let the request through and the form validation refused the bogus body; resource
 * routes say it as `{ ok: false }`).
 */
type Role = "visitor" | "user" | "other" | "admin";
type Expect = "ok" | "auth" | "home" | "dashboard" | "properties" | "card" | 401 | 403 | 404 | 405 | "invalid";
type Row = { path: string; method: "GET" | "POST"; expect: Record<Role, Expect> };

const everyone = (value: Expect): Record<Role, Expect> => ({ visitor: value, user: value, other: value, admin: value });
const signedIn = (value: Expect, visitor: Expect): Record<Role, Expect> => ({ visitor, user: value, other: value, admin: value });
const adminOnly = (denied: Expect, allowed: Expect, visitor: Expect): Record<Role, Expect> => ({ visitor, user: denied, other: denied, admin: allowed });

const USER_SCREENS = ["/dashboard", "/properties", "/api-connections", "/request-api-key", "/export-api-keys", "/api-docs", "/moderation"];

function table(listingId: number, jobPath: string): Row[] {
  return [
    { path: "/", method: "GET", expect: everyone("ok") },
    { path: "/auth", method: "GET", expect: { visitor: "ok", user: "dashboard", other: "dashboard", admin: "dashboard" } },
    { path: "/healthz", method: "GET", expect: everyone("ok") },
    ...USER_SCREENS.map((path): Row => ({ path, method: "GET", expect: signedIn("ok", "auth") })),
    // Administrators moderate every listing (SPEC.md section 1, issue 17): they open any listing's page.
    // Another account's listing is not found (issue 24 item 14).
    { path: `/property/${listingId}`, method: "GET", expect: { visitor: "auth", user: "ok", other: 404, admin: "ok" } },
    { path: "/admin", method: "GET", expect: adminOnly("home", "ok", "auth") },
    { path: "/admin-panel", method: "GET", expect: adminOnly("home", "ok", "auth") },
    { path: "/admin-api-requests", method: "GET", expect: adminOnly("home", "ok", "auth") },
    { path: "/moteurimmo-sync", method: "GET", expect: adminOnly("card", "ok", "auth") },
    { path: jobPath, method: "GET", expect: { visitor: "auth", user: "ok", other: 404, admin: 404 } },
    // Mutations with a bogus body: the guard answers first; a permitted caller gets a refusal.
    ...["/api-connections", "/request-api-key", "/export-api-keys", "/moderation", "/resources/moderation", "/resources/file-import", "/resources/connection-sync"].map(
      (path): Row => ({ path, method: "POST", expect: signedIn("invalid", "auth") }),
    ),
    // No action: a 405, shown in the signed-in layout, whose loader first sends a visitor to /auth.
    { path: "/properties", method: "POST", expect: signedIn(405, "auth") },
    // An empty form is refused before any listing is read: nothing of it is shown or changed.
    { path: `/property/${listingId}`, method: "POST", expect: { visitor: "auth", user: "invalid", other: "invalid", admin: "invalid" } },
    { path: "/admin-panel", method: "POST", expect: adminOnly(403, "invalid", "auth") },
    { path: "/admin-api-requests", method: "POST", expect: adminOnly(403, "invalid", "auth") },
    { path: "/moteurimmo-sync", method: "POST", expect: adminOnly(403, "invalid", "auth") },
    { path: "/functions/v1/get-properties", method: "POST", expect: everyone(401) },
  ];
}

async function answer(request: APIRequestContext, row: Row, cookie: string | null): Promise<Expect | number> {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const response =
    row.method === "GET"
      ? await request.get(row.path, { headers, maxRedirects: 0 })
      : await request.post(row.path, { headers, maxRedirects: 0, form: row.path.startsWith("/functions") ? undefined : { intent: "intention-inconnue" }, data: row.path.startsWith("/functions") ? { apiKey: "efi_inconnue" } : undefined });
  const status = response.status();
  if (status === 302) {
    const location = new URL(response.headers()["location"] ?? "", "http://x").pathname;
    return ({ "/auth": "auth", "/": "home", "/dashboard": "dashboard", "/properties": "properties" } as Record<string, Expect>)[location] ?? `redirect ${location}` as never;
  }
  if ((status === 200 || status === 403) && row.method === "GET" && row.path === "/moteurimmo-sync" && (await response.text()).includes("Accès refusé : réservé aux administrateurs")) return "card";
  if (status === 200 && row.method === "POST" && (response.headers()["content-type"] ?? "").includes("json")) {
    // Resource routes answer fetchers with `{ ok: false, toast }` when they refuse the body.
    const body = (await response.json().catch(() => null)) as { ok?: boolean } | null;
    if (body?.ok === false) return "invalid";
  }
  if (status === 200) return "ok";
  if (status === 400) return "invalid";
  return status;
}

test("matrice des autorisations : chaque route, chaque rôle", async ({ request }) => {
  test.setTimeout(180_000);
  const accounts = { user: await makeUser(), other: await makeUser(), admin: await makeUser({ admin: true }) };
  upsertListings(accounts.user.id, [listingInput()]);
  const listing = getDb().select({ id: properties.id }).from(properties).where(eq(properties.createdBy, accounts.user.id)).get()!;
  const { createImportJob } = await import("~/services/imports/import-jobs.server");
  const job = createImportJob(accounts.user.id, { source: "fichier" });
  const cookies: Record<Role, string | null> = { visitor: null, user: null, other: null, admin: null };
  for (const role of ["user", "other", "admin"] as const) {
    cookies[role] = (await createSession(accounts[role].id)).setCookie.split(";")[0]!;
  }
  const mismatches: string[] = [];
  for (const row of table(listing.id, `/resources/jobs/${job.id}`)) {
    for (const role of Object.keys(row.expect) as Role[]) {
      const got = await answer(request, row, cookies[role]);
      if (got !== row.expect[role]) mismatches.push(`${row.method} ${row.path} en ${role} : attendu ${row.expect[role]}, obtenu ${got}`);
    }
  }
  expect(mismatches).toEqual([]);
});
