/**
 * Logistic regression in plain TypeScript, and the honest measurements around it: stratified
 * k-fold cross-validation, Wilson 95 % intervals, a calibration table and the threshold choice.
 *
 * Small problem (a few dozen features, hundreds to thousands of labelled listings), so the fit is
 * Newton's method (IRLS) with an L2 penalty toward prior weights (a Gaussian prior: a family seen
 * in three listings stays near what fraud analysts expect of it, one seen in fifty follows the
 * data), exact and deterministic. Sign constraints keep the
 * model explainable: a scam clue may not end up *speaking for* a listing because of a correlation
 * in the data, so such a weight is pinned at zero and the rest refitted (active set).
 */
import { logistic } from "./stats";

export type LabelledRows = { rows: Float64Array[]; labels: Uint8Array };
export type FittedLogistic = { bias: number; weights: Float64Array };
export type FitOptions = {
  /** L2 penalty pulling each weight toward its prior (never on the bias). */
  l2: number;
  /** Prior mean of each weight: where a weight stays when the data says nothing about it. */
  prior: Float64Array;
  /** Per feature: 1 = weight ≥ 0, -1 = weight ≤ 0, 0 = free. */
  signs: Int8Array;
};

const NEWTON_STEPS = 50;
const CONVERGED = 1e-9;

export function fitLogistic(data: LabelledRows, options: FitOptions): FittedLogistic {
  const dimension = options.signs.length;
  const frozen = new Uint8Array(dimension);
  for (;;) {
    const fitted = newton(data, options, frozen);
    let violated = false;
    for (let j = 0; j < dimension; j++) {
      const sign = options.signs[j];
      if (!frozen[j] && sign !== 0 && fitted.weights[j] * sign < 0) {
        frozen[j] = 1;
        violated = true;
      }
    }
    if (!violated) return fitted;
  }
}

/** Newton-Raphson on the penalised log-likelihood; frozen weights stay at 0. */
function newton(data: LabelledRows, options: FitOptions, frozen: Uint8Array): FittedLogistic {
  const { l2, prior } = options;
  const dimension = frozen.length;
  const size = dimension + 1; // last coordinate = bias
  const beta = new Float64Array(size);
  for (let j = 0; j < dimension; j++) beta[j] = frozen[j] ? 0 : prior[j];
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const gradient = new Float64Array(size);
    const hessian = Array.from({ length: size }, () => new Float64Array(size));
    for (let i = 0; i < data.rows.length; i++) {
      const row = data.rows[i];
      const p = logistic(linear(beta, row));
      const residual = data.labels[i] - p;
      const curvature = Math.max(p * (1 - p), 1e-9);
      for (let a = 0; a < size; a++) {
        const xa = a === dimension ? 1 : row[a];
        if (xa === 0) continue;
        gradient[a] += residual * xa;
        for (let b = 0; b <= a; b++) {
          const xb = b === dimension ? 1 : row[b];
          if (xb !== 0) hessian[a][b] += curvature * xa * xb;
        }
      }
    }
    for (let a = 0; a < size; a++) for (let b = 0; b < a; b++) hessian[b][a] = hessian[a][b];
    for (let j = 0; j < dimension; j++) {
      gradient[j] -= l2 * (beta[j] - prior[j]);
      hessian[j][j] += l2;
      if (frozen[j]) {
        // Pin the coordinate: zero gradient, identity row and column.
        gradient[j] = 0;
        for (let b = 0; b < size; b++) hessian[j][b] = hessian[b][j] = 0;
        hessian[j][j] = 1;
      }
    }
    const delta = solve(hessian, gradient);
    let change = 0;
    for (let a = 0; a < size; a++) {
      beta[a] += delta[a];
      change = Math.max(change, Math.abs(delta[a]));
    }
    if (change < CONVERGED) break;
  }
  return { bias: beta[dimension], weights: beta.slice(0, dimension) };
}

function linear(beta: Float64Array, row: Float64Array): number {
  let total = beta[row.length];
  for (let j = 0; j < row.length; j++) total += beta[j] * row[j];
  return total;
}

export function predict(model: FittedLogistic, row: Float64Array): number {
  let total = model.bias;
  for (let j = 0; j < row.length; j++) total += model.weights[j] * row[j];
  return logistic(total);
}

/** Gaussian elimination with partial pivoting (the matrix is small and positive definite). */
function solve(matrix: Float64Array[], vector: Float64Array): Float64Array {
  const n = vector.length;
  const a = matrix.map((row) => Float64Array.from(row));
  const b = Float64Array.from(vector);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    [b[col], b[pivot]] = [b[pivot], b[col]];
    const diagonal = a[col][col] || 1e-12;
    for (let r = col + 1; r < n; r++) {
      const factor = a[r][col] / diagonal;
      if (factor === 0) continue;
      for (let c = col; c < n; c++) a[r][c] -= factor * a[col][c];
      b[r] -= factor * b[col];
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let sum = b[r];
    for (let c = r + 1; c < n; c++) sum -= a[r][c] * x[c];
    x[r] = sum / (a[r][r] || 1e-12);
  }
  return x;
}

