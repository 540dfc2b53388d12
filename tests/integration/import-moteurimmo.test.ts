import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { importJobs, properties, propertyOwners, userStatistics } from "#db/schema";
import { importJobKind } from "~/services/imports/import-jobs.server";
import { cancelJob } from "~/services/jobs/engine.server";
import {
  importParamsSchema,
  moteurImmoImportSource,
  moteurImmoMode,
  startMoteurImmoImport,
  testMoteurImmoConnection,
} from "~/services/imports/moteurimmo-import.server";
import { createListingSource } from "~/services/imports/ad-page-thread.server";
import { inlineListingSource } from "~/services/imports/listing-page";
import { MoteurImmoError } from "~/services/moteurimmo/client.server";
import type { AdPage, AdSource } from "~/services/moteurimmo/types";
import { getDb, getSqlite } from "~/utils/db.server";
import { makeUser } from "../setup/factories";
import type { FakeMoteurImmo } from "../../testing/fake-moteurimmo";
import {
  FAST_CLIENT,
  jobRow,
  listingsOf,
  resetPartnerEnv,
  runMoteurImmoImport,
  useFakePartner,
  waitForJob,
} from "../setup/import-factories";

let partner: FakeMoteurImmo | undefined;
afterEach(async () => {
  await partner?.close();
  partner = undefined;
  resetPartnerEnv();
});

/** Pages of the search requests (each import then reads the withdrawn ads: POST /deletedAds). */
const searchPages = (fake: FakeMoteurImmo) => fake.requests.filter((r) => r.path === "/ads").map((r) => r.page);

const FIXED_QUERY = {
  types: ["rental"],
  publisherTypes: ["individual"],
  categories: ["flat", "house"],
  excludedOrigins: ["rentola", "properstar", "luxuryestate"],
  options: ["hasPicture"],
  sortBy: "creationDate-desc",
};

describe("paramètres d'import", () => {
  it("force les pages dans 1-20 et les annonces par page dans 1-1000, valeurs par défaut sinon", () => {
    expect(importParamsSchema.parse({ pages: "50", perPage: "0" })).toEqual({ pages: 20, perPage: 1 });
    expect(importParamsSchema.parse({ pages: "-3", perPage: "5000" })).toEqual({ pages: 1, perPage: 1000 });
    expect(importParamsSchema.parse({ pages: "12.7", perPage: "250" })).toEqual({ pages: 12, perPage: 250 });
    expect(importParamsSchema.parse({ pages: "abc", perPage: "" })).toEqual({ pages: 20, perPage: 1000 });
    expect(importParamsSchema.parse({})).toEqual({ pages: 20, perPage: 1000 });
  });
});

