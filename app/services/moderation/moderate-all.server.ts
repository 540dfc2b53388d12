import { openAnalyzer } from "./analyzer.server";
import { countPending } from "./listing-source.server";
import {
  createModerationJob,
  runModerationJob,
  type ModerationJob,
  type ModerationResult,
} from "./jobs.server";
import { completedMessage, MODERATION_TEXT } from "./moderation-texts";

/**
 * Moderates ALL of a user's pending listings (CLI, benchmark): automatic runs chained as the cap
 * message asks ("Relancez pour continuer"), over one context built once (one analyzer). Stops on
 * Stop, failure, the signal, or a run that makes no progress.
 */
export async function moderateAllPending(
  userId: string,
  options: { maxBatches?: number; onRun?: (job: ModerationJob) => void; signal?: AbortSignal } = {},
): Promise<ModerationResult & { runs: number; status: ModerationJob["status"] }> {
  let moderated = 0;
  let flagged = 0;
  let runs = 0;
  let last: ModerationJob | undefined;
  const analyzer = countPending(userId) > 0 ? await openAnalyzer(userId, options.signal) : undefined;
  try {
    while (analyzer && !options.signal?.aborted) {
      const job = createModerationJob(userId, { mode: "pending", auto: true });
      last = await runModerationJob(job, { analyzer, maxBatches: options.maxBatches });
      runs += 1;
      moderated += last.moderated;
      flagged += last.flagged;
      options.onRun?.(last);
      if (last.status !== "completed" || last.remaining === 0 || last.moderated === 0) break;
    }
  } finally {
    analyzer?.close();
  }
  const remaining = countPending(userId);
  const message =
    last && last.status !== "completed" ? (last.message ?? "") : moderated > 0 ? completedMessage(moderated, flagged) : MODERATION_TEXT.nothingToModerate;
  return { moderated, flagged, remaining, message, runs, status: last?.status ?? "completed" };
}
