import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  FILE_IMPORT_COLUMNS,
  HEADER_INDEX,
  mapHeaders,
  matchHeader,
  normaliseHeader,
} from "./columns";

describe("normaliseHeader", () => {
  it("ignores case, accents, spaces, underscores and punctuation", () => {
    expect(normaliseHeader("Code Postal")).toBe("codepostal");
    expect(normaliseHeader("code_postal")).toBe("codepostal");
    expect(normaliseHeader("CODE-POSTAL *")).toBe("codepostal");
    expect(normaliseHeader("Référence")).toBe("reference");
    expect(normaliseHeader("Surface (m²)")).toBe("surfacem2");
    expect(normaliseHeader("owner.firstName")).toBe("ownerfirstname");
  });
});

describe("matchHeader", () => {
  it.each([
    ["Référence", "reference"],
    ["ID", "reference"],
    ["Titre", "title"],
    ["title", "title"],
    ["Prix", "price"],
    ["Loyer", "price"],
    ["Prix (€)", "price"],
    ["Type de bien", "propertyType"],
    ["property_type", "propertyType"],
    ["propertyType", "propertyType"],
    ["Transaction", "transactionType"],
    ["transaction_type", "transactionType"],
    ["Ville", "city"],
    ["CP", "postalCode"],
    ["postal_code", "postalCode"],
    ["Surface (m²)", "surfaceArea"],
    ["m2", "surfaceArea"],
    ["surface_area", "surfaceArea"],
    ["Pièces", "rooms"],
    ["Salles de bain", "bathrooms"],
    ["Photos", "images"],
    ["Lien", "sourceUrl"],
    ["source_url", "sourceUrl"],
    ["Caractéristiques", "features"],
    ["Étage", "floor"],
    ["Étages", "totalFloors"],
    ["total_floors", "totalFloors"],
    ["Année", "yearBuilt"],
    ["DPE", "energyRating"],
    ["Propriétaire prénom", "ownerFirstName"],
    ["Nom du propriétaire", "ownerLastName"],
    ["proprietaire_email", "ownerEmail"],
    ["owner.first_name", "ownerFirstName"],
    ["owner_last_name", "ownerLastName"],
  ])("maps %j to %s", (header, key) => {
    expect(matchHeader(header)?.key).toBe(key);
  });

  it("knows nothing of unrelated headers", () => {
    expect(matchHeader("couleur")).toBeNull();
  });
});

describe("FILE_IMPORT_COLUMNS", () => {
  it("documents every column in French with an example", () => {
    for (const column of FILE_IMPORT_COLUMNS) {
      expect(column.labels.length).toBeGreaterThan(0);
      expect(column.description.length).toBeGreaterThan(10);
      expect(column.example).not.toBe("");
    }
    expect(FILE_IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.key)).toEqual([
      "title",
      "price",
      "city",
    ]);
  });

  it("builds an index where no synonym points at two columns", () => {
    // The index throws at load time on a clash; this pins that every label made it in.
    for (const column of FILE_IMPORT_COLUMNS) {
      for (const label of column.labels)
        expect(HEADER_INDEX.get(normaliseHeader(label))?.key).toBe(column.key);
    }
  });

  it("is what docs/file-import.md documents", () => {
    const doc = readFileSync(new URL("../../../docs/file-import.md", import.meta.url), "utf8");
    for (const column of FILE_IMPORT_COLUMNS) {
      for (const label of column.labels) {
        expect(doc, `docs/file-import.md ne mentionne pas « ${label} »`).toContain(`\`${label}\``);
      }
    }
  });
});

describe("mapHeaders", () => {
  it("reports required columns that are missing and headers it does not know", () => {
    const mapping = mapHeaders(["Ville", "Couleur", "", "Surface"]);
    expect(mapping.missingRequired.map((c) => c.labels[0])).toEqual(["titre", "prix"]);
    expect(mapping.ignored).toEqual(["Couleur"]);
    expect(mapping.sources).toEqual({ city: [0], surfaceArea: [3] });
  });

  it("orders several columns feeding one field by synonym rank", () => {
    expect(mapHeaders(["id", "titre", "référence"]).sources.reference).toEqual([2, 0]);
  });

  it("does not list Vigimmo's own metadata as ignored", () => {
    expect(mapHeaders(["titre", "status", "created_at", "ai_confidence"]).ignored).toEqual([]);
  });
});