describe("pagination", () => {
  it("demande le total en page 1, s'arrête à la page courte et respecte la requête fixe", async () => {
    partner = await useFakePartner({ total: 2500 });
    const user = await makeUser({ admin: true });
    const job = await runMoteurImmoImport(user.id, { pages: 20, perPage: 1000 });
    expect(job.status).toBe("completed");
    expect(job).toMatchObject({ imported: 2500, updated: 0, skipped: 0, totalProcessed: 2500, currentPage: 3, totalPages: 3 });
    expect(searchPages(partner)).toEqual([1, 2, 3]);
    expect(partner.requests.at(-1)).toMatchObject({ path: "/deletedAds", page: 1 });
    const [first, second] = partner.requests;
    expect(first!.body).toMatchObject({ ...FIXED_QUERY, page: 1, maxLength: 1000, withCount: true, apiKey: partner.apiKey });
    expect(second!.body.withCount).toBeUndefined();
    expect(listingsOf(user.id)).toHaveLength(2500);
    expect(job.message).toBe("2\u00a0500 annonces importées");
    const stats = getDb().select().from(userStatistics).where(eq(userStatistics.userId, user.id)).get();
    expect(stats?.lastImportDate).toBeInstanceOf(Date);
  });

  it("ne dépasse pas le nombre de pages demandé", async () => {
    partner = await useFakePartner({ total: 500 });
    const user = await makeUser({ admin: true });
    const job = await runMoteurImmoImport(user.id, { pages: 2, perPage: 100 });
    expect(job).toMatchObject({ status: "completed", imported: 200, currentPage: 2, totalPages: 2 });
    expect(searchPages(partner)).toEqual([1, 2]);
  });

  it("s'arrête à une page courte même sans total connu", async () => {
    const pagesAsked: number[] = [];
    const source: AdSource = {
      mode: "demo",
      count: async () => 0,
      async fetchPage(_query, page, maxLength): Promise<AdPage> {
        pagesAsked.push(page);
        const size = page < 3 ? maxLength : 4;
        const ads = Array.from({ length: size }, (_, i) => ({ uniqueId: `p${page}-${i}`, title: "T", type: "rental" as const }));
        return { ads, invalid: [], received: size, count: null };
      },
    };
    const pages = [];
    for await (const page of moteurImmoImportSource(inlineListingSource(source), { pages: 20, perPage: 10 }).pages(new AbortController().signal)) pages.push(page);
    expect(pagesAsked).toEqual([1, 2, 3]);
    expect(pages.map((p) => p.listings.length)).toEqual([10, 10, 4]);
    expect(pages.at(-1)!.totalPages).toBe(3);
  });

  it("termine proprement quand le partenaire refuse d'aller au-delà de 10 000 résultats", async () => {
    partner = await useFakePartner({ total: 10_500 });
    const user = await makeUser({ admin: true });
    const job = await runMoteurImmoImport(user.id, { pages: 20, perPage: 1000 });
    expect(job).toMatchObject({ status: "completed", imported: 10_000, currentPage: 10, totalPages: 10 });
    expect(job.errors).toEqual(["Limite de 10\u00a0000 résultats par recherche atteinte : import arrêté avant la page 11"]);
  }, 120_000);
});

describe("test de connexion", () => {
  it("compte les annonces disponibles avec la requête de contrôle", async () => {
    partner = await useFakePartner({ total: 321 });
    expect(moteurImmoMode()).toBe("live");
    expect(await testMoteurImmoConnection(FAST_CLIENT)).toEqual({ ok: true, count: 321, message: "Connexion OK - 321 annonces disponibles" });
    expect(partner.requests[0]!.body).toEqual({ types: ["rental"], withCount: true, maxLength: 1, apiKey: partner.apiKey });
  });

  it("donne la raison en français, sans la clé, quand elle est refusée", async () => {
    partner = await useFakePartner();
    process.env.MOTEURIMMO_API_KEY = "mauvaise-cle-secrete";
    const result = await testMoteurImmoConnection(FAST_CLIENT);
    expect(result).toEqual({ ok: false, message: "Erreur lors du test: Clé API MoteurImmo refusée" });
    expect(result.message).not.toContain("mauvaise-cle-secrete");
  });

  it("sans clé, utilise le flux de démonstration", async () => {
    expect(moteurImmoMode()).toBe("demo");
    const result = await testMoteurImmoConnection();
    expect(result.ok).toBe(true);
    expect(result.message).toMatch(/^Connexion OK - [\d\u00a0]+ annonces disponibles$/);
  });
});

