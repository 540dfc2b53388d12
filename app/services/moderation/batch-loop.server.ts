import { MODERATION_BATCH_SIZE } from "~/config";
import { yieldToEventLoop } from "../jobs/queue.server";
import { createWriteSizer } from "../jobs/write-sizer";
import type { AnalysedBatch, BatchKey } from "./analysed-batches.server";
import { formatFlagReason, type ModerationVerdict } from "./engine";
import { writeBatches } from "./verdicts.server";

/**
 * SPEC batches (MODERATION_BATCH_SIZE listings) are the unit of reading, analysis, progress and
 * the cap; their writes are grouped into bigger transactions, because each commit rewrites the
 * index pages it touched (and checkpoints them) and a transaction per 100 rows spent most of its
 * time doing that. A group holds whole batches and is sized so that its transaction lasts about
 * WRITE_SLICE_MS (the event loop is blocked meanwhile), and is written at least every
 * WRITE_GROUP_MS so progress stays live (docs/decisions/008-moderation-runs.md).
 */
const WRITE_SLICE_MS = 25;
const WRITE_GROUP_MS = 400;

/** Counters of a run, kept up to date as groups are written (the caller reads them on failure too). */
export type LoopProgress = { analysed: number; batches: number; moderated: number; flagged: number; stopped: boolean };

/**
 * Writes the analysed batches of a run until the source ends, Stop (the job row is no longer
 * 'processing': nothing more is written) or the signal (shutdown: what was analysed is written,
 * then it ends). Yields to the event loop between batches.
 */
export async function writeAnalysedBatches(
  job: { id: string; userId: string },
  source: AsyncIterable<AnalysedBatch>,
  options: { signal: AbortSignal; progress: LoopProgress },
): Promise<LoopProgress> {
  const { signal, progress } = options;
  let group: { rows: BatchKey[]; verdicts: ModerationVerdict[]; batches: number; since: number } | null = null;
  // Starts cautious (a first group of 400 rows), then follows the measured cost.
  const groups = createWriteSizer({ budgetMs: WRITE_SLICE_MS, min: MODERATION_BATCH_SIZE, max: 2_000, initialRows: 400, step: MODERATION_BATCH_SIZE });

  const flush = (): boolean => {
    if (!group) return true;
    const started = performance.now();
    const outcome = writeBatches(job.id, job.userId, group.rows, group.verdicts, group.batches, formatFlagReason);
    groups.measured(group.rows.length, performance.now() - started);
    group = null;
    if (!outcome) {
      progress.stopped = true;
      return false;
    }
    progress.batches += outcome.batches;
    progress.moderated += outcome.written;
    progress.flagged += outcome.flagged;
    return true;
  };

  try {
    for await (const batch of source) {
      progress.analysed += 1;
      group ??= { rows: [], verdicts: [], batches: 0, since: performance.now() };
      group.rows.push(...batch.rows);
      group.verdicts.push(...batch.verdicts);
      group.batches += 1;
      if (group.rows.length >= groups.rows() || performance.now() - group.since >= WRITE_GROUP_MS) {
        if (!flush()) break;
      }
      if (signal.aborted) break;
      await yieldToEventLoop();
    }
  } finally {
    // Whole batches already analysed are kept, even when a later one fails ('Erreur sur le lot N').
    flush();
  }
  return progress;
}
