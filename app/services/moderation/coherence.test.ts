import { describe, expect, it } from "vitest";
import { extractFeatures } from "./listing-features";
import { coherenceEvidence } from "./signals/coherence";
import { makeListing } from "#tests/setup/moderation-listings";
import type { ModerationListing } from "./types";

const reasonsOf = (overrides: Partial<ModerationListing>): string[] => {
  const listing = makeListing(overrides);
  return coherenceEvidence(listing, extractFeatures(listing)).map((e) => e.reason);
};

describe("cohérence des champs", () => {
  it("signale plus de chambres que de pièces", () => {
    expect(reasonsOf({ rooms: 3, bedrooms: 4 })).toContain(
      "Incohérence : 4 chambres déclarées pour 3 pièces",
    );
    expect(reasonsOf({ rooms: 1, bedrooms: 2, surfaceArea: 30 })).toContain(
      "Incohérence : 2 chambres déclarées pour 1 pièce",
    );
  });

  it("accepte la convention « 1 pièce, 1 chambre » et un T3 ordinaire", () => {
    expect(reasonsOf({ rooms: 1, bedrooms: 1, surfaceArea: 25, price: 600 })).toEqual([]);
    expect(reasonsOf({ rooms: 3, bedrooms: 2, surfaceArea: 65, price: 900 })).toEqual([]);
  });

  it("signale un studio immense", () => {
    expect(
      reasonsOf({
        title: "Studio lumineux centre",
        rooms: 1,
        bedrooms: 0,
        surfaceArea: 95,
        price: 1500,
      }),
    ).toContain("Incohérence : studio de 95 m²");
  });

  it("signale une surface par pièce invraisemblable", () => {
    expect(reasonsOf({ rooms: 5, bedrooms: 4, surfaceArea: 20, price: 600 })[0]).toMatch(
      /^Surface par pièce invraisemblable/,
    );
  });

  it("signale une grande maison louée pour presque rien", () => {
    const reasons = reasonsOf({
      propertyType: "Maison",
      rooms: 5,
      bedrooms: 4,
      surfaceArea: 120,
      price: 400,
    });
    expect(
      reasons.some((r) => r.startsWith("Prix invraisemblable : 3,3 €/m² par mois pour 120 m²")),
    ).toBe(true);
  });

  it("ne signale pas un loyer bas mais plausible", () => {
    expect(
      reasonsOf({ propertyType: "Maison", rooms: 3, bedrooms: 2, surfaceArea: 70, price: 420 }),
    ).toEqual([]);
  });

  it("signale un prix de vente saisi comme loyer", () => {
    expect(reasonsOf({ price: 250000 })[0]).toMatch(/incompatible avec une location/);
  });

  it("signale un étage au-dessus du nombre d'étages", () => {
    expect(reasonsOf({ floor: 7, totalFloors: 5 })).toContain(
      "Incohérence : 7e étage dans un immeuble de 5 étages",
    );
  });

  it("ne juge pas les surfaces d'une chambre en colocation", () => {
    const reasons = reasonsOf({
      title: "Chambre en colocation",
      description: "Une chambre se libère dans notre colocation.",
      rooms: 5,
      bedrooms: 4,
      surfaceArea: 100,
      price: 390,
    });
    expect(reasons).toEqual([]);
  });
});