describe("correspondance annonce → bien", () => {
  const ad = {
    uniqueId: "0123456789abcdef01234567",
    adId: "2456789",
    origin: "leboncoin",
    url: "https://www.leboncoin.fr/locations/2456789.htm",
    title: "Appartement T3 lumineux avec balcon",
    description: "Au 3e étage avec ascenseur, séjour de 25 m², deux chambres, cuisine équipée.",
    type: "rental",
    category: "flat",
    price: 1150,
    propertyCharges: 80,
    surface: 64.5,
    rooms: 3,
    bedrooms: 2,
    floor: 3,
    buildingFloors: 6,
    constructionYear: 1972,
    energyGrade: "d",
    options: ["hasBalcony", "hasLift", "isFurnished", "hasPicture"],
    pictureUrl: "https://img.example.fr/a.jpg",
    pictureUrls: ["https://img.example.fr/a.jpg", "https://img.example.fr/b.jpg"],
    location: { city: "Lyon", postalCode: "69003", inseeCode: "69383", departmentCode: 69, district: "Part-Dieu", coordinates: [4.85, 45.76] },
    publisher: { type: "individual", name: "DUPONT Marie", phone: "hidden", email: "Marie.Dupont@example.fr" },
    creationDate: "2025-06-01T08:00:00.000Z",
  };

  it("écrit chaque champ et le propriétaire réel", async () => {
    partner = await useFakePartner({ ads: [ad, { ...ad, uniqueId: "fedcba9876543210fedcba98", publisher: { name: "hidden", email: "hidden" } }] });
    const user = await makeUser({ admin: true });
    const job = await runMoteurImmoImport(user.id, { pages: 1, perPage: 10 });
    expect(job.imported).toBe(2);
    const row = getDb().select().from(properties).where(eq(properties.sourcePlatformId, ad.uniqueId)).get()!;
    expect(row).toMatchObject({
      title: ad.title,
      description: ad.description,
      price: 1150,
      propertyCharges: 80,
      propertyType: "Appartement",
      transactionType: "rental",
      address: "Part-Dieu",
      city: "Lyon",
      postalCode: "69003",
      surfaceArea: 64.5,
      rooms: 3,
      bedrooms: 2,
      bathrooms: null,
      images: ["https://img.example.fr/a.jpg", "https://img.example.fr/b.jpg"],
      sourceUrl: ad.url,
      sourcePlatform: "moteurimmo",
      sourceOrigin: "leboncoin",
      features: ["Balcon", "Ascenseur", "Meublé"],
      floor: 3,
      totalFloors: 6,
      yearBuilt: 1972,
      energyRating: "D",
      status: "pending",
      createdBy: user.id,
    });
    const owner = getDb().select().from(propertyOwners).where(eq(propertyOwners.propertyId, row.id)).get();
    expect(owner).toMatchObject({ firstName: "Marie", lastName: "DUPONT", email: "marie.dupont@example.fr" });
    const hidden = getDb().select().from(properties).where(eq(properties.sourcePlatformId, "fedcba9876543210fedcba98")).get()!;
    expect(getDb().select().from(propertyOwners).where(eq(propertyOwners.propertyId, hidden.id)).get()).toBeUndefined();
  });
});

describe("ré-import", () => {
  it("ne crée aucune ligne la deuxième fois et réanalyse dans l'import une annonce validée dont le prix change", async () => {
    partner = await useFakePartner({ total: 150 });
    const user = await makeUser({ admin: true });
    await runMoteurImmoImport(user.id, { pages: 5, perPage: 50 });
    const again = await runMoteurImmoImport(user.id, { pages: 5, perPage: 50 });
    expect(again).toMatchObject({ status: "completed", imported: 0, updated: 0, skipped: 150, totalProcessed: 150 });
    expect(again.message).toBe("Aucune nouvelle annonce à importer");
    expect(listingsOf(user.id)).toHaveLength(150);

    const rows = listingsOf(user.id);
    const [validated, blacklisted] = [rows[0]!, rows[1]!];
    getDb().update(properties).set({ status: "active", aiCheckedAt: new Date(), aiConfidence: 0.1 }).where(eq(properties.id, validated.id)).run();
    getDb().update(properties).set({ status: "rejected" }).where(eq(properties.id, blacklisted.id)).run();
    const ads = await fetchAllAds(partner);
    partner.setAds(ads.map((a) => (a.uniqueId === validated.sourcePlatformId || a.uniqueId === blacklisted.sourcePlatformId ? { ...a, price: Number(a.price) + 100 } : a)));
    const third = await runMoteurImmoImport(user.id, { pages: 5, perPage: 50 });
    expect(third).toMatchObject({ imported: 0, updated: 2, skipped: 148 });
    const after = getDb().select().from(properties).where(eq(properties.id, validated.id)).get()!;
    // Issue 25 section 4: re-scored by the import itself, it stays active unless the engine flags it.
    expect(after).toMatchObject({ price: validated.price! + 100 });
    expect(["active", "suspicious"]).toContain(after.status);
    expect(after.aiCheckedAt!.getTime()).toBeGreaterThanOrEqual(third.createdAt.getTime());
    expect(getSqlite().prepare("select status from listing_rechecks where listing_id = ?").pluck().all(validated.id)).toEqual([after.status]);
    expect(getDb().select().from(properties).where(eq(properties.id, blacklisted.id)).get()!.status).toBe("rejected");
  });
});

