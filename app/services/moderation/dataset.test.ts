import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDataset } from "./dataset";
import { analyse, createContextBuilder } from "./engine";
import { evaluateDataset } from "./evaluation";

/** MODERATION_DATASET overrides the default location (the repository's own copy, datasets/moderation). */
const DATASET =
  process.env.MODERATION_DATASET ??
  path.resolve(process.cwd(), "datasets/moderation/moderation-dev.jsonl");

/** Every test of this file fails (never passes silently) when the dataset is missing. */
function readDataset() {
  if (!existsSync(DATASET)) {
    throw new Error(
      `Jeu d'évaluation introuvable : ${DATASET}. Placez moderation-dev.jsonl dans datasets/moderation ` +
        "ou indiquez son chemin dans la variable d'environnement MODERATION_DATASET.",
    );
  }
  return parseDataset(readFileSync(DATASET, "utf8"));
}

describe("jeu de développement de modération", () => {
  it("atteint une précision ≥ 0,95 et un rappel ≥ 0,90", () => {
    const entries = readDataset();
    expect(entries.length).toBeGreaterThan(0);
    const report = evaluateDataset(entries);
    const missed = report.results
      .filter((r) => r.verdict.flagged !== (r.label === "scam"))
      .map((r) => r.listing.id);
    expect({ precision: report.precision >= 0.95, recall: report.recall >= 0.9, missed }).toEqual({
      precision: true,
      recall: true,
      missed,
    });
  });

  it("donne le même verdict par le chemin rapide (annonce inchangée) et par le recalcul complet", () => {
    const listings = readDataset().map((e) => e.listing);
    const builder = createContextBuilder();
    for (const listing of listings) builder.add(listing);
    const context = builder.build();
    for (const listing of listings) {
      // An extra, meaningless option changes the fingerprint: everything is recomputed.
      const recomputed = analyse({ ...listing, features: [...listing.features, "-"] }, context);
      expect(analyse(listing, context)).toEqual(recomputed);
    }
  });

  it("ne transmet ni le label ni l'explication au moteur", () => {
    const [entry] = parseDataset(
      JSON.stringify({
        id: "x",
        label: "scam",
        why: "secret",
        ad: {
          title: "T2",
          description: "d",
          type: "rental",
          category: "flat",
          pictures: [],
          options: [],
        },
      }),
    );
    expect(JSON.stringify(entry.listing)).not.toContain("secret");
    expect(entry.listing).not.toHaveProperty("label");
    expect(entry.listing.propertyType).toBe("Appartement");
  });

  it("refuse une ligne mal formée avec un message en français", () => {
    expect(() => parseDataset('{"id":"x","label":"peut-être","ad":{}}')).toThrow(
      /ligne 1 : "label" doit valoir/,
    );
    expect(() => parseDataset("pas du json")).toThrow(/ligne 1 : JSON invalide/);
  });
});
