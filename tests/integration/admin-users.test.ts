import { describe, expect, it } from "vitest";
import { profiles, users } from "#db/schema";
import { loader } from "~/routes/_app.admin-panel";
import { ADMIN_USERS_PAGE_SIZE } from "~/config";
import { createUser } from "~/services/users/users.server";
import { getDb } from "~/utils/db.server";
import { makeUser, requestAs } from "../setup/factories";
import { addListings } from "../setup/listings-factories";

/** Issue 17, item 10: the administrators' user list on /admin-panel. */

async function load(adminId: string, search = "") {
  return loader({ request: await requestAs(adminId, `/admin-panel${search}`), params: {}, context: {} });
}

describe("liste des utilisateurs de /admin-panel", () => {
  it("montre e-mail, société, rôle, nombre d'annonces, inscription et dernière activité", async () => {
    const admin = await makeUser({ admin: true });
    const id = await createUser({ email: "camille@agence-rhone.fr", password: "motdepasse", fullName: "Camille Roche", companyName: "Agence du Rhône" });
    addListings(id, 3);
    const { users: list } = await load(admin.id, "?q=agence-rhone");
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ email: "camille@agence-rhone.fr", fullName: "Camille Roche", companyName: "Agence du Rhône", isAdmin: false, listings: 3, lastActiveAt: null });
    expect(list.rows[0]!.signedUpAt).toBeInstanceOf(Date);

    // Signing in (any request with the session) stamps the last activity; an admin shows as such.
    const { users: admins } = await load(admin.id, `?q=${encodeURIComponent(admin.email)}`);
    expect(admins.rows[0]).toMatchObject({ isAdmin: true, listings: 0 });
    expect(admins.rows[0]!.lastActiveAt).toBeInstanceOf(Date);
  });

  it("cherche sur l'e-mail, le nom et la société, sans casse, et prend % et _ pour eux-mêmes", async () => {
    const admin = await makeUser({ admin: true });
    await createUser({ email: "j.dupont@immo-sud.fr", password: "motdepasse", fullName: "Jeanne Dupont", companyName: "Immo Sud 100%" });
    expect((await load(admin.id, "?q=DUPONT")).users.total).toBe(1);
    expect((await load(admin.id, "?q=immo%20sud")).users.total).toBe(1);
    expect((await load(admin.id, "?q=100%25")).users.total).toBe(1);
    expect((await load(admin.id, "?q=%25%25%25")).users.total).toBe(0);
    expect((await load(admin.id, "?q=aucun-compte-ainsi")).users).toMatchObject({ total: 0, rows: [], page: 1, pageCount: 1 });
  });

  it("pagine du plus récent au plus ancien et ramène une page hors limites à la dernière", async () => {
    const admin = await makeUser({ admin: true });
    const base = Date.UTC(2026, 0, 1);
    // Straight rows (no password hashing): only the list's columns matter here.
    for (let i = 0; i < ADMIN_USERS_PAGE_SIZE + 5; i++) {
      const id = crypto.randomUUID();
      const email = `pagine-${i}@cabinet-pages.fr`;
      getDb().insert(users).values({ id, email, createdAt: new Date(base + i * 60_000) }).run();
      getDb().insert(profiles).values({ userId: id, email, fullName: `Agent ${i}` }).run();
    }
    const first = (await load(admin.id, "?q=cabinet-pages")).users;
    expect(first).toMatchObject({ total: ADMIN_USERS_PAGE_SIZE + 5, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(ADMIN_USERS_PAGE_SIZE);
    expect(first.rows[0]!.email).toBe(`pagine-${ADMIN_USERS_PAGE_SIZE + 4}@cabinet-pages.fr`);
    const second = (await load(admin.id, "?q=cabinet-pages&page=2")).users;
    expect(second.rows.map((row) => row.email).at(-1)).toBe("pagine-0@cabinet-pages.fr");
    expect((await load(admin.id, "?q=cabinet-pages&page=99")).users.page).toBe(2);
    expect((await load(admin.id, "?q=cabinet-pages&page=abc")).users.page).toBe(1);
  });

  it("est réservée aux administrateurs : un utilisateur est renvoyé avec le refus de la SPEC", async () => {
    const user = await makeUser();
    const thrown = (await load(user.id).catch((error: unknown) => error)) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/");
  });
});
