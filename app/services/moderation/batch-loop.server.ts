import { yieldToEventLoop } from "../jobs/queue.server";
import type { AnalysedBatch, BatchKey } from "./analysed-batches.server";
import { formatFlagReason, type ModerationVerdict } from "./engine";
import { writeBatches } from "./verdicts.server";

/**
 * SPEC batches (MODERATION_BATCH_SIZE listings) are the unit of reading, analysis, progress and
 * the cap; their writes are grouped into bigger transactions, because each commit rewrites the
 * index pages it touched (and checkpoints them) and a transaction per 100 rows spent most of its
 * time doing that. A group is written when it reaches WRITE_GROUP_ROWS or WRITE_GROUP_MS, so
 * progress stays live and one write stays short (docs/decisions/008-moderation-runs.md).
 */
export const WRITE_GROUP_ROWS = 800;
export const WRITE_GROUP_MS = 400;

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

  const flush = (): boolean => {
    if (!group) return true;
    const outcome = writeBatches(job.id, job.userId, group.rows, group.verdicts, group.batches, formatFlagReason);
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
      if (group.rows.length >= WRITE_GROUP_ROWS || performance.now() - group.since >= WRITE_GROUP_MS) {
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
