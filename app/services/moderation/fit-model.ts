/**
 * Fits the engine's model (model.ts) on labelled listings and measures it honestly:
 * the signals are read once for every listing (one context, as one moderation run), then the
 * family weights, the bias and the threshold are fitted by logistic regression, and every figure
 * printed comes from k-fold cross-validation (each listing scored by a model that never saw it).
 */
import type { DatasetEntry } from "./dataset";
import { createContextBuilder, evidenceFor, SHIPPED_MODEL } from "./engine";
import {
  calibrationTable,
  chooseThreshold,
  confusion,
  crossValidatedProbabilities,
  fitLogistic,
  type CalibrationBucket,
  type Confusion,
  type FitOptions,
  type LabelledRows,
} from "./logistic-fit";
import { weightsRecord, type EngineModel } from "./model";
import { listingText } from "./normalize";
import { featureVector } from "./scoring";
import { encodeTextModel, textStrength, type TextModelWeights } from "./text-model";
import { heldOutTextLogits, outOfFoldTextLogits } from "./text-model-fit";
import { EVIDENCE_FAMILIES, FAVOURABLE_FAMILIES, type EvidenceFamily } from "./types";

export const CV_FOLDS = 5;
/** The product goal (issue 13): the threshold keeps cross-validated precision at this level. */
export const TARGET_PRECISION = 0.95;
/** Penalties tried (strength of the prior); the one with the best cross-validated log-loss is kept. */
const L2_CANDIDATES = [0.1, 0.3, 1, 3];

export type FitReport = {
  model: EngineModel;
  crossValidated: Confusion;
  calibration: CalibrationBucket[];
  l2: number;
  /** Out-of-fold probability per entry, in input order. */
  probabilities: Float64Array;
};

/** Labelled rows, and the text model fitted on them when the learned-text family is used. */
export type TrainingSet = LabelledRows & { textModel: TextModelWeights | null };

export type RowOptions = {
  /** Use the learned text model as a family (default true). */
  text?: boolean;
};

const LEARNED_TEXT = EVIDENCE_FAMILIES.indexOf("learnedText");
/** The hand-read evidence only: the learned text column is filled apart (never by a model that saw the row). */
const WITHOUT_TEXT: EngineModel = { ...SHIPPED_MODEL, text: undefined };

function evidenceRows(entries: DatasetEntry[]): Float64Array[] {
  const builder = createContextBuilder(WITHOUT_TEXT);
  for (const entry of entries) builder.add(entry.listing);
  const context = builder.build();
  return entries.map((entry) => featureVector(evidenceFor(entry.listing, context)));
}

const labelsOf = (entries: DatasetEntry[]): Uint8Array =>
  Uint8Array.from(entries, (entry) => (entry.label === "scam" ? 1 : 0));
const textsOf = (entries: DatasetEntry[]): string[] =>
  entries.map((entry) => listingText(entry.listing.title, entry.listing.description));

/**
 * Rows to fit the engine's model on. The learned-text column of each row comes from a text model
 * fitted without that row's fold (stacking), so its weight is what the text model is worth on
 * listings it never read; the text model shipped is then fitted on every row.
 */
export function labelledRows(entries: DatasetEntry[], options: RowOptions = {}): TrainingSet {
  return heldOutRows(entries, [], options).train;
}

/**
 * Rows of a training set and of a held-out set scored as one batch (one context: the held-out
 * listings are comparables, as on the platform) but fitted on the training set only: the text
 * model of the held-out rows never read them.
 */
export function heldOutRows(
  train: DatasetEntry[],
  test: DatasetEntry[],
  options: RowOptions = {},
): { train: TrainingSet; test: LabelledRows } {
  const rows = evidenceRows([...train, ...test]);
  const trainRows = rows.slice(0, train.length);
  const testRows = rows.slice(train.length);
  const labels = labelsOf(train);
  let textModel: TextModelWeights | null = null;
  if (options.text !== false && train.length > 0) {
    const texts = textsOf(train);
    const outOfFold = outOfFoldTextLogits(texts, labels);
    trainRows.forEach((row, i) => (row[LEARNED_TEXT] = textStrength(outOfFold[i])));
    const heldOut = heldOutTextLogits(texts, labels, textsOf(test));
    testRows.forEach((row, i) => (row[LEARNED_TEXT] = textStrength(heldOut.logits[i])));
    textModel = heldOut.model;
  }
  return {
    train: { rows: trainRows, labels, textModel },
    test: { rows: testRows, labels: labelsOf(test) },
  };
}

const SIGNS = Int8Array.from(EVIDENCE_FAMILIES, (family) =>
  FAVOURABLE_FAMILIES.has(family) ? -1 : 1,
);