/** The ads the fake serves (through its own protocol). */
async function fetchAllAds(fake: FakeMoteurImmo): Promise<Array<Record<string, unknown>>> {
  const response = await fetch(`${fake.url}/ads`, { method: "POST", body: JSON.stringify({ apiKey: fake.apiKey, maxLength: 1000 }) });
  return ((await response.json()) as { ads: Array<Record<string, unknown>> }).ads;
}

describe("annonces invalides et pannes du partenaire", () => {
  it("ignore et compte une annonce invalide, écarte les entrées qui ne sont pas des objets", async () => {
    partner = await useFakePartner({ total: 120, faults: [{ page: 1, type: "junk" }] });
    const user = await makeUser({ admin: true });
    const job = await runMoteurImmoImport(user.id, { pages: 3, perPage: 50 });
    expect(job).toMatchObject({ status: "completed", imported: 118, skipped: 1, totalProcessed: 119, currentPage: 3 });
    expect(job.errors).toHaveLength(1);
    expect(job.errors[0]).toMatch(/^Annonce junk-1 ignorée : prix \(price\)/);
    expect(listingsOf(user.id)).toHaveLength(118);
  });

  it("réessaie après une erreur 500 puis réussit", async () => {
    partner = await useFakePartner({ total: 120, faults: [{ page: 2, type: "status", status: 500 }] });
    const user = await makeUser({ admin: true });
    const job = await runMoteurImmoImport(user.id, { pages: 3, perPage: 50 });
    expect(job).toMatchObject({ status: "completed", imported: 120 });
    expect(searchPages(partner)).toEqual([1, 2, 2, 3]);
  });

  it("attend le Retry-After d'une réponse 429", async () => {
    partner = await useFakePartner({ total: 60, faults: [{ page: 1, type: "rateLimit", retryAfter: 1 }] });
    const user = await makeUser({ admin: true });
    const started = Date.now();
    const job = await runMoteurImmoImport(user.id, { pages: 2, perPage: 50 });
    expect(job).toMatchObject({ status: "completed", imported: 60 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(searchPages(partner)).toEqual([1, 1, 2]);
  });

  it("relance une requête restée sans réponse, puis échoue en français si elle se répète", async () => {
    const options = { client: { ...FAST_CLIENT.client, timeoutMs: 1000, maxTimeoutRetries: 1 } };
    partner = await useFakePartner({ total: 120, faults: [{ page: 2, type: "hang" }] });
    const user = await makeUser({ admin: true });
    const once = await runMoteurImmoImport(user.id, { pages: 3, perPage: 50 }, options);
    expect(once).toMatchObject({ status: "completed", imported: 120 });

    partner.setFaults([{ page: 2, type: "hang", times: Infinity }]);
    const other = await makeUser({ admin: true });
    const failed = await runMoteurImmoImport(other.id, { pages: 3, perPage: 50 }, options);
    expect(failed.status).toBe("failed");
    expect(failed.message).toBe("Erreur de connexion à MoteurImmo : pas de réponse après 1 s");
    // Page 1 was written with its counters; page 2 never was.
    expect(failed).toMatchObject({ imported: 50, currentPage: 1 });
    expect(listingsOf(other.id)).toHaveLength(50);
  });

  it("échoue sur un JSON illisible sans rien écrire", async () => {
    partner = await useFakePartner({ total: 120, faults: [{ page: 1, type: "malformed" }] });
    const user = await makeUser({ admin: true });
    const job = await runMoteurImmoImport(user.id, { pages: 3, perPage: 50 });
    expect(job).toMatchObject({ status: "failed", message: "Réponse invalide", imported: 0, currentPage: 0 });
    expect(job.errors).toEqual(["Réponse invalide"]);
    expect(listingsOf(user.id)).toHaveLength(0);
  });

  it("échoue clairement avec une mauvaise clé, sans rien écrire ni montrer la clé", async () => {
    partner = await useFakePartner({ total: 120 });
    process.env.MOTEURIMMO_API_KEY = "cle-incorrecte-123456";
    const user = await makeUser({ admin: true });
    const job = await runMoteurImmoImport(user.id, { pages: 3, perPage: 50 });
    expect(job).toMatchObject({ status: "failed", message: "Clé API MoteurImmo refusée", imported: 0, totalProcessed: 0 });
    expect(JSON.stringify(job)).not.toContain("cle-incorrecte-123456");
    expect(partner.requests).toHaveLength(1);
    expect(listingsOf(user.id)).toHaveLength(0);
  });
});

describe("Stop", () => {
  it("annule en cours d'import, interrompt la requête en vol et garde des compteurs exacts", async () => {
    partner = await useFakePartner({ total: 200, faults: [{ page: 3, type: "hang" }] });
    const user = await makeUser({ admin: true });
    const job = startMoteurImmoImport(user.id, { pages: 4, perPage: 50 }, FAST_CLIENT);
    await waitForJob(user.id, job.id, (row) => row.currentPage === 2);
    await waitForJob(user.id, job.id, () => partner!.requests.some((r) => r.page === 3));
    expect(cancelJob(importJobKind, user.id, job.id)).toBe(true);
    const final = await waitForJob(user.id, job.id);
    expect(final).toMatchObject({ status: "cancelled", currentPage: 2, imported: 100, totalProcessed: 100 });
    expect(listingsOf(user.id)).toHaveLength(final.imported);
    expect(cancelJob(importJobKind, user.id, job.id)).toBe(false);
  });

  it("n'écrit pas une page arrivée après un Stop venu d'un autre processus", async () => {
    partner = await useFakePartner({ total: 200, faults: [{ page: 2, type: "delay", ms: 300 }] });
    const user = await makeUser({ admin: true });
    const job = startMoteurImmoImport(user.id, { pages: 4, perPage: 50 }, FAST_CLIENT);
    await waitForJob(user.id, job.id, (row) => row.currentPage === 1);
    // Another process only changes the row: this worker notices inside its write transaction.
    getDb().update(importJobs).set({ status: "cancelled", message: "Import arrêté" }).where(eq(importJobs.id, job.id)).run();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const final = jobRow(job.id);
    expect(final).toMatchObject({ status: "cancelled", currentPage: 1, imported: 50 });
    expect(listingsOf(user.id)).toHaveLength(50);
  });

  it("refuse un second import ouvert pour le même utilisateur", async () => {
    partner = await useFakePartner({ total: 100, faults: [{ page: 1, type: "delay", ms: 300 }] });
    const user = await makeUser({ admin: true });
    const job = startMoteurImmoImport(user.id, { pages: 2, perPage: 50 }, FAST_CLIENT);
    expect(() => startMoteurImmoImport(user.id, { pages: 2, perPage: 50 }, FAST_CLIENT)).toThrow(
      "Un import est déjà en cours pour votre compte. Attendez sa fin ou arrêtez-le.",
    );
    expect((await waitForJob(user.id, job.id)).status).toBe("completed");
  });
});

describe("analyse hors du fil principal", () => {
  it("valide et convertit les annonces dans le worker, qui relaie les erreurs du partenaire", async () => {
    partner = await useFakePartner({ total: 30 });
    const source = createListingSource({ mode: "live", baseUrl: partner.url, apiKey: partner.apiKey, client: FAST_CLIENT.client });
    const page = await source.fetchListings({ types: ["rental"] }, 1, 20);
    expect(page).toMatchObject({ count: 30, received: 20, invalid: [] });
    expect(page.listings[0]).toMatchObject({ sourcePlatform: "moteurimmo", transactionType: "rental" });
    const thread = (globalThis as unknown as { __vigimmoWorkerThreads?: Map<string, { alive: boolean }> }).__vigimmoWorkerThreads?.get("import");
    expect(thread?.alive).toBe(true);

    const refused = createListingSource({ mode: "live", baseUrl: partner.url, apiKey: "mauvaise", client: FAST_CLIENT.client });
    const error = await refused.fetchListings({}, 1, 10).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(MoteurImmoError);
    expect(error).toMatchObject({ kind: "auth", status: 401, message: "Clé API MoteurImmo refusée" });
    source.close();
    refused.close();
  });
});
