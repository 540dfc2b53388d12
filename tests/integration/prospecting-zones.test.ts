import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importJobs, moderationJobs, properties, searchZones, zoneListings } from "#db/schema";
import { criteriaToPartnerBody } from "~/services/prospecting/criteria";
import { startDueZoneRuns, startZoneScheduler, stopZoneScheduler } from "~/services/prospecting/scheduler.server";
import { zoneFormSchema, type ZoneForm } from "~/services/prospecting/zone-form";
import { newListingsByZoneSince } from "~/services/prospecting/zone-news.server";
import { startZoneRun } from "~/services/prospecting/zone-runs.server";
import { createZone, deleteZone, findZone, updateZone } from "~/services/prospecting/zones.server";
import { action, loader } from "~/routes/_app.prospection";
import { listListings } from "~/services/listings/listings.server";
import { getDb } from "~/utils/db.server";
import type { FakeMoteurImmo } from "../../testing/fake-moteurimmo";
import { makeUser, requestAs } from "../setup/factories";
import { listingsOf, resetPartnerEnv, useFakePartner, waitForJob } from "../setup/import-factories";

let partner: FakeMoteurImmo | undefined;
// The scheduler looks at every zone of the database: each test starts without any.
beforeEach(() => {
  getDb().delete(searchZones).run();
});
afterEach(async () => {
  stopZoneScheduler();
  delete process.env.SCHEDULER;
  await partner?.close();
  partner = undefined;
  resetPartnerEnv();
});

const HOUR = 60 * 60 * 1000;

function zoneForm(overrides: Record<string, unknown> = {}): ZoneForm {
  return zoneFormSchema.parse({ name: "Lyon", communes: ["69123"], frequency: "1", ...overrides });
}

function setNextRun(zoneId: string, at: Date | null) {
  getDb().update(searchZones).set({ nextRunAt: at }).where(eq(searchZones.id, zoneId)).run();
}

function runsOf(zoneId: string) {
  return getDb().select().from(importJobs).where(eq(importJobs.zoneId, zoneId)).all();
}

async function finished(userId: string, jobId: string) {
  return waitForJob(userId, jobId);
}

describe("création d'une zone (issue 24 item 7)", () => {
  it("la recherche part dès la création, sauf si l'utilisateur décoche la case", async () => {
    partner = await useFakePartner();
    const user = await makeUser();
    const started = await post(user.id, { intent: "create", name: "Lyon tout de suite", communes: "69123", frequency: "24", runNow: "on" });
    expect(started).toMatchObject({ status: 200, body: { ok: true, toast: { message: "Zone créée : la recherche est lancée" } } });
    const [zone] = getDb().select().from(searchZones).where(eq(searchZones.userId, user.id)).all();
    const [run] = runsOf(zone!.id);
    expect(run).toBeDefined();
    expect((await finished(user.id, run!.id)).status).toBe("completed");

    const later = await post(user.id, { intent: "create", name: "Lyon plus tard", communes: "69123", frequency: "24" });
    expect(later.body.toast?.message).toBe("Zone créée");
    const waiting = getDb().select().from(searchZones).where(eq(searchZones.name, "Lyon plus tard")).get();
    expect(runsOf(waiting!.id)).toHaveLength(0);
  });
});

describe("zones : chacun gère les siennes", () => {
  it("un autre utilisateur ne lit, ne modifie, ne supprime ni ne lance la zone", async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const zone = createZone(owner.id, zoneForm());
    expect(findZone(other.id, zone.id)).toBeUndefined();
    expect(updateZone(other.id, zone.id, zoneForm({ name: "Piratée" }))).toBeUndefined();
    expect(deleteZone(other.id, zone.id)).toBe(false);
    expect(startZoneRun(other.id, zone.id)).toBeUndefined();
    expect(findZone(owner.id, zone.id)?.name).toBe("Lyon");
    expect(runsOf(zone.id)).toHaveLength(0);
    expect(deleteZone(owner.id, zone.id)).toBe(true);
    expect(findZone(owner.id, zone.id)).toBeUndefined();
  });

  it("une fréquence donne la prochaine recherche une période plus tard ; manuelle, aucune", async () => {
    const user = await makeUser();
    const now = new Date("2026-03-01T08:00:00Z");
    expect(createZone(user.id, zoneForm({ frequency: "6" }), now).nextRunAt).toEqual(new Date("2026-03-01T14:00:00Z"));
    expect(createZone(user.id, zoneForm({ frequency: "manual" }), now).nextRunAt).toBeNull();
  });
});

type Answer = { ok: boolean; toast?: { message: string }; result?: { error?: Record<string, string[]> } };

