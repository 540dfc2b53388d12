import { importJobs } from "#db/schema";
import { getDb } from "~/utils/db.server";
import { warmComplianceData } from "../compliance/listing-verdict";
import { createJob, enqueueJob, findJob, runJob } from "../jobs/engine.server";
import type { JobKind } from "../jobs/job-kind";
import { yieldToEventLoop } from "../jobs/queue.server";
import { IMPORT_TEXT, importedListings, toImportJobView } from "./import-job-view";
import { IMPORT_JOB_TABLE, type ImportJob, type ImportSource, type ImportTotals } from "./import-source.server";
import { writePage } from "./page-writer.server";
import { rescoreChangedListings } from "./rescore.server";

/** How a queued import gets its pages: built when the job starts, in the process that runs it. */
export type MakeImportSource = () => ImportSource | Promise<ImportSource>;

/**
 * The import kind of the job engine (MoteurImmo, demo feed, file, connection sync). Each page is
 * written with the job's counters in the same transactions (page-writer.server.ts), so the
 * counters always match the data. Stop aborts the signal: the in-flight request is dropped and
 * no further page is written.
 */
export const importJobKind: JobKind<typeof importJobs, MakeImportSource> = {
  ...IMPORT_JOB_TABLE,
  busyMessage: IMPORT_TEXT.busy,
  stopMessage: () => IMPORT_TEXT.stopped,
  writesInBulk: true,
  view: toImportJobView,
  open(job, { signal, input: makeSource }) {
    let source: ImportSource | undefined;
    const totals: ImportTotals = { imported: 0, updated: 0, skipped: 0, totalProcessed: 0 };
    const pages = { written: 0, total: job.totalPages };
    return {
      async run() {
        warmComplianceData();
        source = await makeSource();
        let stopped = false;
        for await (const page of source.pages(signal)) {
          stopped = signal.aborted;
          if (stopped) break;
          // The status is read inside the write transaction: a Stop that landed meanwhile (from
          // this process or another) means the page is not written at all.
          stopped = !(await writePage(job, page, totals, pages));
          if (stopped) break;
          source.onPageWritten?.(findJob(importJobKind, job.userId, job.id)!);
          await yieldToEventLoop();
        }
        if (!stopped && !signal.aborted) await source.afterPages?.(job, signal);
        if (!stopped && !signal.aborted && totals.rescore?.length) await rescoreChangedListings(job, totals.rescore, signal);
        return completionMessage(totals);
      },
      onCompleted: () => source?.onCompleted?.(totals),
      failure(error) {
        const message = error.message || "Erreur lors de l'import";
        source?.onFailed?.(message);
        return { message, errors: [message] };
      },
      stopped: () => IMPORT_TEXT.stopped,
    };
  },
};

function completionMessage(totals: ImportTotals) {
  return totals.imported > 0
    ? importedListings(totals.imported)
    : "Aucune nouvelle annonce à importer";
}

/** Creates the job row (pending); a second open import of the same user throws JobBusyError. */
export function createImportJob(
  userId: string,
  input: { source: string; connectionId?: string | null; zoneId?: string; params?: Record<string, unknown>; totalPages?: number },
): ImportJob {
  return createJob(importJobKind, userId, (lease) =>
    getDb()
      .insert(importJobs)
      .values({
        userId,
        source: input.source,
        connectionId: input.connectionId ?? null,
        zoneId: input.zoneId ?? null,
        params: input.params ?? {},
        totalPages: input.totalPages ?? 0,
        ...lease,
      })
      .returning()
      .get(),
  );
}

export function enqueueImportJob(job: ImportJob, makeSource: MakeImportSource) {
  enqueueJob(importJobKind, job, makeSource);
}

/** Runs an import in this process (the CLI, tests, the benchmark). */
export function runImportJob(job: ImportJob, makeSource: MakeImportSource, signal?: AbortSignal): Promise<ImportJob> {
  return runJob(importJobKind, job, makeSource, signal);
}
