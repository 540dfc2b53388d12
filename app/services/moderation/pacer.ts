import { yieldToEventLoop } from "../jobs/queue.server";

/** Longest slice of synchronous moderation work between two yields to the event loop. */
export const SLICE_BUDGET_MS = 10;

/**
 * Returns a function to call between two units of work: it answers a promise to await when the
 * current slice has used its budget, nothing otherwise (no promise per item on the hot path).
 * Yielding on time rather than on counts keeps the server responsive whatever the engine's speed.
 */
export function createPacer(budgetMs = SLICE_BUDGET_MS): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < budgetMs) return undefined;
    return yieldToEventLoop().then(() => {
      sliceStart = performance.now();
    });
  };
}