async function post(userId: string, form: Record<string, string>): Promise<{ status: number; body: Answer }> {
  const request = await requestAs(userId, "/prospection", { form });
  const value = (await action({ request, params: {}, context: {} })) as unknown as { init?: { status?: number } | null; data: Answer };
  return { status: value.init?.status ?? 200, body: value.data };
}

describe("/prospection : les actions vérifient le propriétaire et les données", () => {
  it("crée une zone du formulaire, refuse une commune inconnue, et rien sur la zone d'un autre", async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const created = await post(owner.id, { intent: "create", name: "Villeurbanne", communes: "69266", frequency: "24" });
    expect(created).toMatchObject({ status: 200, body: { ok: true, toast: { message: "Zone créée" } } });
    const refused = await post(owner.id, { intent: "create", name: "Nulle part", communes: "99999" });
    expect(refused.status).toBe(400);
    expect(refused.body.result?.error?.communes).toEqual(["Commune inconnue : 99999"]);
    // Every unknown department is named, not only the first (issue 24 item 11).
    const departments = await post(owner.id, { intent: "create", name: "Rhône et Ain", departments: "69, 01, 99, abc" });
    expect(departments.body.result?.error?.departments).toEqual(["Départements inconnus : 99, ABC"]);
    const noPlace = await post(owner.id, { intent: "create", name: "Partout" });
    expect(noPlace.body.result?.error?.departments).toEqual(["Choisissez au moins une commune ou un département"]);

    const request = await requestAs(owner.id, "/prospection");
    const { zones } = await loader({ request, params: {}, context: {} });
    expect(zones.map((zone) => zone.name)).toEqual(["Villeurbanne"]);
    const zoneId = zones[0]!.id;
    for (const form of <Array<Record<string, string>>>[
      { intent: "run", zoneId },
      { intent: "delete", zoneId },
      { intent: "update", zoneId, name: "Piratée", communes: "69266", frequency: "1" },
    ]) {
      const answer = await post(other.id, form);
      expect(answer.status, form.intent).toBe(404);
    }
    expect(findZone(owner.id, zoneId)).toMatchObject({ name: "Villeurbanne", frequencyHours: 24 });
    expect(runsOf(zoneId)).toHaveLength(0);
    const otherRequest = await requestAs(other.id, "/prospection");
    expect((await loader({ request: otherRequest, params: {}, context: {} })).zones).toEqual([]);
  });
});

describe("recherche d'une zone", () => {
  it("n'importe que sa zone, avec le corps de ses critères, et retient les annonces qu'elle a apportées", async () => {
    partner = await useFakePartner({ total: 400 });
    const user = await makeUser();
    const zone = createZone(user.id, zoneForm({ priceMax: "2000" }));
    const job = startZoneRun(user.id, zone.id)!;
    const final = await finished(user.id, job.id);
    expect(final.status).toBe("completed");
    expect(final.zoneId).toBe(zone.id);
    expect(partner.requests[0]!.body).toMatchObject(criteriaToPartnerBody(zone.criteria));
    const listings = listingsOf(user.id);
    expect(listings.length).toBeGreaterThan(0);
    expect(final.imported).toBe(listings.length);
    expect(new Set(listings.map((listing) => listing.city))).toEqual(new Set(["Lyon"]));
    expect(listings.every((listing) => listing.price! <= 2000)).toBe(true);
    const recorded = getDb().select().from(zoneListings).where(eq(zoneListings.zoneId, zone.id)).all();
    expect(recorded).toHaveLength(listings.length);
    expect(newListingsByZoneSince(user.id, new Date(Date.now() - HOUR))).toEqual([{ zoneId: zone.id, name: "Lyon", count: listings.length }]);
    expect(newListingsByZoneSince(user.id, new Date(Date.now() + HOUR))).toEqual([{ zoneId: zone.id, name: "Lyon", count: 0 }]);
    // The /properties zone filter: the zone's listings, and none through another user's zone id.
    const filters = { q: "", city: "", type: "", transaction: "all" as const, status: "all" as const, limit: 2000 };
    expect(listListings(user.id, { ...filters, zone: zone.id }).total).toBe(listings.length);
    const stranger = await makeUser();
    expect(listListings(stranger.id, { ...filters, zone: zone.id }).total).toBe(0);
  });

  it("auto-modération : les annonces apportées par la recherche passent à la modération", async () => {
    partner = await useFakePartner({ total: 200 });
    const user = await makeUser();
    const zone = createZone(user.id, zoneForm({ autoModeration: "on", communes: [], departments: "69" }));
    await finished(user.id, startZoneRun(user.id, zone.id)!.id);
    const imported = listingsOf(user.id).length;
    expect(imported).toBeGreaterThan(0);
    const deadline = Date.now() + 15_000;
    let moderation;
    do {
      moderation = getDb().select().from(moderationJobs).where(eq(moderationJobs.userId, user.id)).get();
      await new Promise((resolve) => setTimeout(resolve, 20));
    } while ((!moderation || moderation.status !== "completed") && Date.now() < deadline);
    expect(moderation).toMatchObject({ mode: "ids", status: "completed", moderated: imported });
    const pending = getDb().select().from(properties).where(eq(properties.createdBy, user.id)).all().filter((p) => p.status === "pending");
    expect(pending).toHaveLength(0);
  });
});

