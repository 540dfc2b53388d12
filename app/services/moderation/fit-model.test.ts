import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseDataset } from "./dataset";
import { fitModel, judgeRefit, labelledRows } from "./fit-model";
import { calibrationTable, wilson } from "./logistic-fit";
import { MIN_SUPPORT, alternativesOf, ruleSupport } from "./rule-support";

const entries = parseDataset(readFileSync("tests/fixtures/moderation/own-listings.jsonl", "utf8"));
const now = new Date("2026-11-26T12:00:00Z");

describe("ajustement du modèle", () => {
  const data = labelledRows(entries);
  const fitted = fitModel(data, "test", 0, now).model;

  it("donne un poids positif aux indices d'arnaque et négatif à ce qui parle pour l'annonce", () => {
    expect(fitted.weights.professionalPublisher).toBeLessThanOrEqual(0);
    expect(fitted.weights.paymentBeforeVisit).toBeGreaterThanOrEqual(0);
    expect(fitted.threshold).toBeGreaterThan(0);
    expect(fitted.crossValidation.folds).toBe(5);
  });

  it("refuse un réajustement sur des labels inversés", () => {
    const flipped = { rows: data.rows, labels: data.labels.map((label) => 1 - label) };
    const candidate = fitModel(flipped, "flipped", flipped.labels.length, now).model;
    const decision = judgeRefit(fitted, candidate);
    expect(decision.accepted).toBe(false);
    if (!decision.accepted)
      expect(decision.reason).toContain("précision en validation croisée baisserait");
  });

  it("accepte un réajustement qui ne baisse pas la précision", () => {
    expect(judgeRefit(fitted, fitted).accepted).toBe(true);
  });
});

describe("mesures", () => {
  it("intervalle de Wilson à 95 %", () => {
    const interval = wilson(9, 10);
    expect(interval.value).toBe(0.9);
    expect(interval.low).toBeCloseTo(0.596, 2);
    expect(interval.high).toBeCloseTo(0.982, 2);
  });

  it("table de calibration par tranches", () => {
    const table = calibrationTable([0.1, 0.15, 0.9, 0.95], [0, 1, 1, 1], 2);
    expect(table.map((b) => [b.count, b.observed])).toEqual([
      [2, 0.5],
      [2, 1],
    ]);
  });
});

describe("rapport de support des règles", () => {
  it("compte arnaques et annonces honnêtes par règle, et isole les alternatives trop rares", () => {
    const report = ruleSupport(entries);
    const peerToPeer = report.find((r) => r.rule === "PEER_TO_PEER");
    expect(peerToPeer).toBeDefined();
    expect(peerToPeer!.scams).toBeGreaterThanOrEqual(3);
    for (const rule of report)
      for (const weak of rule.weak) expect(weak.scams).toBeLessThan(MIN_SUPPORT);
    const signature = report.find((r) => r.rule === "AT_SIGNATURE");
    expect(signature?.kind).toBe("favourable");
    expect(signature?.insufficient).toBe(signature!.honest < MIN_SUPPORT);
  });

  it("découpe une règle en ses alternatives", () => {
    expect(alternativesOf(/\b(?:lydia|wise)\b/g).map((r) => r.source)).toEqual([
      "\\b(?:lydia)\\b",
      "\\b(?:wise)\\b",
    ]);
  });
});
