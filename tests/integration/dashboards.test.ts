import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiConnections, apiUsageLogs, userStatistics } from "#db/schema";
import { action as adminPanelAction, loader as adminPanelLoader } from "~/routes/_app.admin-panel";
import { loader as adminLoader } from "~/routes/_app.admin";
import { loader as dashboardLoader } from "~/routes/_app.dashboard";
import { startOfParisDay } from "~/services/dashboard/stats.server";
import { getDb } from "~/utils/db.server";
import { makeUser, requestAs, thrownBy } from "../setup/factories";
import { addListings, setCreatedAt, setStatus } from "../setup/listings-factories";

const DAY = 24 * 60 * 60 * 1000;

let user: { id: string };
let other: { id: string };
let admin: { id: string };

beforeAll(async () => {
  user = await makeUser();
  other = await makeUser();
  admin = await makeUser({ admin: true });
  // user: 10 listings — 4 pending, 3 suspicious, 2 active, 1 rejected; 3 of them from a file import.
  const ids = addListings(user.id, 10, (i) => ({ sourcePlatform: i < 3 ? "fichier" : i < 6 ? "moteurimmo" : "connexion:abc" }));
  setStatus(ids.slice(4, 7), "suspicious", "Prix anormalement bas");
  setStatus(ids.slice(7, 9), "active");
  setStatus(ids.slice(9), "rejected");
  // other: 6 listings, 3 active, 2 of them created two days ago.
  const otherIds = addListings(other.id, 6);
  setStatus(otherIds.slice(0, 3), "active");
  setCreatedAt(otherIds.slice(0, 2), new Date(Date.now() - 2 * DAY));
  getDb().update(userStatistics).set({ propertiesExported: 4, lastImportDate: new Date("2024-03-05T10:00:00Z"), lastExportDate: null }).where(eq(userStatistics.userId, user.id)).run();
  getDb()
    .insert(apiConnections)
    .values([
      { name: "Flux agence", platformType: "custom", apiType: "import", apiEndpoint: "https://flux.example.fr", createdBy: user.id },
      { name: "Export site", platformType: "custom", apiType: "export", apiEndpoint: "https://site.example.fr", createdBy: other.id },
    ])
    .run();
  getDb()
    .insert(apiUsageLogs)
    .values([
      { userId: user.id, propertiesCount: 25, createdAt: new Date() },
      { userId: other.id, propertiesCount: 5, createdAt: new Date() },
      { userId: other.id, propertiesCount: 1000, createdAt: new Date(Date.now() - 2 * DAY) },
    ])
    .run();
});

async function dashboard(userId: string) {
  return dashboardLoader({ request: await requestAs(userId, "/dashboard"), params: {}, context: {} });
}

describe("/dashboard", () => {
  it("compte les annonces de l'utilisateur par statut, le total de la plateforme et les importées via API", async () => {
    const { stats } = await dashboard(user.id);
    expect(stats).toMatchObject({
      platformTotal: 16,
      counts: { all: 10, pending: 4, suspicious: 3, active: 2, rejected: 1 },
      importedViaApi: 7,
      propertiesExported: 4,
      lastExportDate: null,
      activeRate: 20,
      exportedRate: 20,
    });
    expect(stats!.lastImportDate).toEqual(new Date("2024-03-05T10:00:00Z"));
  });

  it("donne des taux à 0 sans annonce", async () => {
    const empty = await makeUser();
    const { stats } = await dashboard(empty.id);
    expect(stats).toMatchObject({ counts: { all: 0 }, activeRate: 0, exportedRate: 0, importedViaApi: 0, lastImportDate: null, platformTotal: 16 });
  });

  it("renvoie vers /auth sans session", async () => {
    await expect(dashboardLoader({ request: new Request("http://localhost/dashboard"), params: {}, context: {} })).rejects.toMatchObject({ status: 302 });
  });
});

describe("/admin", () => {
  it("calcule les cartes depuis les tables", async () => {
    const { stats } = await adminLoader({ request: await requestAs(admin.id, "/admin"), params: {}, context: {} });
    expect(stats).toMatchObject({
      totalProperties: 16,
      activeProperties: 5,
      totalApiConnections: 2,
      importedToday: 14,
      exportedToday: 30,
      activeRate: 31,
    });
    // Users of this file: user, other, admin, and the empty account of the dashboard test.
    expect(stats!.totalUsers).toBeGreaterThanOrEqual(3);
    expect(stats!.averagePerUser).toBeCloseTo(Math.round((16 / stats!.totalUsers) * 10) / 10);
  });

  it("refuse un utilisateur qui n'est pas administrateur", async () => {
    const thrown = (await adminLoader({ request: await requestAs(user.id, "/admin"), params: {}, context: {} }).catch((error: unknown) => error)) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/");
  });

  it("le jour commence à minuit, heure de Paris (été comme hiver)", () => {
    expect(startOfParisDay(new Date("2024-07-14T21:59:00Z")).toISOString()).toBe("2024-07-13T22:00:00.000Z");
    expect(startOfParisDay(new Date("2024-07-14T22:01:00Z")).toISOString()).toBe("2024-07-14T22:00:00.000Z");
    expect(startOfParisDay(new Date("2024-01-10T08:00:00Z")).toISOString()).toBe("2024-01-09T23:00:00.000Z");
    expect(startOfParisDay(new Date("2024-03-31T12:00:00Z")).toISOString()).toBe("2024-03-30T23:00:00.000Z");
  });
});

describe("/admin-panel", () => {
  type Answer = { ok: boolean; command: string | null; toast: { message: string } | null };
  async function submit(userId: string, email?: string) {
    const form: Record<string, string> = email === undefined ? {} : { email };
    const request = await requestAs(userId, "/admin-panel", { method: "POST", form });
    const result = (await adminPanelAction({ request, params: {}, context: {} })) as unknown;
    return result && typeof result === "object" && "init" in result
      ? (result as { data: Answer; init: ResponseInit })
      : { data: result as Answer, init: { status: 200 } };
  }

  it("renvoie la commande make-admin avec l'email taillé et en minuscules", async () => {
    const result = await submit(admin.id, "  Nouvel.Admin@Agence.FR ");
    expect(result.data).toMatchObject({ ok: true, command: "npm run make-admin -- nouvel.admin@agence.fr" });
  });

  it("refuse un email vide, invalide ou trop long avec les messages français", async () => {
    for (const [email, message] of [
      [undefined, "Veuillez entrer un email"],
      ["   ", "Veuillez entrer un email"],
      ["pas-un-email", "Email invalide: adresse e-mail mal formée"],
      ["a; rm -rf /@x.fr", "Email invalide: adresse e-mail mal formée"],
      [`${"a".repeat(250)}@example.fr`, "Email invalide: 255 caractères maximum"],
    ] as const) {
      const result = await submit(admin.id, email);
      expect(result.init.status, String(email)).toBe(400);
      expect(result.data.toast?.message).toBe(message);
      expect(result.data.command).toBeNull();
    }
  });

  it("est réservé aux administrateurs (redirection en GET, 403 en POST)", async () => {
    const get = (await adminPanelLoader({ request: await requestAs(user.id, "/admin-panel"), params: {}, context: {} }).catch((error: unknown) => error)) as Response;
    expect(get.status).toBe(302);
    const request = await requestAs(user.id, "/admin-panel", { method: "POST", form: { email: "x@example.fr" } });
    expect(await thrownBy(() => adminPanelAction({ request, params: {}, context: {} }))).toMatchObject({ status: 403 });
  });
});
