import { eq, sql } from "drizzle-orm";
import { importJobs, userStatistics } from "#db/schema";
import { getDb, getSqlite } from "~/utils/db.server";
import { FILE_IMPORT_PLATFORM } from "../dashboard/user-figures";
import { upsertListingsInTransaction } from "../listing-upsert.server";
import { yieldToEventLoop } from "../jobs/queue.server";
import type { ImportJob, ImportPage, ImportTotals } from "./import-jobs.server";

/** Errors kept on a job: enough to explain, bounded so a bad feed cannot bloat the row. */
const MAX_STORED_ERRORS = 200;

/**
 * A write transaction holds the event loop (and SQLite's write lock) while it runs: a page is
 * written in slices sized to last about this long, each followed by a yield, so requests keep
 * being served during an import (docs/decisions/004-import-page-slices.md).
 */
const SLICE_BUDGET_MS = 15;
/**
 * Bounds of a slice. Every commit flushes the FTS index into a new segment that must later be
 * merged, so slices must not get tiny on a busy machine.
 */
const SLICE_MIN = 50;
const SLICE_MAX = 1000;
/** Slice size for the next write, learnt from the last one (the machine's speed is global). */
let sliceSize = 100;

export function appendErrors(jobId: string, messages: string[]) {
  if (messages.length === 0) return;
  const db = getDb();
  const row = db.select({ errors: importJobs.errors }).from(importJobs).where(eq(importJobs.id, jobId)).get();
  const kept = row?.errors ?? [];
  if (kept.length >= MAX_STORED_ERRORS) return;
  const errors = [...kept, ...messages].slice(0, MAX_STORED_ERRORS);
  db.update(importJobs).set({ errors }).where(eq(importJobs.id, jobId)).run();
}

export function currentStatus(jobId: string) {
  return getDb().select({ status: importJobs.status }).from(importJobs).where(eq(importJobs.id, jobId)).get()?.status;
}

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
export async function writePage(job: ImportJob, page: ImportPage, totals: ImportTotals): Promise<boolean> {
  const sqlite = getSqlite();
  const { listings } = page;
  let offset = 0;
  let first = true;
  // The page has just been received (deserialising it took a few milliseconds of this turn of
  // the loop): let timers and I/O run before the first slice rather than right after it.
  await nextLoopTurn();
  do {
    const started = performance.now();
    const end = Math.min(listings.length, offset + sliceSize);
    const wrote = sqlite
      .transaction(() => {
        const status = currentStatus(job.id);
        if (status !== "processing" && (first || status !== "cancelled")) return false;
        const counts = upsertListingsInTransaction(job.userId, listings.slice(offset, end));
        recordSlice(job, page, totals, counts, end - offset, end >= listings.length);
        return true;
      })
      .immediate();
    if (!wrote) return false;
    if (end > offset) {
      const perListing = (performance.now() - started) / (end - offset);
      // Smoothed, so that one preempted slice does not halve the next one.
      const target = SLICE_BUDGET_MS / perListing;
      sliceSize = Math.max(SLICE_MIN, Math.min(SLICE_MAX, Math.round((sliceSize + target) / 2)));
    }
    offset = end;
    first = false;
    if (offset < listings.length) await yieldToEventLoop();
  } while (offset < listings.length);
  return true;
}

function nextLoopTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function recordSlice(
  job: ImportJob,
  page: ImportPage,
  totals: ImportTotals,
  counts: { imported: number; updated: number; skipped: number },
  written: number,
  last: boolean,
) {
  // The invalid entries of the page are counted (as skipped) with its last slice.
  const invalid = last ? page.invalid.length : 0;
  const skipped = counts.skipped + invalid;
  const processed = written + invalid;
  // A page that only carries notes (e.g. "result limit reached") is not a page of data.
  const advance = !last ? 0 : page.listings.length + page.invalid.length === 0 && page.notes?.length ? 0 : 1;
  totals.imported += counts.imported;
  totals.updated += counts.updated;
  totals.skipped += skipped;
  totals.totalProcessed += processed;
  getDb()
    .update(importJobs)
    .set({
      currentPage: sql`${importJobs.currentPage} + ${advance}`,
      totalPages: last && page.totalPages !== undefined ? page.totalPages : sql`max(${importJobs.totalPages}, ${importJobs.currentPage} + ${advance})`,
      imported: sql`${importJobs.imported} + ${counts.imported}`,
      updated: sql`${importJobs.updated} + ${counts.updated}`,
      skipped: sql`${importJobs.skipped} + ${skipped}`,
      totalProcessed: sql`${importJobs.totalProcessed} + ${processed}`,
      heartbeatAt: new Date(),
    })
    .where(eq(importJobs.id, job.id))
    .run();
  if (last) appendErrors(job.id, [...page.invalid, ...(page.notes ?? [])]);
  if (counts.imported + counts.updated > 0) stampLastApiImport(job);
}
