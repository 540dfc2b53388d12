import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { properties, users } from "#db/schema";
import { loader as dashboardLoader } from "~/routes/_app.dashboard";
import { loader as propertiesLoader } from "~/routes/_app.properties";
import { loader as propertyLoader } from "~/routes/_app.property.$id";
import { loader as csvLoader } from "~/routes/resources.listings-csv";
import { FILE_IMPORT_BATCH_SIZE } from "~/services/file-import/limits";
import { openListingFile } from "~/services/imports/file-parse-thread.server";
import { createImportJob, runImportJob } from "~/services/imports/import-jobs.server";
import { fileImportSource } from "~/services/imports/file-import-source.server";
import { upsertListings } from "~/services/listings/listing-upsert.server";
import { getDb } from "~/utils/db.server";
import { createSession, resolveSession } from "~/utils/session.server";
import { callExportApi, makeActiveListings, makeExportKey } from "../setup/export-factories";
import { listingInput, makeUser, requestAs } from "../setup/factories";
import { addListings } from "../setup/listings-factories";

type PropertiesData = Awaited<ReturnType<typeof propertiesLoader>>;

async function list(userId: string, search = ""): Promise<PropertiesData> {
  return propertiesLoader({ request: await requestAs(userId, `/properties${search}`), params: {}, context: {} });
}

function withdraw(ids: number[], at = new Date()) {
  getDb().update(properties).set({ withdrawnAt: at }).where(inArray(properties.id, ids)).run();
}

/** A new price for a listing, as an import brings it (same source id). */
function reprice(userId: string, id: number, price: number) {
  const row = getDb().select().from(properties).where(eq(properties.id, id)).get()!;
  upsertListings(userId, [listingInput({ sourcePlatformId: row.sourcePlatformId!, title: row.title, price })]);
}

let owner: { id: string };
let other: { id: string };
beforeEach(async () => {
  owner = await makeUser();
  other = await makeUser();
});

