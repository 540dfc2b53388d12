import { DUPLICATE_DELETE_CHUNK } from "~/config";
import { getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { yieldToEventLoop } from "../jobs/queue.server";

/**
 * Moderation housekeeping of the panel: reset and duplicate removal (SPEC.md sections 4 and 5).
 * Both only ever touch the signed-in user's listings.
 */

/** Rows per write of a reset or a duplicate removal: a short transaction, then a yield. */
const RESET_CHUNK = 1_000;

/**
 * Every non-rejected listing of the user back to pending, AI fields cleared. Returns how many.
 * Written in short chunks with a yield in between: an agency with 100 000 listings must not
 * freeze the server for everyone else while it resets.
 */
export async function resetModeration(userId: string): Promise<number> {
  const sqlite = getSqlite();
  const ids = (
    sqlite
      .prepare(`select id from properties where created_by = ? and status in ('pending', 'suspicious', 'active') order by id`)
      .all(userId) as Array<{ id: number }>
  ).map((row) => row.id);
  let reset = 0;
  // Unary plus: look the ids up by rowid rather than scan the user's (created_by, status) range.
  for (let start = 0; start < ids.length; start += RESET_CHUNK) {
    const chunk = ids.slice(start, start + RESET_CHUNK);
    reset += sqlite
      .prepare(
        `update properties
            set status = 'pending', ai_checked_at = null, ai_flag_reason = null, ai_confidence = null, ai_engine_version = null
          where +created_by = ? and +status <> 'rejected' and id in (${chunk.map(() => "?").join(", ")})`,
      )
      .run(userId, ...chunk).changes;
    await yieldToEventLoop();
  }
  logEvent("moderation.reset", { userId, listings: reset });
  return reset;
}

/**
 * Ids to delete: among the user's non-rejected listings with a source_platform_id, those sharing
 * that id with an older one (the oldest of each group is kept; ties go to the first inserted).
 * Grouped by source_platform_id alone, as SPEC.md says: the unique index already forbids two
 * rows with the same platform AND id, so duplicates are the same ad imported through two sources.
 */
export function duplicateIds(userId: string): number[] {
  const rows = getSqlite()
    .prepare(
      `select id from (
         select id, row_number() over (partition by source_platform_id order by created_at, id) as rank
           from properties
          where created_by = ? and status <> 'rejected' and source_platform_id is not null
       ) where rank > 1 order by id`,
    )
    .all(userId) as Array<{ id: number }>;
  return rows.map((row) => row.id);
}

export function countDuplicates(userId: string): number {
  return duplicateIds(userId).length;
}

/** Deletes the duplicates in chunks of DUPLICATE_DELETE_CHUNK ids. */
export async function deleteDuplicates(userId: string): Promise<{ found: number; deleted: number }> {
  const sqlite = getSqlite();
  const ids = duplicateIds(userId);
  let deleted = 0;
  for (let start = 0; start < ids.length; start += DUPLICATE_DELETE_CHUNK) {
    const chunk = ids.slice(start, start + DUPLICATE_DELETE_CHUNK);
    // created_by again: the ids come from our own query, but a delete is never left unscoped.
    // The unary plus makes SQLite look the ids up rather than scan the user's index range.
    deleted += sqlite
      .prepare(`delete from properties where +created_by = ? and id in (${chunk.map(() => "?").join(", ")})`)
      .run(userId, ...chunk).changes;
    await yieldToEventLoop();
  }
  logEvent("moderation.duplicates_deleted", { userId, found: ids.length, deleted });
  return { found: ids.length, deleted };
}
