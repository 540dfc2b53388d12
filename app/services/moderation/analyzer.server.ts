import path from "node:path";
import { env } from "~/utils/env.server";
import { getSqlite } from "~/utils/db.server";
import { analysedBatches, buildContext, type Analyzer } from "./analysed-batches.server";
import { openWorkerAnalyzer } from "./analysis-thread.server";
import { createPacer } from "./pacer";

function workerEnabled() {
  return process.env.VIGIMMO_MODERATION_WORKER !== "off";
}

/**
 * Where a run's listings are analysed: in the analysis worker (default) or in this thread, with
 * yields on a time budget (fallback when the worker cannot start; VIGIMMO_MODERATION_WORKER=off
 * forces it, e.g. for tests that replace the engine). Either way the context is built once and
 * can serve several runs (the CLI chains capped runs over the same market data). `account` is
 * whose turns the worker spends (fair-turns.ts).
 */
export async function openAnalyzer(account: string, signal?: AbortSignal): Promise<Analyzer> {
  if (workerEnabled()) {
    const remote = await openWorkerAnalyzer(path.resolve(env().databasePath), account, signal);
    if (remote) return remote;
  }
  const db = getSqlite();
  const context = await buildContext(db, { signal, pace: createPacer() });
  return {
    batches: (job, cap, runSignal) => analysedBatches(db, context, job, cap, { signal: runSignal, pace: createPacer() }),
    close() {},
  };
}
