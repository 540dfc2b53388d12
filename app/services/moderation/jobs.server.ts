import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { moderationJobs } from "#db/schema";
import { MODERATION_BATCH_SIZE, MODERATION_MAX_BATCHES } from "~/config";
import { MSG } from "~/messages";
import { getDb } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { pauseAutoCheckpoints } from "~/utils/wal-checkpoints.server";
import { abortHeldJob, holdJob, releaseJob, WORKER_ID } from "../jobs/lease.server";
import { jobQueue } from "../jobs/queue.server";
import { openAnalyzer, type Analyzer } from "./analyzer.server";
import { writeAnalysedBatches, type LoopProgress } from "./batch-loop.server";
import { countIds, countPending, countReanalyze } from "./listing-source.server";
import { capMessage, completedMessage, MODERATION_TEXT, stoppedMessage } from "./moderation-texts";

export type ModerationJob = typeof moderationJobs.$inferSelect;
export type ModerationMode = ModerationJob["mode"];
export type ModerationResult = { moderated: number; flagged: number; remaining: number; message: string };

export type RunOptions = {
  /** Safety cap of an automatic run (SPEC: 200); tests lower it. A manual run is one batch. */
  maxBatches?: number;
  /** An analyzer already open, with its context (the CLI chains runs over the same market data). */
  analyzer?: Analyzer;
  signal?: AbortSignal;
};

export class ModerationBusyError extends Error {
  constructor() {
    super(MODERATION_TEXT.busy);
  }
}

/** Creates the job row (pending); refuses a second open moderation for the same user. */
export function createModerationJob(
  userId: string,
  input: { mode: ModerationMode; ids?: number[]; auto?: boolean },
): ModerationJob {
  const db = getDb();
  return db.transaction(
    (tx) => {
      const open = tx
        .select({ id: moderationJobs.id })
        .from(moderationJobs)
        .where(and(eq(moderationJobs.userId, userId), inArray(moderationJobs.status, ["pending", "processing"])))
        .get();
      if (open) throw new ModerationBusyError();
      return tx
        .insert(moderationJobs)
        .values({
          userId,
          mode: input.mode,
          params: { ids: input.mode === "ids" ? [...new Set(input.ids ?? [])] : undefined, auto: input.auto ?? false },
          workerId: WORKER_ID,
          heartbeatAt: new Date(),
        })
        .returning()
        .get();
    },
    { behavior: "immediate" },
  );
}

/** Puts a created job on the in-process queue; the screens poll its row. */
export function enqueueModerationJob(job: ModerationJob, options: Omit<RunOptions, "signal"> = {}) {
  const signal = holdJob("moderation", job.id);
  void jobQueue().add(() => runModerationJob(job, { ...options, signal }));
}

/** How many listings a job of this mode could still decide on. */
export function countTargets(job: Pick<ModerationJob, "userId" | "mode" | "params">): number {
  if (job.mode === "reanalyze") return countReanalyze(job.userId);
  if (job.mode === "ids") return countIds(job.userId, job.params?.ids ?? []);
  return countPending(job.userId);
}

function jobStatus(jobId: string) {
  return getDb().select({ status: moderationJobs.status }).from(moderationJobs).where(eq(moderationJobs.id, jobId)).get()
    ?.status;
}

/** Updates a job that is still open: a job stopped meanwhile keeps its 'cancelled' state. */
function update(jobId: string, values: Partial<ModerationJob>) {
  return getDb()
    .update(moderationJobs)
    .set(values)
    .where(and(eq(moderationJobs.id, jobId), inArray(moderationJobs.status, ["pending", "processing"])))
    .run();
}

/**
 * Runs a job to its end (batch-loop.server.ts does the batches) and records how it ended.
 * A manual run does one batch; an automatic one goes on until nothing remains, Stop, or the cap.
 */
