import { describe, expect, it } from "vitest";
import {
  analyse,
  createContextBuilder,
  SHIPPED_MODEL,
  formatFlagReason,
  type ModerationContext,
} from "./engine";
import { makeListing, withText } from "#tests/setup/moderation-listings";
import type { ModerationListing } from "./types";

function contextOf(listings: ModerationListing[]): ModerationContext {
  const builder = createContextBuilder();
  for (const listing of listings) builder.add(listing);
  return builder.build();
}

const scam = withText(
  "Je suis muté à Londres et je ne peux pas faire visiter. Pour bloquer l'appartement, envoyez la caution par " +
    "mandat cash, je vous enverrai les clés par la poste.",
);
const honest = makeListing();

describe("moteur de modération", () => {
  it("signale une arnaque avec des raisons en français, la plus forte en premier", () => {
    const verdict = analyse(scam, contextOf([scam, honest]));
    expect(verdict.flagged).toBe(true);
    expect(verdict.confidence).toBeGreaterThan(0.95);
    expect(verdict.reasons[0]).toBe("Paiement par mandat cash demandé");
    expect(verdict.reasons).toContain("Clés envoyées par courrier ou transporteur");
  });

  it("laisse passer une annonce honnête avec une confiance basse mais non nulle", () => {
    const verdict = analyse(honest, contextOf([scam, honest]));
    expect(verdict.flagged).toBe(false);
    expect(verdict.confidence).toBeGreaterThan(0);
    expect(verdict.confidence).toBeLessThan(0.1);
    expect(verdict.reasons).toEqual([]);
  });

  it("signale à partir du seuil ajusté du modèle et note la version du moteur", () => {
    for (const listing of [scam, honest]) {
      const verdict = analyse(listing, contextOf([scam, honest]));
      expect(verdict.flagged).toBe(verdict.confidence >= SHIPPED_MODEL.threshold);
      expect(verdict.engineVersion).toBe(SHIPPED_MODEL.version);
    }
  });

  it("est déterministe : mêmes annonces, mêmes verdicts, quel que soit l'ordre d'ajout", () => {
    const listings = [
      scam,
      honest,
      makeListing({ price: 300 }),
      makeListing({ city: "Nice", postalCode: "06000" }),
    ];
    const first = listings.map((l) => analyse(l, contextOf(listings)));
    const again = listings.map((l) => analyse(l, contextOf(listings)));
    const reversed = listings.map((l) => analyse(l, contextOf([...listings].reverse())));
    expect(again).toEqual(first);
    expect(reversed).toEqual(first);
  });

  it("analyse une annonce absente du contexte", () => {
    const verdict = analyse(scam, contextOf([honest]));
    expect(verdict.flagged).toBe(true);
  });

  it("ignore un second ajout du même identifiant et refuse les ajouts après construction", () => {
    const builder = createContextBuilder();
    builder.add(honest);
    builder.add({ ...honest, city: "Nice" });
    const context = builder.build();
    expect(context.size).toBe(1);
    expect(() => builder.add(makeListing())).toThrow(/déjà construit/);
    expect(builder.build()).toBe(context);
  });

  it("refuse un contexte qui ne vient pas du constructeur", () => {
    const fake: ModerationContext = { kind: "moderation-context", size: 0 };
    expect(() => analyse(honest, fake)).toThrow(/Contexte de modération invalide/);
  });

  it("supporte les champs vides", () => {
    const empty: ModerationListing = {
      id: "vide",
      title: "",
      description: null,
      price: null,
      propertyCharges: null,
      propertyType: null,
      transactionType: "sale",
      surfaceArea: null,
      rooms: null,
      bedrooms: null,
      floor: null,
      totalFloors: null,
      yearBuilt: null,
      energyRating: null,
      city: null,
      postalCode: null,
      images: [],
      features: [],
      ownerKey: null,
    };
    const verdict = analyse(empty, contextOf([empty]));
    expect(verdict.flagged).toBe(false);
  });

  it("formate les raisons pour la colonne ai_flag_reason", () => {
    expect(
      formatFlagReason(["Paiement par mandat cash demandé", " Clés envoyées par courrier ", ""]),
    ).toBe("Paiement par mandat cash demandé · Clés envoyées par courrier");
    expect(formatFlagReason([])).toBe("");
  });
});
