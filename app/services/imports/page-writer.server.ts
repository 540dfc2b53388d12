import { userStatistics } from "#db/schema";
import { getDb, getSqlite } from "~/utils/db.server";
import { FILE_IMPORT_PLATFORM } from "../dashboard/user-figures";
import { yieldToEventLoop } from "../jobs/queue.server";
import { appendJobErrors, jobStatus, writeProgress } from "../jobs/status-writer.server";
import { createWriteSizer } from "../jobs/write-sizer";
import { upsertListingsInTransaction, type UpsertCounts } from "../listings/listing-upsert.server";
import { IMPORT_JOB_TABLE, type ImportJob, type ImportPage, type ImportTotals } from "./import-source.server";

/** Pages written so far by the job, and the page count it shows (known or grown as pages arrive). */
export type PageCount = { written: number; total: number };

/**
 * A page is written in slices of about 15 ms, each followed by a yield, so requests keep being
 * served during an import (docs/decisions/004-import-page-slices.md). Every commit flushes the FTS
 * index into a new segment that must later be merged, so slices never get tinier than 50 rows on
 * a busy machine. One sizer for the process: the machine's speed is global.
 */
const slices = createWriteSizer({ budgetMs: 15, min: 50, max: 1000, initialRows: 100 });

/** The dashboard's "Dernier import API": a file import's job source bears its listings' platform name. */
function stampLastApiImport(job: ImportJob) {
  if (job.source === FILE_IMPORT_PLATFORM) return;
  const userId = job.userId;
  getDb()
    .insert(userStatistics)
    .values({ userId, lastImportDate: new Date() })
    .onConflictDoUpdate({ target: userStatistics.userId, set: { lastImportDate: new Date() } })
    .run();
}

/**
 * Writes one page as a few short transactions. Each slice moves the job's counters by exactly
 * what it wrote, in the same transaction, so the counters always match the rows. The page
 * counter moves with the last slice. A Stop seen before the first slice skips the page; a Stop
 * arriving in the middle lets the page finish (a fraction of a second), so Stop never leaves a
 * page half-written. Returns false when the page was not written.
 */
export async function writePage(job: ImportJob, page: ImportPage, totals: ImportTotals, pages: PageCount): Promise<boolean> {
  const sqlite = getSqlite();
  const { listings } = page;
  let offset = 0;
  let first = true;
  // The page has just been received (deserialising it took a few milliseconds of this turn of
  // the loop): let timers and I/O run before the first slice rather than right after it.
  await nextLoopTurn();
  do {
    const started = performance.now();
    const end = Math.min(listings.length, offset + slices.rows());
    const wrote = sqlite
      .transaction(() => {
        const status = jobStatus(IMPORT_JOB_TABLE, job.id);
        if (status !== "processing" && (first || status !== "cancelled")) return false;
        const counts = upsertListingsInTransaction(job.userId, listings.slice(offset, end));
        recordSlice(job, page, totals, pages, counts, end - offset, end >= listings.length);
        return true;
      })
      .immediate();
    if (!wrote) return false;
    slices.measured(end - offset, performance.now() - started);
    offset = end;
    first = false;
    if (offset < listings.length) await yieldToEventLoop();
  } while (offset < listings.length);
  return true;
}

function nextLoopTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Adds a slice's changed columns to the job's tally, in the slice's transaction. */
function addChangedFields(jobId: string, changed: UpsertCounts["changedFields"]) {
  const sqlite = getSqlite();
  const row = sqlite.prepare<[string], { changed_fields: string }>("select changed_fields from import_jobs where id = ?").get(jobId);
  const tally = JSON.parse(row?.changed_fields ?? "{}") as Record<string, number>;
  for (const [column, count] of Object.entries(changed)) tally[column] = (tally[column] ?? 0) + (count ?? 0);
  sqlite.prepare("update import_jobs set changed_fields = ? where id = ?").run(JSON.stringify(tally), jobId);
}

function recordSlice(
  job: ImportJob,
  page: ImportPage,
  totals: ImportTotals,
  pages: PageCount,
  counts: UpsertCounts,
  written: number,
  last: boolean,
) {
  // The invalid entries of the page are counted (as skipped) with its last slice.
  const invalid = last ? page.invalid.length : 0;
  const skipped = counts.skipped + invalid;
  const processed = written + invalid;
  // A page that only carries notes (e.g. "result limit reached") is not a page of data.
  const advance = !last ? 0 : page.listings.length + page.invalid.length === 0 && page.notes?.length ? 0 : 1;
  if (counts.rescore.length > 0) (totals.rescore ??= []).push(...counts.rescore);
  totals.imported += counts.imported;
  totals.updated += counts.updated;
  totals.skipped += skipped;
  totals.totalProcessed += processed;
  pages.written += advance;
  pages.total = last && page.totalPages !== undefined ? page.totalPages : Math.max(pages.total, pages.written);
  writeProgress(IMPORT_JOB_TABLE, job.id, {
    add: {
      current_page: advance,
      imported: counts.imported,
      updated: counts.updated,
      skipped,
      total_processed: processed,
      price_drops: counts.priceDrops,
    },
    set: { total_pages: pages.total },
  });
  if (counts.updated > 0) addChangedFields(job.id, counts.changedFields);
  if (last) appendJobErrors(IMPORT_JOB_TABLE, job.id, [...page.invalid, ...(page.notes ?? [])]);
  if (last) appendJobErrors(IMPORT_JOB_TABLE, job.id, page.warnings ?? [], "warnings");
  if (counts.imported + counts.updated > 0) stampLastApiImport(job);
}
