/**
 * Evidence → feature vector → calibrated confidence, with the fitted model of model.ts.
 *
 * Inside one family only the strongest piece counts (a text saying "virement pour réserver"
 * three times is one clue); families add up with their fitted weights on top of the fitted bias,
 * and the logistic function turns the total into a probability. Families whose fitted weight is
 * negative are what speaks for the listing; they are listed apart as `favourable`.
 */
import { weightVector, type EngineModel } from "./model";
import { logistic } from "./stats";
import { EVIDENCE_FAMILIES, type Evidence, type EvidenceFamily } from "./types";

const FAMILY_INDEX = new Map<EvidenceFamily, number>(
  EVIDENCE_FAMILIES.map((family, j) => [family, j]),
);

/** Strongest strength per family, in EVIDENCE_FAMILIES order: the model's input. */
export function featureVector(evidence: Evidence[]): Float64Array {
  const row = new Float64Array(EVIDENCE_FAMILIES.length);
  for (const item of evidence) {
    const j = FAMILY_INDEX.get(item.family);
    if (j !== undefined && item.weight > row[j]) row[j] = item.weight;
  }
  return row;
}

export type Score = {
  confidence: number;
  flagged: boolean;
  reasons: string[];
  favourable: string[];
};

/** Weight vectors are cached per model object: a run scores 100k listings with one model. */
const vectors = new WeakMap<EngineModel, Float64Array>();

export function score(evidence: Evidence[], model: EngineModel): Score {
  let weights = vectors.get(model);
  if (!weights) {
    weights = weightVector(model);
    vectors.set(model, weights);
  }
  const row = featureVector(evidence);
  let total = model.bias;
  for (let j = 0; j < row.length; j++) total += weights[j] * row[j];
  // Rounded so that the stored value is stable and readable; never exactly 0 or 1.
  const confidence = Math.min(0.999, Math.max(0.001, Math.round(logistic(total) * 1000) / 1000));

  const contributions = evidence
    .map((item, order) => ({
      item,
      order,
      contribution: item.weight * (weights[FAMILY_INDEX.get(item.family) ?? -1] ?? 0),
    }))
    .filter(({ contribution }) => contribution !== 0)
    // The learned text model's reason comes after the hand-read ones, whatever its weight: it says
    // "worded like known scams", they say what exactly is asked, which is what a moderator checks.
    .sort(
      (a, b) =>
        Number(a.item.family === "learnedText") - Number(b.item.family === "learnedText") ||
        Math.abs(b.contribution) - Math.abs(a.contribution) ||
        a.order - b.order,
    );
  const reasons: string[] = [];
  const favourable: string[] = [];
  for (const { item, contribution } of contributions) {
    const list = contribution > 0 ? reasons : favourable;
    if (!list.includes(item.reason)) list.push(item.reason);
  }
  return { confidence, flagged: confidence >= model.threshold, reasons, favourable };
}
