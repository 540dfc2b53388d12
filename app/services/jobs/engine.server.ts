import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { pauseAutoCheckpoints } from "~/utils/wal-checkpoints.server";
import type { JobKind, JobSession, JobTable } from "./job-kind";
import { abortHeldJob, holdJob, releaseJob } from "./lease.server";
import { jobQueue } from "./queue.server";
import { WORKER_ID } from "./worker-id.server";
import { cancelOwnJob, claimJob, completeJob, failJob, hasOpenJob, jobStatus, recordStop } from "./status-writer.server";

/**
 * The job engine: the life of a job of any kind (create, queue, run, stop, read). A kind says
 * what a run does (job-kind.ts); everything else, and every status change, happens here and in
 * status-writer.server.ts.
 */

type Row<Table extends JobTable> = Table["$inferSelect"];

/** Refusal of a second open job of the same kind for one user (HTTP 409 on the screens). */
export class JobBusyError extends Error {
  constructor(readonly kind: string, message: string) {
    super(message);
  }
}

/** The lease a new row starts with: a pending job whose process died is swept like a running one. */
export type NewJobLease = { workerId: string; heartbeatAt: Date };

/**
 * Creates the job row (pending) with `insert`, in the same immediate transaction as the check that
 * the user has no open job of this kind; throws JobBusyError otherwise.
 */
export function createJob<Table extends JobTable, Input>(
  kind: JobKind<Table, Input>,
  userId: string,
  insert: (lease: NewJobLease) => Row<Table>,
): Row<Table> {
  return getDb().transaction(
    () => {
      if (hasOpenJob(kind, userId)) throw new JobBusyError(kind.name, kind.busyMessage);
      return insert({ workerId: WORKER_ID, heartbeatAt: new Date() });
    },
    { behavior: "immediate" },
  );
}

/**
 * Throws JobBusyError when the user already has an open job of this kind: the early answer of a
 * request whose input costs something to read (a file), before createJob checks it again.
 */
export function assertNoOpenJob<Table extends JobTable, Input>(kind: JobKind<Table, Input>, userId: string): void {
  if (hasOpenJob(kind, userId)) throw new JobBusyError(kind.name, kind.busyMessage);
}

/** Puts a created job on the in-process queue; the screens poll it through /resources/jobs/{id}. */
export function enqueueJob<Table extends JobTable, Input>(kind: JobKind<Table, Input>, job: Row<Table>, input: Input) {
  const signal = holdJob(kind, job.id);
  // A run that cannot even record how it ended (the database stayed locked past busy_timeout)
  // must not take the whole process down as an unhandled rejection: its row keeps a lease that
  // is no longer renewed, and the periodic sweep marks it failed with its French message.
  jobQueue()
    .add(() => runJob(kind, job, input, signal))
    .catch((error: unknown) => {
      logEvent("job.end_unrecorded", { kind: kind.name, jobId: job.id, error: error instanceof Error ? error.message : String(error) });
    });
}

/**
 * Runs a job to its end in this process (the queue, a CLI, a test) and records how it ended.
 * Stop marks the row cancelled and aborts the signal; the session stops before its next write.
 */
export async function runJob<Table extends JobTable, Input>(
  kind: JobKind<Table, Input>,
  job: Row<Table>,
  input: Input,
  signal: AbortSignal = holdJob(kind, job.id),
): Promise<Row<Table>> {
  let session: JobSession | undefined;
  let resumeAutoCheckpoints = () => {};
  try {
    if (!claimJob(kind, job.id)) return readJob(kind, job.id)!;
    logEvent("job.started", { kind: kind.name, jobId: job.id });
    if (kind.writesInBulk) resumeAutoCheckpoints = pauseAutoCheckpoints();
    session = kind.open(job, { signal, input });
    const message = await session.run();
    if (jobStatus(kind, job.id) === "processing" && !signal.aborted) {
      if (completeJob(kind, job.id, message)) session.onCompleted?.();
    } else {
      recordStop(kind, job.id, session.stopped());
    }
  } catch (error) {
    if (signal.aborted || jobStatus(kind, job.id) === "cancelled") {
      recordStop(kind, job.id, session ? session.stopped() : kind.stopMessage(readJob(kind, job.id)!));
    } else {
      const failure = session ? session.failure(error as Error) : { message: (error as Error).message, errors: [] };
      failJob(kind, job.id, failure.message, failure.errors);
    }
  } finally {
    session?.close?.();
    resumeAutoCheckpoints();
    releaseJob(kind, job.id);
  }
  const final = readJob(kind, job.id)!;
  logEvent("job.finished", { kind: kind.name, jobId: job.id, status: final.status, progress: kind.view(final).progress });
  return final;
}

/** Stop: marks the user's open job cancelled; its worker (here or in a CLI) stops at once. */
export function cancelJob<Table extends JobTable, Input>(kind: JobKind<Table, Input>, userId: string, jobId: string): boolean {
  const job = findJob(kind, userId, jobId);
  if (!job || !cancelOwnJob(kind, userId, jobId, kind.stopMessage(job))) return false;
  // The worker may be this process (abort now) or a CLI (its heartbeat sees the status).
  abortHeldJob(kind, jobId);
  return true;
}

/** A user's job (never another user's). */
export function findJob<Table extends JobTable, Input>(kind: JobKind<Table, Input>, userId: string, jobId: string): Row<Table> | undefined {
  const { table } = kind;
  return getDb()
    .select()
    .from(table as JobTable)
    .where(and(eq(table.id, jobId), eq(table.userId, userId)))
    .get() as Row<Table> | undefined;
}

/** The user's most recent job of this kind. */
export function latestJob<Table extends JobTable, Input>(kind: JobKind<Table, Input>, userId: string): Row<Table> | undefined {
  const { table } = kind;
  return getDb()
    .select()
    .from(table as JobTable)
    .where(eq(table.userId, userId))
    .orderBy(desc(table.createdAt))
    .limit(1)
    .get() as Row<Table> | undefined;
}

function readJob<Table extends JobTable, Input>(kind: JobKind<Table, Input>, jobId: string): Row<Table> | undefined {
  return getDb()
    .select()
    .from(kind.table as JobTable)
    .where(eq(kind.table.id, jobId))
    .get() as Row<Table> | undefined;
}
