import type Database from "better-sqlite3";
import { WITHDRAWN_ADS_MAX_PAGES } from "~/config";
import { getSqlite } from "~/utils/db.server";
import { yieldToEventLoop } from "../jobs/queue.server";
import { jobStatus, writeProgress } from "../jobs/status-writer.server";
import { MOTEURIMMO_SOURCE_PLATFORM } from "../moteurimmo/mapping";
import { MOTEURIMMO_MAX_PAGE_LENGTH, type AdSource } from "../moteurimmo/types";
import { IMPORT_JOB_TABLE, type ImportJob } from "./import-source.server";

/**
 * The end of every MoteurImmo import (issue 14): the partner's withdrawn ads for the same filter
 * body (POST /deletedAds) mark the importing user's matching listings `withdrawn_at`. They keep
 * their status and history; the upsert clears the mark if a later search shows them again
 * (docs/decisions/020-listing-changes.md).
 */

const cache = new WeakMap<Database.Database, Database.Statement>();

function markStatement(sqlite: Database.Database) {
  let prepared = cache.get(sqlite);
  if (!prepared) {
    prepared = sqlite.prepare(
      `update properties set withdrawn_at = @now, updated_at = @now
        where created_by = @user and source_platform = @platform and source_platform_id = @id and withdrawn_at is null`,
    );
    cache.set(sqlite, prepared);
  }
  return prepared;
}

/**
 * Marks one page of withdrawn ids for the job's user and counts them on the job, in one
 * transaction; false when the job was stopped meanwhile (nothing written).
 */
export function markWithdrawn(job: Pick<ImportJob, "id" | "userId">, ids: string[], now = Date.now()): boolean {
  const sqlite = getSqlite();
  const mark = markStatement(sqlite);
  return sqlite
    .transaction(() => {
      if (jobStatus(IMPORT_JOB_TABLE, job.id) !== "processing") return false;
      let withdrawn = 0;
      for (const id of ids) withdrawn += mark.run({ now, user: job.userId, platform: MOTEURIMMO_SOURCE_PLATFORM, id }).changes;
      if (withdrawn > 0) writeProgress(IMPORT_JOB_TABLE, job.id, { add: { withdrawn } });
      return true;
    })
    .immediate();
}

/**
 * Pages through the withdrawn ads of `query` (pages of 1 000, at most WITHDRAWN_ADS_MAX_PAGES)
 * until a short page. A source without withdrawn ads (the demo feed) reads nothing.
 */
export async function readWithdrawnAds(
  job: Pick<ImportJob, "id" | "userId">,
  adSource: AdSource,
  query: Record<string, unknown>,
  signal: AbortSignal,
): Promise<void> {
  if (!adSource.fetchWithdrawnPage) return;
  for (let page = 1; page <= WITHDRAWN_ADS_MAX_PAGES; page++) {
    const { ids, received } = await adSource.fetchWithdrawnPage(query, page, MOTEURIMMO_MAX_PAGE_LENGTH, signal);
    if (signal.aborted || !markWithdrawn(job, ids)) return;
    if (received < MOTEURIMMO_MAX_PAGE_LENGTH) return;
    await yieldToEventLoop();
  }
}
