/**
 * Sizes the write transactions of a job. A transaction holds the event loop (and SQLite's write
 * lock) while it runs, so a job writes in transactions sized from the measured cost of the last
 * ones to last about `budgetMs`, and yields between them (docs/decisions/004 and 008). The cost
 * per row is smoothed, so that one preempted transaction does not halve the next one.
 */
export type WriteSizer = {
  /** Rows the next transaction may hold: a multiple of `step` within [min, max]. */
  rows(): number;
  /** Records how long a transaction of `rows` rows took. */
  measured(rows: number, ms: number): void;
};

export function createWriteSizer(options: { budgetMs: number; min: number; max: number; initialRows: number; step?: number }): WriteSizer {
  const { budgetMs, min, max, step = 1 } = options;
  let msPerRow = budgetMs / options.initialRows;
  return {
    rows() {
      const rows = Math.floor(budgetMs / msPerRow / step) * step;
      return Math.min(max, Math.max(min, rows));
    },
    measured(rows, ms) {
      if (rows > 0) msPerRow = 0.5 * msPerRow + 0.5 * (ms / rows);
    },
  };
}
