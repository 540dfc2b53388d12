import type Database from "better-sqlite3";
import { MODERATION_BATCH_SIZE } from "~/config";
import { analyse, createContextBuilder, type ModerationContext, type ModerationVerdict } from "./engine";
import {
  idsBatch,
  pendingBatch,
  reanalyzeBatch,
  START_CURSOR,
  streamPlatformListings,
  toModerationListing,
  type BatchCursor,
  type BatchRow,
} from "./listing-source.server";

/**
 * Reading and analysing a run's batches, against any connection: the main one (inline) or the
 * analysis worker's own (analysis-worker.ts). Writing stays with the main thread.
 */

export type LoopJob = { id: string; userId: string; mode: "pending" | "ids" | "reanalyze"; ids: number[] };

/** What a write needs of a listing: which row, and the state it was analysed in. */
export type BatchKey = Pick<BatchRow, "id" | "status" | "updated_at">;

/** One SPEC batch (MODERATION_BATCH_SIZE listings) and its verdicts, in the same order. */
export type AnalysedBatch = { rows: BatchKey[]; verdicts: ModerationVerdict[] };

type Pace = () => Promise<void> | undefined;

/** The market data every verdict is measured against, built once per run. */
export async function buildContext(db: Database.Database, options: { signal?: AbortSignal; pace?: Pace } = {}): Promise<ModerationContext> {
  const builder = createContextBuilder();
  await streamPlatformListings(db, (listing) => builder.add(listing), options);
  return builder.build();
}

function nextBatch(db: Database.Database, job: LoopJob, cursor: BatchCursor, index: number): BatchRow[] {
  if (job.mode === "reanalyze") return reanalyzeBatch(db, job.userId, cursor, MODERATION_BATCH_SIZE);
  if (job.mode === "ids") return idsBatch(db, job.userId, job.ids.slice(index * MODERATION_BATCH_SIZE, (index + 1) * MODERATION_BATCH_SIZE));
  return pendingBatch(db, job.userId, cursor, MODERATION_BATCH_SIZE);
}

/**
 * The run's batches, analysed, until nothing is left, `cap` batches, or the signal. A listing
 * decided meanwhile by someone else is still analysed here; the write skips it.
 */
export async function* analysedBatches(
  db: Database.Database,
  context: ModerationContext,
  job: LoopJob,
  cap: number,
  options: { signal?: AbortSignal; pace: Pace },
): AsyncGenerator<AnalysedBatch> {
  const sorted = { ...job, ids: [...job.ids].sort((a, b) => a - b) };
  const idBatches = Math.ceil(sorted.ids.length / MODERATION_BATCH_SIZE);
  let cursor = START_CURSOR;
  for (let index = 0; index < cap; index++) {
    if (options.signal?.aborted) return;
    if (job.mode === "ids" && index >= idBatches) return;
    const rows = nextBatch(db, sorted, cursor, index);
    if (rows.length === 0 && job.mode !== "ids") return;
    const verdicts: ModerationVerdict[] = [];
    for (const row of rows) {
      verdicts.push(analyse(toModerationListing(row), context));
      const pause = options.pace();
      if (pause) await pause;
    }
    const last = rows[rows.length - 1];
    if (last) cursor = { createdAt: last.created_at, id: last.id };
    yield { rows: rows.map(({ id, status, updated_at }) => ({ id, status, updated_at })), verdicts };
  }
}
