import type { AnalysedBatch, LoopJob } from "./analysed-batches.server";

/**
 * Messages between moderation runs (main thread) and the analysis worker (analysis-worker.ts).
 * A session is one context (the platform's market data); a run streams its analysed batches,
 * at most ANALYSIS_WINDOW ahead of what the main thread has written.
 */
export const ANALYSIS_WINDOW = 8;

export type AnalysisRequest =
  /** `account`: whose turns build the context (the worker is shared fairly between accounts). */
  | { type: "open"; session: string; databasePath: string; account: string }
  | { type: "run"; session: string; run: string; job: LoopJob; cap: number }
  | { type: "ack"; run: string }
  | { type: "stop"; run: string }
  | { type: "close"; session: string };

export type AnalysisReply =
  | { type: "ready" }
  | { type: "opened"; session: string; size: number }
  | { type: "batch"; run: string; batch: AnalysedBatch }
  | { type: "end"; run: string }
  | { type: "error"; session?: string; run?: string; message: string };