export async function runModerationJob(job: ModerationJob, options: RunOptions = {}): Promise<ModerationJob> {
  const signal = options.signal ?? holdJob("moderation", job.id);
  const auto = job.params?.auto ?? false;
  // Given ids are a finite list: they run like an automatic run, under the same safety cap.
  const underSafetyCap = auto || job.mode === "ids";
  const cap = underSafetyCap ? (options.maxBatches ?? MODERATION_MAX_BATCHES) : 1;
  const progress: LoopProgress = { analysed: 0, batches: 0, moderated: 0, flagged: 0, stopped: false };
  let opened: Analyzer | undefined;
  try {
    const claimed = update(job.id, { status: "processing", startedAt: new Date(), heartbeatAt: new Date(), workerId: WORKER_ID });
    if (claimed.changes === 0) return getModerationJobById(job.id)!;
    const available = countTargets(job);
    update(job.id, { total: Math.min(available, cap * MODERATION_BATCH_SIZE), remaining: available });
    logEvent("job.started", { kind: "moderation", jobId: job.id, mode: job.mode, available });
    if (available > 0) {
      const analyzer = options.analyzer ?? (opened = await openAnalyzer(signal));
      const loopJob = { id: job.id, userId: job.userId, mode: job.mode, ids: job.params?.ids ?? [] };
      const resumeAutoCheckpoints = pauseAutoCheckpoints();
      try {
        await writeAnalysedBatches(job, analyzer.batches(loopJob, cap, signal), { signal, progress });
      } finally {
        resumeAutoCheckpoints();
      }
    }
    const remaining = countTargets(job);
    if (jobStatus(job.id) === "processing" && !signal.aborted) {
      const capped = underSafetyCap && progress.analysed >= cap && remaining > 0;
      update(job.id, { status: "completed", finishedAt: new Date(), remaining, message: endMessage(job, progress, capped, cap) });
    } else {
      markStopped(job.id, progress.moderated, remaining);
    }
  } catch (error) {
    if (signal.aborted || jobStatus(job.id) === "cancelled") {
      markStopped(job.id, progress.moderated, countTargets(job));
    } else {
      const detail = (error as Error).message || "erreur inconnue";
      update(job.id, {
        status: "failed",
        finishedAt: new Date(),
        message: `${MODERATION_TEXT.errorPrefix}${detail}`,
        errors: [`Erreur sur le lot ${progress.batches + 1} : ${detail}`],
        remaining: countTargets(job),
      });
      logEvent("job.failed", { kind: "moderation", jobId: job.id, error: detail });
    }
  } finally {
    opened?.close();
    releaseJob("moderation", job.id);
  }
  const final = getModerationJobById(job.id)!;
  logEvent("job.finished", { kind: "moderation", jobId: job.id, status: final.status, moderated: final.moderated, flagged: final.flagged });
  return final;
}

function endMessage(job: ModerationJob, progress: LoopProgress, capped: boolean, cap: number) {
  if (progress.moderated === 0) return job.mode === "reanalyze" ? MODERATION_TEXT.nothingToReanalyze : MODERATION_TEXT.nothingToModerate;
  if (capped) return capMessage(cap);
  return completedMessage(progress.moderated, progress.flagged);
}

/**
 * Stop (or shutdown): the job ends cancelled with the count actually written. A shutdown wrote
 * its own message first (lifecycle.server.ts): it stays, users must not read a Stop they never
 * clicked.
 */
function markStopped(jobId: string, moderated: number, remaining: number) {
  update(jobId, { status: "cancelled", finishedAt: new Date() });
  getDb()
    .update(moderationJobs)
    .set({
      message: sql`case when ${moderationJobs.message} = ${MSG.jobStoppedByShutdown} then ${moderationJobs.message} else ${stoppedMessage(moderated)} end`,
      remaining,
    })
    .where(and(eq(moderationJobs.id, jobId), eq(moderationJobs.status, "cancelled")))
    .run();
}

function getModerationJobById(jobId: string): ModerationJob | undefined {
  return getDb().select().from(moderationJobs).where(eq(moderationJobs.id, jobId)).get();
}

/** A user's job (never another user's). */
export function getModerationJob(userId: string, jobId: string): ModerationJob | undefined {
  return getDb()
    .select()
    .from(moderationJobs)
    .where(and(eq(moderationJobs.id, jobId), eq(moderationJobs.userId, userId)))
    .get();
}

export function latestModerationJob(userId: string): ModerationJob | undefined {
  return getDb()
    .select()
    .from(moderationJobs)
    .where(eq(moderationJobs.userId, userId))
    .orderBy(desc(moderationJobs.createdAt))
    .limit(1)
    .get();
}

/** Stop: marks the user's open job cancelled; the worker (here or in a CLI) stops before its next write. */
export function cancelModerationJob(userId: string, jobId: string): boolean {
  const job = getModerationJob(userId, jobId);
  if (!job) return false;
  const result = getDb()
    .update(moderationJobs)
    .set({ status: "cancelled", finishedAt: new Date(), message: stoppedMessage(job.moderated) })
    .where(and(eq(moderationJobs.id, jobId), eq(moderationJobs.userId, userId), inArray(moderationJobs.status, ["pending", "processing"])))
    .run();
  if (result.changes > 0) abortHeldJob("moderation", jobId);
  return result.changes > 0;
}

/** The result of SPEC.md section 3 (moderate-properties). */
export function moderationResult(job: ModerationJob): ModerationResult {
  return { moderated: job.moderated, flagged: job.flagged, remaining: job.remaining, message: job.message ?? "" };
}

/**
 * Starts a run for the panel or the /moderation screen. Nothing to do answers the SPEC info
 * message instead of creating an empty job; a second open run is refused (ModerationBusyError).
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
  enqueueModerationJob(job);
  return { job };
}
