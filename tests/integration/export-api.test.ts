import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiUsageLogs, exportApiKeys, properties, userStatistics } from "#db/schema";
import { resetExportApiGuards } from "~/services/export/export-api.server";
import { flushExportUsage, USAGE_FLUSH_MS } from "~/services/export/export-api-usage.server";
import { EXPORT_API_ERROR_TABLE, EXPORT_API_ERRORS, EXPORTED_LISTING_FIELDS, type ExportResponse } from "~/services/export/export-api-contract";
import { deleteExportKey, toggleExportKey } from "~/services/keys/export-keys.server";
import { decryptSecret, sha256 } from "~/utils/crypto.server";
import { getDb, getSqlite } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { listingInput, makeUser } from "../setup/factories";
import { callExportApi, exportApiResponse, makeActiveListings, makeExportKey } from "../setup/export-factories";
import { upsertListings } from "~/services/listings/listing-upsert.server";

type Ok = ExportResponse;
type Err = { success: false; error: string };

let owner: { id: string; email: string };
let other: { id: string };
let apiKey: string;
let keyId: string;
let activeIds: number[];

/** Expected order: created_at desc, then id desc. */
function expectedOrder(): number[] {
  return getSqlite()
    .prepare<[], number>("select id from properties where status = 'active' order by created_at desc, id desc")
    .pluck()
    .all();
}

beforeAll(async () => {
  owner = await makeUser();
  other = await makeUser();
  activeIds = [
    ...makeActiveListings(owner.id, 12, { owner: { firstName: "Claire", lastName: "Martin", email: "claire@example.fr" } }),
    ...makeActiveListings(other.id, 8),
  ];
  // Listings that must never be exported: every other status.
  upsertListings(owner.id, [listingInput(), listingInput(), listingInput()]);
  getSqlite().prepare("update properties set status = 'suspicious' where id = (select max(id) from properties where status = 'pending')").run();
  getSqlite().prepare("update properties set status = 'rejected' where id = (select max(id) from properties where status = 'pending')").run();
  // Equal creation dates on some rows so that the id tie-break is exercised.
  const sameTime = Date.now() - 3_600_000;
  for (const id of activeIds.slice(0, 5)) getDb().update(properties).set({ createdAt: new Date(sameTime) }).where(eq(properties.id, id)).run();
  getDb().update(properties).set({ aiCheckedAt: new Date("2024-05-14T08:35:12.345Z"), aiConfidence: 0.08 }).where(eq(properties.id, activeIds[6]!)).run();
  const key = makeExportKey(owner.id);
  apiKey = key.apiKey;
  keyId = key.id;
});

beforeEach(() => {
  resetRateLimits();
  resetExportApiGuards();
});

describe("données personnelles des propriétaires (DECISIONS.md 3)", () => {
  it("une clé voit le propriétaire des annonces de son compte seulement, en page comme en export complet", async () => {
    const [foreign] = makeActiveListings(other.id, 1, { owner: { firstName: "Paul", lastName: "Privé", email: "paul.prive@example.fr" } });
    const ownIds = new Set(getSqlite().prepare<[string], number>("select id from properties where created_by = ?").pluck().all(owner.id));
    const check = (listings: Array<{ id: number; owner: unknown }>) => {
      expect(listings.some((listing) => listing.id === foreign)).toBe(true);
      for (const listing of listings) {
        if (ownIds.has(listing.id)) expect(listing.owner).toEqual({ first_name: "Claire", last_name: "Martin", email: "claire@example.fr" });
        else expect(listing.owner, `annonce ${listing.id} d'un autre compte`).toBeNull();
      }
    };
    const othersKey = makeExportKey(other.id);
    const third = await makeUser();
    const thirdKey = makeExportKey(third.id);
    try {
      check(((await callExportApi({ apiKey, limit: 100 })).json as Ok).properties);
      check(((await callExportApi({ apiKey })).json as Ok).properties);
      // The other account's key sees Paul, and not Claire.
      const seen = ((await callExportApi({ apiKey: othersKey.apiKey })).json as Ok).properties;
      expect(seen.find((listing) => listing.id === foreign)!.owner).toEqual({ first_name: "Paul", last_name: "Privé", email: "paul.prive@example.fr" });
      expect(seen.filter((listing) => ownIds.has(listing.id)).every((listing) => listing.owner === null)).toBe(true);
      expect(JSON.stringify(seen)).not.toContain("claire@example.fr");
      // The same page, asked in turn by each account (pages are kept in memory once built).
      const page = async (key: string) => ((await callExportApi({ apiKey: key, limit: 100 })).json as Ok).properties;
      for (const round of [1, 2]) {
        const asOther = await page(othersKey.apiKey);
        expect(asOther.find((listing) => listing.id === foreign)!.owner, `tour ${round}`).not.toBeNull();
        expect(JSON.stringify(asOther)).not.toContain("claire@example.fr");
        const asThird = JSON.stringify(await page(thirdKey.apiKey));
        expect(asThird).not.toContain("claire@example.fr");
        expect(asThird).not.toContain("paul.prive@example.fr");
        check(await page(apiKey));
      }
    } finally {
      // The other tests count the listings of beforeAll.
      getSqlite().prepare("delete from properties where id = ?").run(foreign);
      deleteExportKey(other.id, othersKey.id);
      deleteExportKey(third.id, thirdKey.id);
    }
  });
});

