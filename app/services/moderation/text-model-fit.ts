/**
 * Fits the learned text model (text-model.ts): L2-penalised logistic regression over hashed
 * n-grams, by accelerated full-batch gradient descent (deterministic, no dependency). Rows are
 * about 1 long, so the gradient's Lipschitz constant is known and the step needs no search.
 *
 * Stacking: the engine's model weighs the text model's output like any family, so the value it is
 * fitted on must come from a text model that never saw the listing (out-of-fold), or the weight
 * would reward memorised training texts.
 */
import { stratifiedFolds } from "./logistic-fit";
import { logistic } from "./stats";
import { hashText, TEXT_MODEL_BITS, textLogit, type SparseText, type TextModelWeights } from "./text-model";

/**
 * Penalty on the mean log-loss. Chosen once by cross-validated log-loss on the development files
 * (leave-one-file-out log-loss of the text model alone: 0.44 at 8e-3, 0.33 at 2e-3, 0.21 at 2e-4, 0.19 from 5e-5 down; the 200 steps of descent stop it before it memorises); see ADR 016.
 */
export const TEXT_MODEL_L2 = 2e-5;
const ITERATIONS = 200;
export const TEXT_MODEL_FOLDS = 5;

export function fitTextModel(
  texts: SparseText[],
  labels: Uint8Array,
  l2 = TEXT_MODEL_L2,
): TextModelWeights {
  const n = texts.length;
  // Only buckets some text uses can move: work on those, renumbered densely.
  const compactOf = new Int32Array(1 << TEXT_MODEL_BITS).fill(-1);
  const bucketOf: number[] = [];
  const rows = texts.map(({ indices, values }) => ({
    indices: Int32Array.from(indices, (bucket) => {
      if (compactOf[bucket] < 0) {
        compactOf[bucket] = bucketOf.length;
        bucketOf.push(bucket);
      }
      return compactOf[bucket];
    }),
    values,
  }));
  const size = bucketOf.length;
  // The gradient's Lipschitz constant: (largest squared row length + 1 for the bias) / 4 + l2.
  // Rows are 1 long unless a text repeats itself (duplicates add up in their bucket).
  let largest = 1;
  for (const { values } of rows) {
    let squared = 0;
    for (let k = 0; k < values.length; k++) squared += values[k] * values[k];
    largest = Math.max(largest, squared);
  }
  const step = 1 / ((largest + 1) / 4 + l2);
  let weights = new Float64Array(size);
  let previous = new Float64Array(size);
  let bias = 0;
  let previousBias = 0;
  const lookahead = new Float64Array(size);
  const gradient = new Float64Array(size);

  for (let t = 1; t <= ITERATIONS; t++) {
    const momentum = (t - 1) / (t + 2);
    for (let j = 0; j < size; j++) {
      lookahead[j] = weights[j] + momentum * (weights[j] - previous[j]);
      gradient[j] = l2 * lookahead[j];
    }
    const lookaheadBias = bias + momentum * (bias - previousBias);
    let biasGradient = 0;
    for (let i = 0; i < n; i++) {
      const { indices, values } = rows[i];
      let z = lookaheadBias;
      for (let k = 0; k < indices.length; k++) z += lookahead[indices[k]] * values[k];
      const residual = (logistic(z) - labels[i]) / n;
      biasGradient += residual;
      for (let k = 0; k < indices.length; k++) gradient[indices[k]] += residual * values[k];
    }
    const swap = previous;
    previous = weights;
    weights = swap;
    for (let j = 0; j < size; j++) weights[j] = lookahead[j] - step * gradient[j];
    previousBias = bias;
    bias = lookaheadBias - step * biasGradient;
  }
  const full = new Float32Array(1 << TEXT_MODEL_BITS);
  for (let j = 0; j < size; j++) full[bucketOf[j]] = weights[j];
  return { bias, weights: full };
}

/** Text-model logits of `test` texts, by a model fitted on `train` texts only. */
export function heldOutTextLogits(
  trainTexts: string[],
  trainLabels: Uint8Array,
  testTexts: string[],
): { logits: Float64Array; model: TextModelWeights } {
  const model = fitTextModel(trainTexts.map(hashText), trainLabels);
  return { logits: Float64Array.from(testTexts, (text) => textLogit(model, text)), model };
}

/** Out-of-fold logits: each text scored by a text model fitted without its fold. */
export function outOfFoldTextLogits(texts: string[], labels: Uint8Array): Float64Array {
  const hashed = texts.map(hashText);
  const fold = stratifiedFolds(labels, TEXT_MODEL_FOLDS, 29);
  const logits = new Float64Array(texts.length);
  for (let f = 0; f < TEXT_MODEL_FOLDS; f++) {
    const train = [...fold.keys()].filter((i) => fold[i] !== f);
    const model = fitTextModel(
      train.map((i) => hashed[i]),
      Uint8Array.from(train, (i) => labels[i]),
    );
    for (let i = 0; i < texts.length; i++) {
      if (fold[i] === f) logits[i] = textLogit(model, texts[i]);
    }
  }
  return logits;
}