describe("planificateur", () => {
  it("lance une zone due, pas une zone à venir ni une zone manuelle", async () => {
    partner = await useFakePartner({ total: 50 });
    const user = await makeUser();
    const now = new Date();
    const due = createZone(user.id, zoneForm({ name: "Due" }), new Date(now.getTime() - 2 * HOUR));
    const later = createZone(user.id, zoneForm({ name: "Plus tard" }), now);
    const manual = createZone(user.id, zoneForm({ name: "Manuelle", frequency: "manual" }), now);
    const started = startDueZoneRuns(now);
    expect(started.map((job) => job.zoneId)).toEqual([due.id]);
    await finished(user.id, started[0]!.id);
    expect(runsOf(later.id)).toHaveLength(0);
    expect(runsOf(manual.id)).toHaveLength(0);
  });

  it("ne lance pas deux fois une recherche en cours", async () => {
    partner = await useFakePartner({ total: 50, latencyMs: 300 });
    const user = await makeUser();
    const now = new Date();
    const zone = createZone(user.id, zoneForm(), new Date(now.getTime() - 2 * HOUR));
    const [job] = startDueZoneRuns(now);
    // Due again while its run is going (a clock jump, an edit): still one run.
    setNextRun(zone.id, new Date(now.getTime() - HOUR));
    expect(startDueZoneRuns(now)).toEqual([]);
    expect(() => startZoneRun(user.id, zone.id)).toThrow("Un import est déjà en cours");
    await finished(user.id, job!.id);
    expect(runsOf(zone.id)).toHaveLength(1);
  });

  it("après un redémarrage, une zone due pendant l'arrêt est lancée une fois, pas une fois par créneau manqué", async () => {
    partner = await useFakePartner({ total: 50 });
    const user = await makeUser();
    const restart = new Date();
    const zone = createZone(user.id, zoneForm({ frequency: "1" }), new Date(restart.getTime() - 10 * HOUR));
    expect(findZone(user.id, zone.id)!.nextRunAt!.getTime()).toBe(restart.getTime() - 9 * HOUR);
    const [job] = startDueZoneRuns(restart);
    await finished(user.id, job!.id);
    expect(startDueZoneRuns(restart)).toEqual([]);
    expect(startDueZoneRuns(new Date(restart.getTime() + 30 * 60 * 1000))).toEqual([]);
    expect(runsOf(zone.id)).toHaveLength(1);
    expect(findZone(user.id, zone.id)!.nextRunAt).toEqual(new Date(restart.getTime() + HOUR));
  });

  it("deux recherches au plus à la fois, une par utilisateur", async () => {
    partner = await useFakePartner({ total: 50, latencyMs: 200 });
    const now = new Date();
    const past = new Date(now.getTime() - 2 * HOUR);
    const users = [await makeUser(), await makeUser(), await makeUser()];
    const first = users[0]!;
    createZone(first.id, zoneForm({ name: "A1" }), past);
    createZone(first.id, zoneForm({ name: "A2" }), past);
    for (const user of users.slice(1)) createZone(user.id, zoneForm(), past);
    const started = startDueZoneRuns(now);
    expect(started).toHaveLength(2);
    expect(new Set(started.map((job) => job.userId)).size).toBe(2);
    expect(startDueZoneRuns(now)).toEqual([]);
    for (const job of started) await finished(job.userId, job.id);
  });

  it("SCHEDULER=off : rien n'est lancé, même une zone due", async () => {
    partner = await useFakePartner({ total: 50 });
    const user = await makeUser();
    const zone = createZone(user.id, zoneForm(), new Date(Date.now() - 2 * HOUR));
    process.env.SCHEDULER = "off";
    expect(startZoneScheduler()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runsOf(zone.id)).toHaveLength(0);
    delete process.env.SCHEDULER;
    expect(startZoneScheduler()).toBe(true);
    const [run] = runsOf(zone.id);
    expect(run).toBeDefined();
    await finished(user.id, run!.id);
  });
});
