/** One line of the `npm run bench` table. */
export type BenchRow = {
  figure: string;
  target: string;
  measured: string;
  ok: boolean;
  /** Ratio of our throughput to a bare ceiling, where there is one. */
  ceilingRatio?: string;
};
