// npm run bench:encode: single fetch encodes every loader answer synchronously (turbo-stream
// 2.4.1, docs/decisions/009-dependency-audit.md), so the time it takes is time the event loop is
// held. Each route with a growing list is filled past its bound with the longest values the app
// accepts, its `.data` answer encoded with Remix's own encoder; the median CPU time of one
// encoding must stay under 50 ms.
import { withBenchDatabase } from "./bench-database";
import { buildEncodeCases } from "./encode-cases";
import { encodeAsSingleFetch } from "./single-fetch-encode";
import { timeRuns } from "./timing";
import type { BenchRow } from "./types";

const TARGET_MS = 50;

export function runEncodeBench(): Promise<BenchRow[]> {
  return withBenchDatabase("encode", async () => {
    const rows: BenchRow[] = [];
    for (const encodeCase of await buildEncodeCases()) {
      const bytes = await encodeAsSingleFetch(encodeCase.data);
      // The target is the median CPU time: the encoding is synchronous, so on a core of its own
      // that is how long it holds the event loop; the wall clock of a shared machine counts more.
      const figures = await timeRuns(() => encodeAsSingleFetch(encodeCase.data), 20);
      const within = encodeCase.rows <= encodeCase.max;
      rows.push({
        figure: `Encodage single fetch ${encodeCase.route} (${encodeCase.rows} lignes, ${(bytes / 1024).toFixed(0)} Ko ; ${encodeCase.bound})`,
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
