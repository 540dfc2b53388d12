/** Small robust-statistics helpers (median / MAD) and growable typed arrays. */

/** Median of an ascending-sorted array (NaN when empty). */
export function sortedMedian(sorted: ArrayLike<number>): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const mid = n >> 1;
  return n % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Index of one element equal to `value` in an ascending array, or -1. */
export function indexOfSorted(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid];
    if (v === value) return mid;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Median of an ascending array with the element at `skip` removed ("leave-one-out"), in O(1):
 * a listing must never be compared with itself.
 */
export function sortedMedianWithout(sorted: ArrayLike<number>, skip: number): number {
  const n = sorted.length;
  if (skip < 0 || skip >= n) return sortedMedian(sorted);
  const m = n - 1;
  if (m === 0) return Number.NaN;
  const at = (j: number): number => (j < skip ? sorted[j] : sorted[j + 1]);
  const mid = m >> 1;
  return m % 2 === 1 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

/** Median absolute deviation around `center` (values need not be sorted). */
export function medianAbsoluteDeviation(values: ArrayLike<number>, center: number): number {
  const deviations = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) deviations[i] = Math.abs(values[i] - center);
  deviations.sort();
  return sortedMedian(deviations);
}

/** 1.4826 · MAD estimates the standard deviation of a normal distribution. */
export const MAD_TO_SIGMA = 1.4826;

export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** Piecewise-linear interpolation through ascending x points (flat outside the range). */
export function interpolate(points: ReadonlyArray<readonly [number, number]>, x: number): number {
  if (x <= points[0][0]) return points[0][1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i];
    if (x <= x1) {
      const [x0, y0] = points[i - 1];
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return points[points.length - 1][1];
}

/** Append-only Float64 buffer: numbers, not objects, so 200 000 listings stay a few MB. */
export class GrowableFloat64 {
  private buffer: Float64Array;
  length = 0;
  constructor(capacity = 1024) {
    this.buffer = new Float64Array(capacity);
  }
  push(value: number): void {
    if (this.length === this.buffer.length) {
      const next = new Float64Array(this.buffer.length * 2);
      next.set(this.buffer);
      this.buffer = next;
    }
    this.buffer[this.length++] = value;
  }
  get(index: number): number {
    return this.buffer[index];
  }
  set(index: number, value: number): void {
    this.buffer[index] = value;
  }
  /** Trimmed copy. */
  toArray(): Float64Array {
    return this.buffer.slice(0, this.length);
  }
}

/** Append-only Uint32 buffer. */
export class GrowableUint32 {
  private buffer: Uint32Array;
  length = 0;
  constructor(capacity = 1024) {
    this.buffer = new Uint32Array(capacity);
  }
  push(value: number): void {
    if (this.length === this.buffer.length) {
      const next = new Uint32Array(this.buffer.length * 2);
      next.set(this.buffer);
      this.buffer = next;
    }
    this.buffer[this.length++] = value >>> 0;
  }
  get(index: number): number {
    return this.buffer[index];
  }
  toArray(): Uint32Array {
    return this.buffer.slice(0, this.length);
  }
}
