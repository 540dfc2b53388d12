// npm run bench:encode: single fetch encodes every loader answer synchronously (turbo-stream
// 2.4.1, docs/decisions/009-dependency-audit.md), so the time it takes is time the event loop is
// held. Each route with a growing list is filled past its bound with the longest values the app
// accepts, its `.data` answer encoded with Remix's own encoder; the median CPU time of one
// encoding must stay under 50 ms.
import { performance } from "node:perf_hooks";
import { withBenchDatabase } from "./bench-database";
import { buildEncodeCases } from "./encode-cases";
import { encodeAsSingleFetch } from "./single-fetch-encode";
import type { BenchRow } from "./types";

const RUNS = 20;
const WARMUP = 3;
const TARGET_MS = 50;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/**
 * Median CPU time of one encoding (the target), plus the wall-clock median and p95. The encoding
 * is synchronous, so its CPU time is how long it holds the event loop on a core of its own; on a
 * shared, busy machine the wall clock also counts the time other processes held the cores.
 */
async function time(run: () => Promise<number>) {
  let bytes = 0;
  for (let i = 0; i < WARMUP; i++) bytes = await run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const usage = process.cpuUsage();
    await run();
    const spent = process.cpuUsage(usage);
    wall.push(performance.now() - started);
    cpu.push((spent.user + spent.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { bytes, median: quantile(wall, 0.5), p95: quantile(wall, 0.95), cpu: quantile(cpu, 0.5) };
}

export function runEncodeBench(): Promise<BenchRow[]> {
  return withBenchDatabase("encode", async () => {
    const rows: BenchRow[] = [];
    for (const encodeCase of await buildEncodeCases()) {
      const figures = await time(() => encodeAsSingleFetch(encodeCase.data));
      const within = encodeCase.rows <= encodeCase.max;
      rows.push({
        figure: `Encodage single fetch ${encodeCase.route} (${encodeCase.rows} lignes, ${(figures.bytes / 1024).toFixed(0)} Ko ; ${encodeCase.bound})`,
        target: `CPU < ${TARGET_MS} ms (médiane), lignes ≤ ${encodeCase.max}`,
        measured: `CPU ${figures.cpu.toFixed(1)} ms ; horloge : médiane ${figures.median.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms`,
        ok: within && figures.cpu < TARGET_MS,
      });
    }
    return rows;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runEncodeBench();
  console.table(rows);
  process.exit(rows.every((row) => row.ok) ? 0 : 1);
}
