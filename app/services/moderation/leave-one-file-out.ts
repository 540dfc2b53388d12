/**
 * Leave-one-file-out: each labelled file is scored by a model fitted on the other files only
 * (family weights, bias, threshold and the learned text model). Files come from different writers,
 * so this is the honest estimate of how the engine does on listings written by people it never
 * read; pooled cross-validation mixes every writer into every fold and flatters it.
 *
 * The wording rules themselves were written with the development files in view: this measures
 * the fit and the text model, not the rules (the rule-support report flags rules one file carries).
 */
import type { DatasetEntry } from "./dataset";
import { fitModel, heldOutRows, type RowOptions, TARGET_PRECISION } from "./fit-model";
import { chooseThreshold, confusion, predict, type Confusion } from "./logistic-fit";
import { weightVector } from "./model";

export type LabelledFile = { name: string; entries: DatasetEntry[] };

export type HeldOutFile = {
  name: string;
  /** Probability of each entry, by the model fitted without this file. */
  probabilities: Float64Array;
  labels: Uint8Array;
  /** Threshold the model fitted without this file chose (from its own cross-validation). */
  ownThreshold: number;
  atOwnThreshold: Confusion;
};

export type LeaveOneFileOut = {
  files: HeldOutFile[];
  /** Threshold chosen on the pooled held-out probabilities (precision ≥ TARGET_PRECISION, best recall). */
  threshold: number;
  pooled: Confusion;
};

export function leaveOneFileOut(
  files: LabelledFile[],
  options: RowOptions = {},
  /** Files only ever scored, never fitted on (sets written by others, kept apart). */
  heldOutOnly: ReadonlySet<string> = new Set(),
): LeaveOneFileOut {
  const results: HeldOutFile[] = files.map((file) => {
    const train = files
      .filter((other) => other !== file && !heldOutOnly.has(other.name))
      .flatMap((other) => other.entries);
    const rows = heldOutRows(train, file.entries, options);
    const model = fitModel(rows.train, "leave-one-file-out", 0, new Date(0)).model;
    const fitted = { bias: model.bias, weights: weightVector(model) };
    const probabilities = Float64Array.from(rows.test.rows, (row) => predict(fitted, row));
    return {
      name: file.name,
      probabilities,
      labels: rows.test.labels,
      ownThreshold: model.threshold,
      atOwnThreshold: confusion(probabilities, rows.test.labels, model.threshold),
    };
  });
  const probabilities = Float64Array.from(results.flatMap((r) => [...r.probabilities]));
  const labels = Uint8Array.from(results.flatMap((r) => [...r.labels]));
  const threshold = chooseThreshold(probabilities, labels, TARGET_PRECISION);
  return { files: results, threshold, pooled: confusion(probabilities, labels, threshold) };
}

export type KindFigures = {
  kind: string;
  label: "scam" | "legit";
  count: number;
  /** Scams caught (for a scam kind) or honest listings flagged (for an hn_ kind). */
  flagged: number;
};

/** Per `kind`: how many of its listings the held-out models flag at `threshold`. */
export function figuresPerKind(
  files: LabelledFile[],
  result: LeaveOneFileOut,
  threshold: number,
): KindFigures[] {
  const byKind = new Map<string, KindFigures>();
  files.forEach((file, f) => {
    file.entries.forEach((entry, i) => {
      if (!entry.kind) return;
      const key = `${entry.label}:${entry.kind}`;
      const figures = byKind.get(key) ?? { kind: entry.kind, label: entry.label, count: 0, flagged: 0 };
      figures.count++;
      if (result.files[f].probabilities[i] >= threshold) figures.flagged++;
      byKind.set(key, figures);
    });
  });
  return [...byKind.values()].sort(
    (a, b) => a.label.localeCompare(b.label) || a.kind.localeCompare(b.kind),
  );
}
