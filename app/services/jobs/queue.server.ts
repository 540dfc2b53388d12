import PQueue from "p-queue";

/**
 * The in-process job queue. Two jobs at a time: the machine has two cores and each job yields
 * to the event loop between batches, so requests keep being served.
 */
const state = globalThis as unknown as { __vigimmoQueue?: PQueue };

export function jobQueue(): PQueue {
  state.__vigimmoQueue ??= new PQueue({ concurrency: 2 });
  return state.__vigimmoQueue;
}

/** Lets the event loop serve pending I/O between two batches of a job. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
