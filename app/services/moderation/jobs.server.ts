import { moderationJobs } from "#db/schema";
import { MODERATION_BATCH_SIZE, MODERATION_MAX_BATCHES } from "~/config";
import { getDb } from "~/utils/db.server";
import { createJob, enqueueJob, runJob } from "../jobs/engine.server";
import type { JobKind } from "../jobs/job-kind";
import { writeProgress } from "../jobs/status-writer.server";
import type { Analyzer } from "./analysed-batches.server";
import { openAnalyzer } from "./analyzer.server";
import { writeAnalysedBatches, type LoopProgress } from "./batch-loop.server";
import { countIds, countPending, countReanalyze, type TargetMode } from "./listing-source.server";
import { MODERATION_JOB_TABLE, type ModerationJob, type ModerationMode } from "./moderation-job-table.server";
import { toModerationJobView } from "./moderation-job-view";
import { capMessage, completedMessage, MODERATION_TEXT, stoppedMessage } from "./moderation-texts";

export type { ModerationJob, ModerationMode };
export type ModerationResult = { moderated: number; flagged: number; remaining: number; message: string };

export type RunOptions = {
  /** Safety cap of an automatic run (SPEC: 200); tests lower it. A manual run is one batch. */
  maxBatches?: number;
  /** An analyzer already open, with its context (the CLI chains runs over the same market data). */
  analyzer?: Analyzer;
};

/** How many listings a job of this mode could still decide on. */
export function countTargets(job: Pick<ModerationJob, "userId" | "mode" | "params">): number {
  if (job.mode === "reanalyze") return countReanalyze(job.userId);
  if (job.mode === "ids") return countIds(job.userId, job.params?.ids ?? [], job.params?.rescore ? "rescore" : "ids");
  return countPending(job.userId);
}

/**
 * The moderation kind of the job engine (batch-loop.server.ts does the batches). A manual run
 * does one batch; an automatic one goes on until nothing remains, Stop, or the cap.
 */
export const moderationJobKind: JobKind<typeof moderationJobs, RunOptions> = {
  ...MODERATION_JOB_TABLE,
  busyMessage: MODERATION_TEXT.busy,
  stopMessage: (job) => stoppedMessage(job.moderated),
  writesInBulk: true,
  view: toModerationJobView,
  open(job, { signal, input: options }) {
    const auto = job.params?.auto ?? false;
    // Given ids are a finite list: they run like an automatic run, under the same safety cap.
    const underSafetyCap = auto || job.mode === "ids";
    const cap = underSafetyCap ? (options.maxBatches ?? MODERATION_MAX_BATCHES) : 1;
    const progress: LoopProgress = { analysed: 0, batches: 0, moderated: 0, flagged: 0, stopped: false };
    let opened: Analyzer | undefined;
    /** What is left is recorded with every end: the panel offers "Continuer (N restantes)" from it. */
    const recordRemaining = () => {
      const remaining = countTargets(job);
      writeProgress(MODERATION_JOB_TABLE, job.id, { set: { remaining } });
      return remaining;
    };
    return {
      async run() {
        const available = countTargets(job);
        writeProgress(MODERATION_JOB_TABLE, job.id, { set: { total: Math.min(available, cap * MODERATION_BATCH_SIZE), remaining: available } });
        if (available > 0) {
          const analyzer = options.analyzer ?? (opened = await openAnalyzer(job.userId, signal));
          // A re-score (issue 25 section 4) is a run over given ids that are still active.
          const mode: TargetMode = job.params?.rescore ? "rescore" : job.mode;
          const loopJob = { id: job.id, userId: job.userId, mode, ids: job.params?.ids ?? [] };
          await writeAnalysedBatches(job, analyzer.batches(loopJob, cap, signal), { signal, progress });
        }
        const remaining = recordRemaining();
        if (progress.moderated === 0) return job.mode === "reanalyze" ? MODERATION_TEXT.nothingToReanalyze : MODERATION_TEXT.nothingToModerate;
        if (underSafetyCap && progress.analysed >= cap && remaining > 0) return capMessage(cap);
        return completedMessage(progress.moderated, progress.flagged);
      },
      failure(error) {
        recordRemaining();
        const detail = error.message || "erreur inconnue";
        return { message: `${MODERATION_TEXT.errorPrefix}${detail}`, errors: [`Erreur sur le lot ${progress.batches + 1} : ${detail}`] };
      },
      stopped() {
        recordRemaining();
        return stoppedMessage(progress.moderated);
      },
      close: () => opened?.close(),
    };
  },
};

/** Creates the job row (pending); a second open run of the same user throws JobBusyError. */
export function createModerationJob(
  userId: string,
  input: { mode: ModerationMode; ids?: number[]; auto?: boolean; rescore?: boolean },
): ModerationJob {
  return createJob(moderationJobKind, userId, (lease) =>
    getDb()
      .insert(moderationJobs)
      .values({
        userId,
        mode: input.mode,
        params: {
          ids: input.mode === "ids" ? [...new Set(input.ids ?? [])] : undefined,
          auto: input.auto ?? false,
          ...(input.rescore ? { rescore: true } : {}),
        },
        ...lease,
      })
      .returning()
      .get(),
  );
}

/** Runs a moderation in this process (the CLI, tests, the benchmark). */
export function runModerationJob(job: ModerationJob, options: RunOptions = {}, signal?: AbortSignal): Promise<ModerationJob> {
  return runJob(moderationJobKind, job, options, signal);
}

/** The result of SPEC.md section 3 (moderate-properties). */
export function moderationResult(job: ModerationJob): ModerationResult {
  return { moderated: job.moderated, flagged: job.flagged, remaining: job.remaining, message: job.message ?? "" };
}

/**
 * Starts a run for the panel or the /moderation screen. Nothing to do answers the SPEC info
 * message instead of creating an empty job; a second open run is refused (JobBusyError).
 */
export function startModeration(
  userId: string,
  input: { mode: ModerationMode; auto: boolean; ids?: number[] },
): { job: ModerationJob; nothing?: undefined } | { job?: undefined; nothing: string } {
  const available = countTargets({ userId, mode: input.mode, params: { ids: input.ids } });
  if (available === 0) {
    return { nothing: input.mode === "reanalyze" ? MODERATION_TEXT.nothingToReanalyze : MODERATION_TEXT.nothingToModerate };
  }
  const job = createModerationJob(userId, input);
  enqueueJob(moderationJobKind, job, {});
  return { job };
}
