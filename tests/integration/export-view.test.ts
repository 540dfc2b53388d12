import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { exportedListingSchema, exportViewMigrationSql } from "~/services/export/export-document";
import { EXPORTED_LISTING_FIELDS } from "~/services/export/export-api-contract";
import { upsertListings } from "~/services/listings/listing-upsert.server";
import { getSqlite } from "~/utils/db.server";
import { exportViewUpToDate, latestExportViewMigration } from "../../scripts/db/export-view-migration";
import { listingInput, makeUser } from "../setup/factories";

/**
 * Issue 26: the export view is generated from the listing field table. The latest migration must
 * hold what the table generates, and the documents must be byte for byte those of the view
 * written by hand in migration 0016 (what customers received before).
 */

/** The view of migration 0016, under another name, to build the documents as they were. */
function createViewOf0016() {
  const text = fs.readFileSync(path.join(process.cwd(), "drizzle/0016_change_feed.sql"), "utf8");
  const start = text.indexOf("CREATE VIEW `export_listing_documents` AS");
  const end = text.indexOf("--> statement-breakpoint", start);
  const view = text.slice(start, end).replace("`export_listing_documents`", "`export_listing_documents_0016`");
  getSqlite().exec(`DROP VIEW IF EXISTS export_listing_documents_0016; ${view}`);
}

type Doc = { property_id: number; doc: string; public_doc: string | null; owner_json: string | null };
const documents = (view: string) =>
  getSqlite()
    .prepare<[], Doc>(`select property_id, cast(doc as text) as doc, cast(public_doc as text) as public_doc, owner_json from ${view} order by property_id`)
    .all();

function withoutKeys(doc: string, keys: readonly string[]): string {
  const parsed = JSON.parse(doc) as Record<string, unknown>;
  for (const key of keys) delete parsed[key];
  return JSON.stringify(parsed);
}

let userId = "";
beforeAll(async () => {
  userId = (await makeUser()).id;
  const sqlite = getSqlite();
  upsertListings(userId, [
    listingInput({ price: 1250.5, surfaceArea: 65, propertyCharges: 80.25 }),
    listingInput({ price: null, surfaceArea: null, propertyCharges: null, description: null, images: [], features: [] }),
    listingInput({ transactionType: "sale", price: 350_000, energyRating: "D", features: ["Jardin", 'Guillemet "double"'] }),
    listingInput({ title: "Loft – accents éàü et emoji 🏠", address: "3 rue d'Arc", floor: -1, yearBuilt: 1930 }),
    listingInput({ owner: { firstName: "Marie", lastName: "Durand", email: "marie.durand@exemple.fr" } }),
    listingInput({ owner: { firstName: null, lastName: "Seul", email: null } }),
  ]);
  // Old imports could leave lists that are not JSON; a withdrawn and a pending listing stay out.
  sqlite.prepare("update properties set status = 'active', ai_checked_at = 1715675712000, ai_confidence = 0.08").run();
  sqlite.prepare("update properties set images = 'pas du json' where id = 2").run();
  sqlite.prepare("update properties set withdrawn_at = 1 where id = 3").run();
  upsertListings(userId, [listingInput()]);
});

describe("vue d'export générée depuis la table des champs", () => {
  it("la dernière migration de la vue est exactement ce que génère la table (sinon : npm run db:export-view)", () => {
    expect(latestExportViewMigration()?.generated).toBe(exportViewMigrationSql());
    expect(exportViewUpToDate()).toBe(true);
  });

  it("produit les mêmes octets que la vue écrite à la main de la migration 0016", () => {
    createViewOf0016();
    const before = documents("export_listing_documents_0016");
    const after = documents("export_listing_documents");
    expect(before.length).toBeGreaterThanOrEqual(5);
    const keysOf0016 = Object.keys(JSON.parse(before[0]!.doc) as object);
    const added = EXPORTED_LISTING_FIELDS.filter((key) => key !== "updated_at" && !keysOf0016.includes(key));
    // Byte for byte while no field was added; a field added since only adds its key.
    if (added.length === 0) expect(after).toEqual(before);
    else expect(after.map((row) => ({ ...row, doc: withoutKeys(row.doc, added), public_doc: row.public_doc && withoutKeys(row.public_doc, added) }))).toEqual(
      before.map((row) => ({ ...row, doc: JSON.stringify(JSON.parse(row.doc)), public_doc: row.public_doc && JSON.stringify(JSON.parse(row.public_doc)) })),
    );
  });

  it("chaque document stocké suit le schéma zod et l'ordre des champs du contrat", () => {
    const rows = getSqlite().prepare<[], string>("select cast(doc as text) from export_documents").pluck().all();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const document = JSON.parse(row) as Record<string, unknown>;
      expect(Object.keys(document)).toEqual([...EXPORTED_LISTING_FIELDS]);
      expect(exportedListingSchema.strict().parse(document)).toEqual(document);
    }
  });
});