describe("/properties : annonces retirées et baisses de prix", () => {
  it("laisse les annonces retirées hors des listes par défaut et les montre avec le filtre « Retirées »", async () => {
    const ids = addListings(owner.id, 5, () => ({ price: 900 }));
    const foreign = addListings(other.id, 2);
    withdraw([ids[0]!, ids[1]!]);
    withdraw([foreign[0]!]);

    const online = await list(owner.id, "?status=all");
    expect(online.listings.map((l) => l.id).sort()).toEqual(ids.slice(2).sort());
    expect(online.total).toBe(3);
    expect(online.counts).toMatchObject({ pending: 3, all: 3 });
    expect((await list(owner.id)).total).toBe(3);

    const withdrawn = await list(owner.id, "?status=all&changes=withdrawn");
    expect(withdrawn.listings.map((l) => l.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(withdrawn.listings.every((l) => l.withdrawnAt instanceof Date)).toBe(true);
    expect(withdrawn.total).toBe(2);
    // Other filters still apply to the withdrawn list.
    expect((await list(owner.id, "?status=active&changes=withdrawn")).total).toBe(0);
  });

  it("filtre « Baisse de prix » : annonces dont le dernier changement de prix est une baisse, badge sur la carte", async () => {
    const ids = addListings(owner.id, 4, () => ({ price: 1000 }));
    reprice(owner.id, ids[0]!, 900);
    reprice(owner.id, ids[1]!, 900);
    reprice(owner.id, ids[1]!, 1100); // went back up: no longer a drop
    reprice(owner.id, ids[2]!, 800);
    withdraw([ids[2]!]); // withdrawn: out of the default lists, even with a drop

    const drops = await list(owner.id, "?status=all&changes=price_drop");
    expect(drops.listings.map((l) => l.id)).toEqual([ids[0]]);
    expect(drops.total).toBe(1);
    const all = await list(owner.id, "?status=all");
    const cards = new Map(all.listings.map((l) => [l.id, l]));
    expect(cards.get(ids[0]!)).toMatchObject({ priceDropped: true, daysOnMarket: 0 });
    expect(cards.get(ids[1]!)).toMatchObject({ priceDropped: false });
    expect(cards.get(ids[3]!)).toMatchObject({ priceDropped: false });
    expect((await list(other.id, "?status=all&changes=price_drop")).total).toBe(0);
  });

  it("/property/{id} montre l'historique des prix de l'annonce, à son propriétaire seulement", async () => {
    const [id] = addListings(owner.id, 1, () => ({ price: 1000 }));
    reprice(owner.id, id!, 950);
    reprice(owner.id, id!, 900);
    const request = await requestAs(owner.id, `/property/${id}`);
    const data = await propertyLoader({ request, params: { id: String(id) }, context: {} });
    expect(data.priceHistory.map((c) => [c.oldPrice, c.newPrice])).toEqual([
      [1000, 950],
      [950, 900],
    ]);
    const foreign = await requestAs(other.id, `/property/${id}`);
    await expect(propertyLoader({ request: foreign, params: { id: String(id) }, context: {} })).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("API d'export", () => {
  it("n'exporte pas les annonces retirées", async () => {
    const ids = makeActiveListings(owner.id, 3);
    const { apiKey } = makeExportKey(owner.id);
    withdraw([ids[0]!]);
    const answer = await callExportApi({ apiKey });
    expect(answer.status).toBe(200);
    const exported = (answer.json as { properties: Array<{ id: number }> }).properties.map((p) => p.id);
    expect(exported).not.toContain(ids[0]);
    expect(exported).toEqual(expect.arrayContaining([ids[1], ids[2]]));
    // Back on the market: exported again.
    getDb().update(properties).set({ withdrawnAt: null }).where(eq(properties.id, ids[0]!)).run();
    const again = (await callExportApi({ apiKey })).json as { properties: Array<{ id: number }> };
    expect(again.properties.map((p) => p.id)).toContain(ids[0]);
  });
});

describe("Nouveautés du tableau de bord", () => {
  it("compte ce qui est arrivé depuis la visite précédente et pas avant", async () => {
    const before = addListings(owner.id, 3, () => ({ price: 1000 }));
    withdraw([before[0]!], new Date(Date.now() - 3 * 3600_000));
    // The previous visit ended two hours ago; this request starts a new one.
    const previous = new Date(Date.now() - 2 * 3600_000);
    getDb().update(users).set({ lastActiveAt: previous }).where(eq(users.id, owner.id)).run();
    getDb().update(properties).set({ createdAt: new Date(Date.now() - 4 * 3600_000) }).where(inArray(properties.id, before)).run();
    const session = await createSession(owner.id);
    expect(resolveSession(session.id)).toBe(owner.id);

    addListings(owner.id, 2);
    reprice(owner.id, before[1]!, 900);
    reprice(owner.id, before[2]!, 1200);
    withdraw([before[2]!]);

    const request = await requestAs(owner.id, "/dashboard");
    const { news } = await dashboardLoader({ request, params: {}, context: {} });
    expect(news).toMatchObject({ firstVisit: false, newListings: 2, priceDrops: 1, withdrawn: 1 });
    expect(Math.abs(new Date(news.since).getTime() - previous.getTime())).toBeLessThan(1000);

    const fresh = await dashboardLoader({ request: await requestAs(other.id, "/dashboard"), params: {}, context: {} });
    expect(fresh.news).toMatchObject({ firstVisit: true, newListings: 0, priceDrops: 0, withdrawn: 0 });
  });
});

async function exportCsv(userId: string, search = ""): Promise<{ response: Response; bytes: Uint8Array }> {
  const response = await csvLoader({ request: await requestAs(userId, `/resources/listings-csv${search}`), params: {}, context: {} });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const COMPARED = [
  "title",
  "description",
  "price",
  "propertyCharges",
  "propertyType",
  "transactionType",
  "address",
  "city",
  "postalCode",
  "surfaceArea",
  "rooms",
  "bedrooms",
  "bathrooms",
  "images",
  "sourceUrl",
  "features",
  "floor",
  "totalFloors",
  "yearBuilt",
  "energyRating",
] as const;

function comparable(userId: string) {
  return getDb()
    .select()
    .from(properties)
    .where(eq(properties.createdBy, userId))
    .all()
    .map((row) => Object.fromEntries(COMPARED.map((key) => [key, row[key]])))
    .sort((a, b) => String(a.title).localeCompare(String(b.title)));
}

describe("export CSV", () => {
  it("exporte le filtre courant en UTF-8 avec BOM et ';', et l'import du fichier redonne les mêmes annonces", async () => {
    addListings(owner.id, 3, (index) => ({
      title: `Maison "familiale" n°${index}; jardin`,
      description: "Grand séjour.\nTrois chambres, dont une suite.",
      price: 1250.5 + index,
      surfaceArea: 95.5,
      transactionType: index === 0 ? "sale" : "rental",
      features: ["Jardin", "Garage"],
      floor: index === 2 ? -1 : 0,
      owner: { firstName: "Marie", lastName: "Durand", email: "marie.durand@example.fr" },
    }));
    addListings(other.id, 2);
    const { response, bytes } = await exportCsv(owner.id, "?status=all");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="annonces-vigimmo-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // TextDecoder drops the BOM checked above.
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n")[0]).toMatch(/^"référence";"titre";"description";"prix";/);

    // Another account imports the file: the same listings come out.
    const file = await openListingFile("export.csv", bytes, FILE_IMPORT_BATCH_SIZE);
    if (!file.check.ok) throw new Error(file.check.error);
    const importer = await makeUser();
    const job = createImportJob(importer.id, { source: "fichier" });
    const done = await runImportJob(job, () => fileImportSource(file, 1));
    expect(done).toMatchObject({ status: "completed", imported: 3, skipped: 0, errors: [] });
    expect(comparable(importer.id)).toEqual(comparable(owner.id));
  });

  it("ne contient que les annonces de l'utilisateur qui correspondent au filtre", async () => {
    const mine = addListings(owner.id, 3, (index) => ({ city: index === 0 ? "Nantes" : "Lyon", title: `Mon annonce ${index}` }));
    addListings(other.id, 2, (index) => ({ city: "Nantes", title: `Annonce d'un autre ${index}` }));
    withdraw([mine[1]!]);
    const lyon = new TextDecoder().decode((await exportCsv(owner.id, "?status=all&city=Lyon")).bytes);
    expect(lyon).toContain("Mon annonce 2");
    expect(lyon).not.toContain("Mon annonce 1"); // withdrawn: not in the default list
    expect(lyon).not.toContain("Mon annonce 0");
    const nantes = new TextDecoder().decode((await exportCsv(owner.id, "?status=all&city=Nantes")).bytes);
    expect(nantes).toContain("Mon annonce 0");
    expect(nantes).not.toContain("Annonce d'un autre");
    const withdrawn = new TextDecoder().decode((await exportCsv(owner.id, "?status=all&changes=withdrawn")).bytes);
    expect(withdrawn.trim().split("\r\n")).toHaveLength(2);
    await expect(csvLoader({ request: await requestAs(null, "/resources/listings-csv"), params: {}, context: {} })).rejects.toMatchObject({
      status: 302,
    });
  });
});