describe("appels valides", () => {
  it("une page avec limit et offset : count, total, ordre stable, champs publics", async () => {
    const answer = await callExportApi({ apiKey, limit: 5, offset: 3 });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(answer.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    const body = answer.json as Ok;
    expect(body).toMatchObject({ success: true, count: 5, total: 20, limit: 5, offset: 3 });
    expect(Object.keys(body)).toEqual(["success", "count", "total", "limit", "offset", "properties", "next_cursor"]);
    expect(body.properties.map((p) => p.id)).toEqual(expectedOrder().slice(3, 8));
    for (const listing of body.properties) expect(Object.keys(listing)).toEqual([...EXPORTED_LISTING_FIELDS]);
  });

  it("chaque annonce porte ses champs, son propriétaire et ses faits de modération", async () => {
    const body = (await callExportApi({ apiKey, limit: 100 })).json as Ok;
    const withOwner = body.properties.find((p) => p.owner !== null)!;
    expect(withOwner.owner).toEqual({ first_name: "Claire", last_name: "Martin", email: "claire@example.fr" });
    expect(body.properties.some((p) => p.owner === null)).toBe(true);
    const checked = body.properties.find((p) => p.id === activeIds[6])!;
    expect(checked).toMatchObject({ status: "active", ai_checked_at: "2024-05-14T08:35:12.345Z", ai_confidence: 0.08 });
    const sample = body.properties[0]!;
    expect(sample).toMatchObject({ price: 850, surface_area: 45, property_charges: 50, images: ["https://images.example.fr/1.jpg"], features: ["Balcon"], transaction_type: "rental" });
    expect(new Date(sample.created_at).toISOString()).toBe(sample.created_at);
    const stored = getDb().select({ createdAt: properties.createdAt }).from(properties).where(eq(properties.id, sample.id)).get()!;
    expect(sample.created_at).toBe(stored.createdAt.toISOString());
  });

  it("n'exporte que les annonces actives, de tous les utilisateurs", async () => {
    const body = (await callExportApi({ apiKey, limit: 1000 })).json as Ok;
    expect(body.total).toBe(20);
    expect(body.properties.every((p) => p.status === "active")).toBe(true);
    expect(new Set(body.properties.map((p) => p.id))).toEqual(new Set(activeIds));
  });

  it("sans limit : toutes les annonces, en flux, limit null", async () => {
    const response = await exportApiResponse({ apiKey });
    expect(response.status).toBe(200);
    expect(response.body).toBeInstanceOf(ReadableStream);
    const body = (await response.json()) as Ok;
    expect(body).toMatchObject({ success: true, count: 20, total: 20, limit: null, offset: 0 });
    expect(body.properties.map((p) => p.id)).toEqual(expectedOrder());
  });

  it("offset sans limit, et limit au-delà du seuil de page (flux)", async () => {
    const tail = (await callExportApi({ apiKey, offset: 15 })).json as Ok;
    expect(tail).toMatchObject({ count: 5, total: 20, limit: null, offset: 15 });
    expect(tail.properties.map((p) => p.id)).toEqual(expectedOrder().slice(15));
    const big = (await callExportApi({ apiKey, limit: 5000, offset: 2 })).json as Ok;
    expect(big).toMatchObject({ count: 18, total: 20, limit: 5000, offset: 2 });
    expect(big.properties.map((p) => p.id)).toEqual(expectedOrder().slice(2));
  });

  it("limit et offset énormes mais entiers sûrs : acceptés", async () => {
    const huge = (await callExportApi({ apiKey, limit: Number.MAX_SAFE_INTEGER })).json as Ok;
    expect(huge).toMatchObject({ count: 20, total: 20, limit: Number.MAX_SAFE_INTEGER });
    const beyond = (await callExportApi({ apiKey, limit: 10, offset: Number.MAX_SAFE_INTEGER })).json as Ok;
    expect(beyond).toMatchObject({ count: 0, total: 20, offset: Number.MAX_SAFE_INTEGER, properties: [] });
    const beyondStream = (await callExportApi({ apiKey, offset: 20 })).json as Ok;
    expect(beyondStream).toMatchObject({ count: 0, total: 20, properties: [] });
  });

  it("null pour limit/offset vaut « non fourni » ; une clé entourée d'espaces est acceptée", async () => {
    const body = (await callExportApi({ apiKey: ` ${apiKey}\n`, limit: null, offset: null })).json as Ok;
    expect(body).toMatchObject({ count: 20, limit: null, offset: 0 });
  });

  it("accepte un corps JSON envoyé en text/plain (navigateur sans préflight)", async () => {
    const answer = await callExportApi({ apiKey, limit: 1 }, { headers: { "Content-Type": "text/plain" } });
    expect(answer.status).toBe(200);
  });
});

describe("journal et statistiques", () => {
  it("un appel réussi écrit une ligne de journal, date la clé et compte l'export du propriétaire", async () => {
    const db = getDb();
    flushExportUsage();
    const before = db.select().from(userStatistics).where(eq(userStatistics.userId, owner.id)).get()!;
    const logsBefore = db.select().from(apiUsageLogs).where(eq(apiUsageLogs.apiKeyId, keyId)).all().length;
    await callExportApi({ apiKey, limit: 7, offset: 2 });
    await callExportApi({ apiKey, offset: 18 });
    await callExportApi({ apiKey: "efi_" + "x".repeat(32) });
    await callExportApi({ apiKey, limit: -1 });
    flushExportUsage();
    const logs = db.select().from(apiUsageLogs).where(eq(apiUsageLogs.apiKeyId, keyId)).orderBy(apiUsageLogs.createdAt).all();
    expect(logs.length - logsBefore).toBe(2);
    expect(logs.slice(-2).map((l) => [l.propertiesCount, l.limitRequested, l.offsetRequested, l.userId])).toEqual([
      [7, 7, 2, owner.id],
      [2, null, 18, owner.id],
    ]);
    const after = db.select().from(userStatistics).where(eq(userStatistics.userId, owner.id)).get()!;
    expect(after.propertiesExported - before.propertiesExported).toBe(9);
    expect(after.lastExportDate).not.toBeNull();
    const key = db.select().from(exportApiKeys).where(eq(exportApiKeys.id, keyId)).get()!;
    expect(key.lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it("le journal s'écrit seul, par groupes, au plus tard USAGE_FLUSH_MS après l'appel", async () => {
    const count = () => getDb().select().from(apiUsageLogs).where(eq(apiUsageLogs.apiKeyId, keyId)).all().length;
    flushExportUsage();
    const before = count();
    await Promise.all([callExportApi({ apiKey, limit: 1 }), callExportApi({ apiKey, limit: 2 }), callExportApi({ apiKey, limit: 3 })]);
    await new Promise((resolve) => setTimeout(resolve, USAGE_FLUSH_MS * 3));
    expect(count() - before).toBe(3);
  });

  it("un appel dont la clé est supprimée avant l'écriture garde sa ligne, sans clé", async () => {
    const spare = makeExportKey(owner.id, "Clé vite supprimée");
    await callExportApi({ apiKey: spare.apiKey, limit: 4 });
    deleteExportKey(owner.id, spare.id);
    flushExportUsage();
    const rows = getDb().select().from(apiUsageLogs).where(eq(apiUsageLogs.userId, owner.id)).all();
    expect(rows.filter((row) => row.apiKeyId === null && row.propertiesCount === 4)).toHaveLength(1);
  });

  it("les clés ne sont jamais stockées en clair", () => {
    const raw = getSqlite().prepare("select * from export_api_keys where id = ?").get(keyId) as Record<string, unknown>;
    for (const value of Object.values(raw)) expect(String(value)).not.toContain(apiKey.slice(4));
    expect(raw.key_hash).toBe(sha256(apiKey));
    expect(decryptSecret(String(raw.key_cipher))).toBe(apiKey);
  });
});

describe("erreurs", () => {
  const cases: Array<[string, unknown, number, string]> = [
    ["limit 0", { limit: 0 }, 400, EXPORT_API_ERRORS.limit],
    ["limit négatif", { limit: -5 }, 400, EXPORT_API_ERRORS.limit],
    ["limit non entier", { limit: 2.5 }, 400, EXPORT_API_ERRORS.limit],
    ["limit en texte", { limit: "50" }, 400, EXPORT_API_ERRORS.limit],
    ["limit booléen", { limit: true }, 400, EXPORT_API_ERRORS.limit],
    ["limit au-delà des entiers sûrs", { limit: Number.MAX_SAFE_INTEGER + 1 }, 400, EXPORT_API_ERRORS.limit],
    ["limit 1e300", { limit: 1e300 }, 400, EXPORT_API_ERRORS.limit],
    ["offset négatif", { offset: -1 }, 400, EXPORT_API_ERRORS.offset],
    ["offset non entier", { offset: 0.5 }, 400, EXPORT_API_ERRORS.offset],
    ["offset en texte", { offset: "0" }, 400, EXPORT_API_ERRORS.offset],
    ["offset énorme", { offset: 1e20 }, 400, EXPORT_API_ERRORS.offset],
    ["champ inconnu", { page: 2 }, 400, EXPORT_API_ERRORS.unknownField("page")],
    ["apiKey numérique", { apiKey: 12 }, 400, EXPORT_API_ERRORS.apiKeyType],
  ];
  it.each(cases)("%s → %i", async (_name, extra, status, message) => {
    const body = typeof extra === "object" && extra && "apiKey" in extra ? extra : { apiKey, ...(extra as object) };
    const answer = await callExportApi(body);
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual({ success: false, error: message });
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("JSON mal formé, tableau, corps vide, null → 400", async () => {
    for (const raw of ["{apiKey:", "[1,2]", "", "null", "42", '"texte"']) {
      const answer = await callExportApi(null, { raw });
      expect(answer.status, raw).toBe(400);
      expect((answer.json as Err).success).toBe(false);
    }
    expect((await callExportApi(null, { raw: "{apiKey:" })).json).toEqual({ success: false, error: EXPORT_API_ERRORS.invalidJson });
  });

  it("corps de plus de 10 Ko → 413", async () => {
    const answer = await callExportApi(null, { raw: JSON.stringify({ apiKey, padding: "x".repeat(11_000) }) });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({ success: false, error: EXPORT_API_ERRORS.tooLarge });
  });

  it("clé absente ou vide → 401, clé inconnue → 401", async () => {
    expect(await callExportApi({})).toMatchObject({ status: 401, json: { success: false, error: EXPORT_API_ERRORS.missingKey } });
    expect(await callExportApi({ apiKey: "  " })).toMatchObject({ status: 401, json: { error: EXPORT_API_ERRORS.missingKey } });
    expect(await callExportApi({ apiKey: "efi_" + "A".repeat(32) })).toMatchObject({ status: 401, json: { error: EXPORT_API_ERRORS.unknownKey } });
    expect(await callExportApi({ apiKey: "pas-une-cle" })).toMatchObject({ status: 401, json: { error: EXPORT_API_ERRORS.unknownKey } });
  });

  it("clé désactivée → 403, réactivée → 200, supprimée → 401", async () => {
    const spare = makeExportKey(owner.id, "Clé de rechange");
    expect(toggleExportKey(owner.id, spare.id)).toBe("inactive");
    expect(await callExportApi({ apiKey: spare.apiKey, limit: 1 })).toMatchObject({ status: 403, json: { error: EXPORT_API_ERRORS.inactiveKey } });
    toggleExportKey(owner.id, spare.id);
    expect((await callExportApi({ apiKey: spare.apiKey, limit: 1 })).status).toBe(200);
    deleteExportKey(owner.id, spare.id);
    expect((await callExportApi({ apiKey: spare.apiKey, limit: 1 })).status).toBe(401);
  });

  it("méthodes autres que POST → 405 en JSON ; OPTIONS → préflight CORS", async () => {
    for (const method of ["GET", "HEAD", "PUT", "PATCH", "DELETE"]) {
      const response = await exportApiResponse({ apiKey }, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST, OPTIONS");
      if (method !== "HEAD") expect(await response.json()).toEqual({ success: false, error: EXPORT_API_ERRORS.method });
    }
    const preflight = await exportApiResponse(null, {
      method: "OPTIONS",
      headers: { Origin: "https://agence.example.fr", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(preflight.headers.get("Access-Control-Allow-Methods")).toBe("POST, OPTIONS");
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toBe("content-type");
  });
});

describe("limites de débit", () => {
  it("600 appels par minute et par clé, puis 429 avec Retry-After", async () => {
    for (let i = 0; i < 600; i++) {
      const answer = await callExportApi({ apiKey, limit: 1, offset: i % 20 });
      if (answer.status !== 200) throw new Error(`appel ${i} : ${answer.status}`);
    }
    const limited = await callExportApi({ apiKey, limit: 1 });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((limited.json as Err).error).toMatch(/^Trop de requêtes pour cette clé API : réessayez dans \d+ s$/);
    // Another key is not affected.
    const spare = makeExportKey(owner.id, "Autre client");
    expect((await callExportApi({ apiKey: spare.apiKey, limit: 1 })).status).toBe(200);
  });

  it("trop de clés inconnues depuis une adresse : 429 pour les clés inconnues, une bonne clé passe ; les autres adresses passent", async () => {
    for (let i = 0; i < 20; i++) expect((await callExportApi({ apiKey: `efi_${String(i).padStart(32, "0")}` }, { ip: "198.51.100.9" })).status).toBe(401);
    const blocked = await callExportApi({ apiKey: "efi_" + "Z".repeat(32) }, { ip: "198.51.100.9" });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await callExportApi({ apiKey, limit: 1 }, { ip: "198.51.100.9" })).status).toBe(200);
    expect((await callExportApi({ apiKey: "efi_" + "Y".repeat(32) }, { ip: "198.51.100.9" })).status).toBe(429);
    expect((await callExportApi({ apiKey, limit: 1 }, { ip: "198.51.100.10" })).status).toBe(200);
  });

  it("au plus 4 exports complets en même temps, toutes clés confondues ; un export abandonné libère sa place", async () => {
    const keys = Array.from({ length: 4 }, (_, i) => makeExportKey(owner.id, `Flux ${i}`).apiKey);
    const controllers = keys.map(() => new AbortController());
    const open = await Promise.all(controllers.map((controller, i) => exportApiResponse({ apiKey: keys[i] }, { signal: controller.signal })));
    expect(open.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const fifth = await callExportApi({ apiKey });
    expect(fifth.status).toBe(429);
    expect((fifth.json as Err).error).toBe(EXPORT_API_ERRORS.streams);
    controllers[0]!.abort();
    await open[1]!.text();
    await open[2]!.body!.cancel();
    expect((await callExportApi({ apiKey })).status).toBe(200);
    await open[3]!.text();
  });
});

describe("cohérence", () => {
  it("une page reflète aussitôt une annonce validée ou retirée, y compris par une autre connexion", async () => {
    const total = ((await callExportApi({ apiKey, limit: 1 })).json as Ok).total;
    const [fresh] = makeActiveListings(other.id, 1);
    let body = (await callExportApi({ apiKey, limit: 1 })).json as Ok;
    expect(body.total).toBe(total + 1);
    expect(body.properties[0]!.id).toBe(fresh);
    // Another process (a CLI) blacklists it.
    const cli = new Database(getSqlite().name);
    cli.prepare("update properties set status = 'rejected' where id = ?").run(fresh);
    cli.close();
    body = (await callExportApi({ apiKey, limit: 1 })).json as Ok;
    expect(body.total).toBe(total);
    expect(body.properties[0]!.id).not.toBe(fresh);
  });

  it("une page reflète aussitôt une annonce modifiée, y compris par une autre connexion (documents gardés en mémoire)", async () => {
    const [edited] = makeActiveListings(other.id, 1);
    const first = (await callExportApi({ apiKey, limit: 1 })).json as Ok;
    expect(first.properties[0]!.id).toBe(edited);
    getDb().update(properties).set({ price: 123_456 }).where(eq(properties.id, edited!)).run();
    let body = (await callExportApi({ apiKey, limit: 1 })).json as Ok;
    expect(body.properties[0]!.price).toBe(123_456);
    const cli = new Database(getSqlite().name);
    cli.prepare("update properties set title = 'Titre changé par la CLI' where id = ?").run(edited);
    cli.close();
    body = (await callExportApi({ apiKey, limit: 1 })).json as Ok;
    expect(body.properties[0]!.title).toBe("Titre changé par la CLI");
    getSqlite().prepare("update properties set status = 'rejected' where id = ?").run(edited);
  });

  it("un export en flux garde l'instantané de son début : count = nombre d'annonces envoyées", async () => {
    const response = await exportApiResponse({ apiKey });
    const [added] = makeActiveListings(other.id, 1);
    const body = (await response.json()) as Ok;
    expect(body.count).toBe(body.properties.length);
    expect(body.properties.map((p) => p.id)).not.toContain(added);
    const next = (await callExportApi({ apiKey })).json as Ok;
    expect(next.count).toBe(body.count + 1);
  });
});

describe("la table des erreurs de /api-docs", () => {
  it("chaque ligne documentée (hors 429) est la réponse exacte de l'API au cas décrit", async () => {
    const inactive = makeExportKey(owner.id, "Désactivée pour la doc");
    toggleExportKey(owner.id, inactive.id);
    const other = makeExportKey(owner.id, "Autre clé pour la doc");
    const othersCursor = ((await callExportApi({ apiKey: other.apiKey, limit: 1 })).json as { next_cursor: string }).next_cursor;
    const listingCursor = ((await callExportApi({ apiKey, limit: 1 })).json as { next_cursor: string }).next_cursor;
    // One request per documented case, in the table's order.
    const cases: Array<[string, () => ReturnType<typeof callExportApi>]> = [
      ["Corps absent ou qui n'est pas du JSON", () => callExportApi(null, { raw: "{apiKey:" })],
      ["JSON qui n'est pas un objet", () => callExportApi([])],
      ["Paramètre non prévu", () => callExportApi({ apiKey, foo: 1 })],
      ["apiKey n'est pas une chaîne", () => callExportApi({ apiKey: 42 })],
      ["limit absent des entiers positifs", () => callExportApi({ apiKey, limit: 0 })],
      ["offset négatif ou non entier", () => callExportApi({ apiKey, offset: -1 })],
      ["updatedSince qui n'est pas une date", () => callExportApi({ apiKey, updatedSince: "2026-01-31" })],
      ["cursor modifié, tronqué ou inventé", () => callExportApi({ apiKey, cursor: `${listingCursor.slice(0, -2)}AA` })],
      ["cursor reçu avec une autre clé", () => callExportApi({ apiKey, cursor: othersCursor })],
      ["cursor et offset dans la même requête", () => callExportApi({ apiKey, cursor: listingCursor, offset: 0 })],
      ["updatedSince et offset dans la même requête", () => callExportApi({ apiKey, updatedSince: "2026-01-31T08:00:00Z", offset: 10 })],
      ["Curseur de liste complète avec updatedSince", () => callExportApi({ apiKey, cursor: listingCursor, updatedSince: "2026-01-31T08:00:00Z" })],
      ["limit au-dessus de 500 avec cursor", () => callExportApi({ apiKey, updatedSince: "2026-01-31T08:00:00Z", limit: 501 })],
      ["apiKey absente ou vide", () => callExportApi({})],
      ["Clé inconnue ou supprimée", () => callExportApi({ apiKey: `efi_${"Z".repeat(32)}` })],
      ["Clé désactivée", () => callExportApi({ apiKey: inactive.apiKey })],
      ["Méthode autre que POST", () => callExportApi(null, { method: "GET" })],
      ["Corps de plus de 10 Ko", () => callExportApi({ apiKey, pad: "x".repeat(11_000) })],
    ];
    // 410 needs purged change-feed events: tests/integration/retention.test.ts checks it.
    const documented = EXPORT_API_ERROR_TABLE.filter((row) => row.status !== 429 && row.status !== 410);
    expect(documented.map((row) => row.when.slice(0, 12))).toEqual(cases.map(([when]) => when.slice(0, 12)));
    for (const [index, [when, call]] of cases.entries()) {
      const answer = await call();
      expect({ when, status: answer.status, json: answer.json }).toEqual({
        when,
        status: documented[index]!.status,
        json: { success: false, error: documented[index]!.message },
      });
    }
  });
});
