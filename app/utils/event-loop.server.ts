import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";

let histogram: IntervalHistogram | undefined;

/**
 * How long the event loop was held since the previous call (the first call starts measuring):
 * shown to administrators on /healthz, so an operator, and the hostile-input tests, can see
 * that no request held the server. 10 ms resolution.
 */
export function eventLoopDelaySinceLastRead(): { maxMs: number; p99Ms: number } {
  if (!histogram) {
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    return { maxMs: 0, p99Ms: 0 };
  }
  const toMs = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;
  const delay = { maxMs: toMs(histogram.max), p99Ms: toMs(histogram.percentile(99)) };
  histogram.reset();
  return delay;
}
