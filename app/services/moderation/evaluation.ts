/** Runs the engine over a labelled set as ONE batch and computes precision/recall (scam = positive). */
import type { DatasetEntry, DatasetLabel } from "./dataset";
import { analyse, createContextBuilder } from "./engine";
import type { ModerationVerdict } from "./types";

export type EvaluatedEntry = DatasetEntry & { verdict: ModerationVerdict };

export type EvaluationReport = {
  truePositives: number;
  falsePositives: number;
  trueNegatives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  f1: number;
  results: EvaluatedEntry[];
};

export function evaluateDataset(entries: DatasetEntry[]): EvaluationReport {
  const builder = createContextBuilder();
  for (const entry of entries) builder.add(entry.listing);
  const context = builder.build();

  let tp = 0;
  let fp = 0;
  let tn = 0;
  let fn = 0;
  const results: EvaluatedEntry[] = [];
  for (const entry of entries) {
    const verdict = analyse(entry.listing, context);
    results.push({ ...entry, verdict });
    const actual: DatasetLabel = entry.label;
    if (verdict.flagged && actual === "scam") tp++;
    else if (verdict.flagged) fp++;
    else if (actual === "scam") fn++;
    else tn++;
  }
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return {
    truePositives: tp,
    falsePositives: fp,
    trueNegatives: tn,
    falseNegatives: fn,
    precision,
    recall,
    f1,
    results,
  };
}