/**
 * Prior weights (log-odds of the clearest case of each family, before any data): what fraud
 * analysts expect. They only matter where the data is thin; the fit moves every weight as far as
 * its examples support (see logistic-fit.ts). Decisive on their own (≥ 4): payment means nobody
 * honest uses, money before a visit or a lease, keys without a meeting, staged escrow. Clues that
 * need company (1-3): contact off the platform, an absent owner, reuse whose order is unknown.
 */
const PRIOR_LOG_ODDS: Record<EvidenceFamily, number> = {
  price: 5,
  untraceablePayment: 5.5,
  foreignAccount: 3,
  paymentBeforeVisit: 4.5,
  moneyBeforeLease: 4,
  excessiveDeposit: 2,
  identityHarvest: 3,
  thirdPartyPayment: 3,
  refundPromise: 1.2,
  escrowStory: 4,
  keysByPost: 4,
  ownerAbroad: 1.5,
  cannotVisit: 2,
  email: 2.2,
  foreignPhone: 2.5,
  writtenPhone: 0.6,
  messagingApp: 1.5,
  refusesSite: 2,
  onlyOffPlatform: 1.5,
  pressure: 1.6,
  vagueProcedure: 1,
  distressStory: 0.8,
  documentsBeforeVisit: 0.4,
  photoReuse: 4.5,
  textReuse: 4,
  reuseUnordered: 1.5,
  textNearCopy: 2,
  reuseSameOwnerOrPlace: 1,
  incoherentRooms: 2.5,
  incoherentSurface: 1.5,
  incoherentPrice: 2,
  incoherentFloor: 1,
  notInFrench: 0.5,
  learnedText: 2,
  ownerShowsIt: -1,
  paysAtSignature: -1,
  officialGuarantee: -0.5,
  professionalPublisher: -1,
};
const PRIOR = Float64Array.from(EVIDENCE_FAMILIES, (family) => PRIOR_LOG_ODDS[family]);

function logLoss(probabilities: Float64Array, labels: Uint8Array): number {
  let total = 0;
  for (let i = 0; i < labels.length; i++) {
    const p = Math.min(1 - 1e-6, Math.max(1e-6, probabilities[i]));
    total -= labels[i] ? Math.log(p) : Math.log(1 - p);
  }
  return total / labels.length;
}

/** @param version name of the new engine version; @param decisions how many rows are agents' labels. */
export function fitModel(
  data: LabelledRows & { textModel?: TextModelWeights | null },
  version: string,
  decisions: number,
  now: Date,
  /**
   * The flag threshold, when chosen elsewhere: the one leave-one-file-out picks
   * (`npm run eval:moderation`), which predicts unseen writers better than pooled folds.
   */
  chosenThreshold?: number,
): FitReport {
  let best: { l2: number; loss: number; probabilities: Float64Array } | null = null;
  for (const l2 of L2_CANDIDATES) {
    const options: FitOptions = { l2, signs: SIGNS, prior: PRIOR };
    const probabilities = crossValidatedProbabilities(data, options, CV_FOLDS);
    const loss = logLoss(probabilities, data.labels);
    if (!best || loss < best.loss) best = { l2, loss, probabilities };
  }
  const { l2, probabilities } = best as NonNullable<typeof best>;
  const threshold =
    chosenThreshold ?? chooseThreshold(probabilities, data.labels, TARGET_PRECISION);
  const crossValidated = confusion(probabilities, data.labels, threshold);
  const fitted = fitLogistic(data, { l2, signs: SIGNS, prior: PRIOR });
  const scams = data.labels.reduce((sum, label) => sum + label, 0);
  const model: EngineModel = {
    version,
    fittedAt: now.toISOString(),
    bias: Math.round(fitted.bias * 1000) / 1000,
    threshold,
    weights: weightsRecord(fitted.weights),
    ...(data.textModel ? { text: encodeTextModel(data.textModel) } : {}),
    trainedOn: { listings: data.labels.length, scams, decisions },
    crossValidation: {
      folds: CV_FOLDS,
      precision: crossValidated.precision,
      recall: crossValidated.recall,
    },
  };
  return {
    model,
    crossValidated,
    calibration: calibrationTable(probabilities, data.labels),
    l2,
    probabilities,
  };
}

export type RefitDecision = { accepted: true } | { accepted: false; reason: string };

/**
 * A refit may never lower cross-validated precision: the agents' decisions are labels, and a
 * batch of wrong or inconsistent ones (flipped by mistake, or by someone gaming the queue) must
 * not make the engine worse at its one promise, not flagging honest listings.
 */
export function judgeRefit(current: EngineModel, candidate: EngineModel): RefitDecision {
  const before = current.crossValidation.precision.value;
  const after = candidate.crossValidation.precision.value;
  if (current.crossValidation.folds > 0 && after < before) {
    const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
    return {
      accepted: false,
      reason: `la précision en validation croisée baisserait de ${pct(before)} à ${pct(after)} (version ${current.version} conservée)`,
    };
  }
  return { accepted: true };
}
