import type Database from "better-sqlite3";
import { MODERATION_BATCH_SIZE } from "~/config";
import { analyse, createContextBuilder, type ModerationContext, type ModerationVerdict } from "./engine";
import { activeModel } from "./learning.server";
import { batchByIds, streamPlatformListings, targetIds, type BatchKey, type TargetMode } from "./listing-source.server";

/**
 * Reading and analysing a run's batches, against any connection: the main one (inline) or the
 * analysis worker's own (analysis-worker.ts). Writing stays with the main thread.
 */

export type LoopJob = { id: string; userId: string; mode: TargetMode; ids: number[] };

export type { BatchKey };

/** One SPEC batch (MODERATION_BATCH_SIZE listings) and its verdicts, in the same order. */
export type AnalysedBatch = { rows: BatchKey[]; verdicts: ModerationVerdict[] };

/**
 * What analyses a run's batches, inline or in the analysis worker (analyzer.server.ts chooses,
 * analysis-thread.server.ts drives the worker): here so that both can name it without a cycle.
 */
export type Analyzer = {
  batches(job: LoopJob, cap: number, signal: AbortSignal): AsyncIterable<AnalysedBatch>;
  close(): void;
};

type Pace = () => Promise<void> | undefined;

/** The market data every verdict is measured against, built once per run. */
export async function buildContext(db: Database.Database, options: { signal?: AbortSignal; pace?: Pace } = {}): Promise<ModerationContext> {
  const builder = createContextBuilder(activeModel(db));
  await streamPlatformListings(db, (listing) => builder.add(listing), options);
  return builder.build();
}

/**
 * The run's batches, analysed, until nothing is left, `cap` batches, or the signal. A listing
 * decided meanwhile by someone else is skipped here if already gone, or by the write otherwise.
 */
export async function* analysedBatches(
  db: Database.Database,
  context: ModerationContext,
  job: LoopJob,
  cap: number,
  options: { signal?: AbortSignal; pace: Pace },
): AsyncGenerator<AnalysedBatch> {
  const ids = targetIds(db, job.userId, job.mode, job.ids);
  const batches = Math.min(cap, Math.ceil(ids.length / MODERATION_BATCH_SIZE));
  for (let index = 0; index < batches; index++) {
    if (options.signal?.aborted) return;
    const rows = batchByIds(db, job.userId, job.mode, ids.slice(index * MODERATION_BATCH_SIZE, (index + 1) * MODERATION_BATCH_SIZE));
    const verdicts: ModerationVerdict[] = [];
    for (const row of rows) {
      verdicts.push(analyse(row.listing, context));
      const pause = options.pace();
      if (pause) await pause;
    }
    yield { rows: rows.map((row) => row.key), verdicts };
  }
}
