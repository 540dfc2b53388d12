// Timing of the benches that call app code in their own process (listings, encode).
import { performance } from "node:perf_hooks";

export function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * Wall-clock median, p95 and p99, plus the median CPU time of the process: on a shared, busy machine
 * the wall clock also counts the time other processes held the two cores.
 */
export async function timeRuns(run: () => Promise<unknown>, runs = 50, warmup = 3) {
  for (let i = 0; i < warmup; i++) await run();
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const usage = process.cpuUsage();
    await run();
    const spent = process.cpuUsage(usage);
    samples.push(performance.now() - started);
    cpu.push((spent.user + spent.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { median: quantile(samples, 0.5), p95: quantile(samples, 0.95), p99: quantile(samples, 0.99), cpu: quantile(cpu, 0.5) };
}
