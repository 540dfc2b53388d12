import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { importJobs } from "#db/schema";
import { getDb } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import type { ListingInput } from "../listing-input";
import { abortHeldJob, holdJob, releaseJob, WORKER_ID } from "../jobs/lease.server";
import { jobQueue, yieldToEventLoop } from "../jobs/queue.server";
import { appendErrors, currentStatus, writePage } from "./page-writer.server";
import { importedListings } from "./import-job-view";

/**
 * One page (or batch) an import source yields: valid listings and the French reasons of the rest
 * (each counted as skipped). `notes` are kept with the errors without being counted (e.g. "result
 * limit reached").
 */
export type ImportPage = { listings: ListingInput[]; invalid: string[]; totalPages?: number; notes?: string[] };

/** What a job imports from: MoteurImmo, the demo feed, a file, an API connection. */
export type ImportSource = {
  pages(signal: AbortSignal): AsyncIterable<ImportPage>;
  /** Called after the last page (e.g. a connection records its sync). */
  onCompleted?(totals: ImportTotals): void;
  /** Called when the job fails (e.g. a connection goes to status 'error'). */
  onFailed?(message: string): void;
  /** Called after each page is committed, with the job row as written (the CLI prints it). */
  onPageWritten?(job: ImportJob): void;
};

export type ImportTotals = { imported: number; updated: number; skipped: number; totalProcessed: number };
export type ImportJob = typeof importJobs.$inferSelect;

export class ImportBusyError extends Error {
  constructor() {
    super("Un import est déjà en cours pour votre compte. Attendez sa fin ou arrêtez-le.");
  }
}

/** Creates the job row (pending); refuses a second open import for the same user. */
export function createImportJob(
  userId: string,
  input: { source: string; connectionId?: string | null; params?: Record<string, unknown>; totalPages?: number },
): ImportJob {
  const db = getDb();
  return db.transaction((tx) => {
    const open = tx
      .select({ id: importJobs.id })
      .from(importJobs)
      .where(and(eq(importJobs.userId, userId), inArray(importJobs.status, ["pending", "processing"])))
      .get();
    if (open) throw new ImportBusyError();
    return tx
      .insert(importJobs)
      .values({
        userId,
        source: input.source,
        connectionId: input.connectionId ?? null,
        params: input.params ?? {},
        totalPages: input.totalPages ?? 0,
        workerId: WORKER_ID,
        heartbeatAt: new Date(),
      })
      .returning()
      .get();
  }, { behavior: "immediate" });
}

/** Puts a created job on the in-process queue; the screens poll its row. */
export function enqueueImportJob(job: ImportJob, makeSource: () => ImportSource | Promise<ImportSource>) {
  const signal = holdJob("import", job.id);
  void jobQueue().add(() => runImportJob(job, makeSource, signal));
}

/**
 * Runs a job to its end. Each page is written with the job's counters in the same transactions
 * (page-writer.server.ts), so the counters always match the data. Stop (status cancelled) aborts
 * the signal: the in-flight request is dropped and no further page is written.
 */
export async function runImportJob(
  job: ImportJob,
  makeSource: () => ImportSource | Promise<ImportSource>,
  signal: AbortSignal = holdJob("import", job.id),
): Promise<ImportJob> {
  const db = getDb();
  let source: ImportSource | undefined;
  try {
    const claimed = db
      .update(importJobs)
      .set({ status: "processing", startedAt: new Date(), heartbeatAt: new Date(), workerId: WORKER_ID })
      .where(and(eq(importJobs.id, job.id), eq(importJobs.status, "pending")))
      .run();
    if (claimed.changes === 0) return getImportJobById(job.id)!;
    logEvent("job.started", { kind: "import", jobId: job.id, source: job.source });
    source = await makeSource();
    const totals: ImportTotals = { imported: 0, updated: 0, skipped: 0, totalProcessed: 0 };
    for await (const page of source.pages(signal)) {
      if (signal.aborted) break;
      // The status is read inside the write transaction: a Stop that landed meanwhile (from
      // this process or another) means the page is not written at all.
      if (!(await writePage(job, page, totals))) break;
      if (source.onPageWritten) source.onPageWritten(getImportJobById(job.id)!);
      await yieldToEventLoop();
    }
    if (currentStatus(job.id) === "processing" && !signal.aborted) {
      db.update(importJobs)
        .set({ status: "completed", finishedAt: new Date(), message: completionMessage(totals) })
        .where(and(eq(importJobs.id, job.id), eq(importJobs.status, "processing")))
        .run();
      source.onCompleted?.(totals);
    } else {
      markCancelledIfOpen(job.id);
    }
  } catch (error) {
    if (signal.aborted || currentStatus(job.id) === "cancelled") {
      markCancelledIfOpen(job.id);
    } else {
      const message = (error as Error).message || "Erreur lors de l'import";
      appendErrors(job.id, [message]);
      db.update(importJobs)
        .set({ status: "failed", finishedAt: new Date(), message })
        .where(and(eq(importJobs.id, job.id), inArray(importJobs.status, ["pending", "processing"])))
        .run();
      source?.onFailed?.(message);
      logEvent("job.failed", { kind: "import", jobId: job.id, error: message });
    }
  } finally {
    releaseJob("import", job.id);
  }
  const final = getImportJobById(job.id)!;
  logEvent("job.finished", { kind: "import", jobId: job.id, status: final.status, imported: final.imported, updated: final.updated, skipped: final.skipped });
  return final;
}

function completionMessage(totals: ImportTotals) {
  return totals.imported > 0
    ? importedListings(totals.imported)
    : "Aucune nouvelle annonce à importer";
}

function markCancelledIfOpen(jobId: string) {
  getDb()
    .update(importJobs)
    .set({ status: "cancelled", finishedAt: new Date(), message: "Import arrêté" })
    .where(and(eq(importJobs.id, jobId), inArray(importJobs.status, ["pending", "processing"])))
    .run();
  getDb()
    .update(importJobs)
    .set({ finishedAt: new Date() })
    .where(and(eq(importJobs.id, jobId), eq(importJobs.status, "cancelled"), sql`${importJobs.finishedAt} is null`))
    .run();
}

function getImportJobById(jobId: string): ImportJob | undefined {
  return getDb().select().from(importJobs).where(eq(importJobs.id, jobId)).get();
}

/** A user's job (never another user's). */
export function getImportJob(userId: string, jobId: string): ImportJob | undefined {
  return getDb()
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, jobId), eq(importJobs.userId, userId)))
    .get();
}

export function latestImportJob(userId: string): ImportJob | undefined {
  return getDb()
    .select()
    .from(importJobs)
    .where(eq(importJobs.userId, userId))
    .orderBy(desc(importJobs.createdAt))
    .limit(1)
    .get();
}

/** Stop: marks the user's open job cancelled; the worker (here or in a CLI) stops at once. */
export function cancelImportJob(userId: string, jobId: string): boolean {
  const result = getDb()
    .update(importJobs)
    .set({ status: "cancelled", finishedAt: new Date(), message: "Import arrêté" })
    .where(and(eq(importJobs.id, jobId), eq(importJobs.userId, userId), inArray(importJobs.status, ["pending", "processing"])))
    .run();
  // The worker may be this process (abort now) or a CLI (its heartbeat sees the status).
  if (result.changes > 0) abortHeldJob("import", jobId);
  return result.changes > 0;
}