/**
 * Stratified folds, deterministic: scams and honest listings are dealt round-robin after a
 * seeded shuffle, so every fold has the same share of scams and a rerun gives the same figures.
 */
export function stratifiedFolds(labels: Uint8Array, k: number, seed = 13): Uint8Array {
  const fold = new Uint8Array(labels.length);
  let state = seed >>> 0;
  const random = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  for (const label of [0, 1]) {
    const members = [...labels.keys()].filter((i) => labels[i] === label);
    for (let i = members.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [members[i], members[j]] = [members[j], members[i]];
    }
    members.forEach((index, position) => (fold[index] = position % k));
  }
  return fold;
}

/** Out-of-fold probabilities: each listing is scored by a model that never saw it. */
export function crossValidatedProbabilities(
  data: LabelledRows,
  options: FitOptions,
  k: number,
): Float64Array {
  const fold = stratifiedFolds(data.labels, k);
  const probabilities = new Float64Array(data.rows.length);
  for (let f = 0; f < k; f++) {
    const train = [...fold.keys()].filter((i) => fold[i] !== f);
    const model = fitLogistic(
      {
        rows: train.map((i) => data.rows[i]),
        labels: Uint8Array.from(train, (i) => data.labels[i]),
      },
      options,
    );
    for (let i = 0; i < fold.length; i++) {
      if (fold[i] === f) probabilities[i] = predict(model, data.rows[i]);
    }
  }
  return probabilities;
}

export type Interval = { value: number; low: number; high: number };

/** Wilson score interval at 95 %: honest for small counts and for proportions near 0 or 1. */
export function wilson(successes: number, total: number): Interval {
  if (total === 0) return { value: 0, low: 0, high: 1 };
  const z = 1.96;
  const p = successes / total;
  const denominator = 1 + (z * z) / total;
  const centre = (p + (z * z) / (2 * total)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / total + (z * z) / (4 * total * total))) / denominator;
  return { value: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export type Confusion = {
  truePositives: number;
  falsePositives: number;
  trueNegatives: number;
  falseNegatives: number;
  precision: Interval;
  recall: Interval;
};

export function confusion(
  probabilities: ArrayLike<number>,
  labels: ArrayLike<number>,
  threshold: number,
): Confusion {
  let tp = 0;
  let fp = 0;
  let tn = 0;
  let fn = 0;
  for (let i = 0; i < labels.length; i++) {
    const flagged = probabilities[i] >= threshold;
    if (flagged && labels[i] === 1) tp++;
    else if (flagged) fp++;
    else if (labels[i] === 1) fn++;
    else tn++;
  }
  return {
    truePositives: tp,
    falsePositives: fp,
    trueNegatives: tn,
    falseNegatives: fn,
    precision: wilson(tp, tp + fp),
    recall: wilson(tp, tp + fn),
  };
}

export type CalibrationBucket = {
  from: number;
  to: number;
  count: number;
  predicted: number;
  observed: number;
};

/** Predicted confidence vs observed share of scams, in buckets of equal width. */
export function calibrationTable(
  probabilities: ArrayLike<number>,
  labels: ArrayLike<number>,
  buckets = 5,
): CalibrationBucket[] {
  const table = Array.from({ length: buckets }, (_, b) => ({
    from: b / buckets,
    to: (b + 1) / buckets,
    count: 0,
    predicted: 0,
    observed: 0,
  }));
  for (let i = 0; i < labels.length; i++) {
    const bucket = table[Math.min(buckets - 1, Math.floor(probabilities[i] * buckets))];
    bucket.count++;
    bucket.predicted += probabilities[i];
    bucket.observed += labels[i];
  }
  for (const bucket of table) {
    if (bucket.count === 0) continue;
    bucket.predicted /= bucket.count;
    bucket.observed /= bucket.count;
  }
  return table;
}

/**
 * Threshold: the middle of the range of thresholds that keep out-of-fold precision at or above
 * `minPrecision` with the best recall (the middle, so that a slightly different data set does not
 * fall off an edge). Without any such threshold, the one with the best F1.
 */
export function chooseThreshold(
  probabilities: ArrayLike<number>,
  labels: ArrayLike<number>,
  minPrecision: number,
): number {
  const candidates: Array<{ threshold: number; precision: number; recall: number; f1: number }> =
    [];
  for (let t = 0.2; t <= 0.8 + 1e-9; t += 0.01) {
    const c = confusion(probabilities, labels, t);
    const p = c.precision.value;
    const r = c.recall.value;
    candidates.push({
      threshold: Math.round(t * 100) / 100,
      precision: p,
      recall: r,
      f1: p + r === 0 ? 0 : (2 * p * r) / (p + r),
    });
  }
  const precise = candidates.filter((c) => c.precision >= minPrecision && c.recall > 0);
  if (precise.length === 0) {
    return candidates.reduce((best, c) => (c.f1 > best.f1 ? c : best)).threshold;
  }
  const bestRecall = Math.max(...precise.map((c) => c.recall));
  const plateau = precise.filter((c) => c.recall >= bestRecall - 1e-9);
  return plateau[Math.floor(plateau.length / 2)].threshold;
}
