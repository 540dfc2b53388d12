import { getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { yieldToEventLoop } from "../jobs/queue.server";
import { formatNumber } from "~/utils/format";

/**
 * Rows per delete transaction: each row also updates the FTS index and cascades to its owner,
 * so a chunk of this size keeps every pause of the event loop to a few milliseconds.
 */
export const DELETE_CHUNK = 500;

/**
 * The danger zone of /moteurimmo-sync: deletes every listing created by the user (only theirs),
 * chunk by chunk with a yield between chunks so the server keeps answering meanwhile.
 */
export async function deleteAllOwnListings(userId: string): Promise<{ deleted: number; message: string }> {
  let deleted = 0;
  for (;;) {
    const changes = deleteOwnListingsChunk(userId);
    deleted += changes;
    if (changes < DELETE_CHUNK) break;
    await yieldToEventLoop();
  }
  logEvent("listings.deleted_all", { userId, deleted });
  return { deleted, message: `${formatNumber(deleted)} propriétés supprimées avec succès` };
}

/** Deletes up to DELETE_CHUNK of the user's listings (one statement); returns how many went. */
export function deleteOwnListingsChunk(userId: string): number {
  return getSqlite().prepare(`delete from properties where id in (select id from properties where created_by = ? limit ?)`).run(userId, DELETE_CHUNK).changes;
}

/** How many listings the danger zone would delete (shown in its confirmation dialog). */
export function countOwnListings(userId: string): number {
  const row = getSqlite().prepare(`select count(*) as n from properties where created_by = ?`).get(userId) as { n: number };
  return row.n;
}
