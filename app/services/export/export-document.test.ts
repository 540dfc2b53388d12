import { describe, expect, it } from "vitest";
import { EXPORTED_LISTING_FIELDS } from "./export-api-contract";
import { EXPORT_FIELD_ROWS, exportedListingSchema, exportResponseSample, exportViewSql } from "./export-document";
import { LISTING_FIELDS } from "../listings/listing-fields";

describe("document d'export dérivé de la table des champs (issue 26)", () => {
  it("l'exemple de /api-docs suit le schéma zod, champ par champ et dans l'ordre", () => {
    const sample = JSON.parse(exportResponseSample()) as { properties: Array<Record<string, unknown>> };
    const [listing] = sample.properties;
    expect(Object.keys(listing!)).toEqual([...EXPORTED_LISTING_FIELDS]);
    expect(exportedListingSchema.strict().parse(listing)).toEqual(listing);
  });

  it("le tableau des champs de /api-docs décrit chaque champ exporté", () => {
    expect(EXPORT_FIELD_ROWS.map((row) => row.key)).toEqual([...EXPORTED_LISTING_FIELDS]);
    for (const row of EXPORT_FIELD_ROWS) expect(row.description.length).toBeGreaterThan(3);
  });

  it("la vue exporte chaque champ exporté de la table et aucun autre", () => {
    const view = exportViewSql();
    for (const field of LISTING_FIELDS) {
      if (field.exportKey) expect(view).toContain(`'${field.exportKey}', `);
      else expect(view).not.toContain(`'${field.column}', `);
    }
  });
});
