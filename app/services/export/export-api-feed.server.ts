import type Database from "better-sqlite3";
import { RETENTION } from "~/config";
import { getSqlite } from "~/utils/db.server";
import { EXPORT_API_FEED_MAX_EVENTS } from "./export-api-contract";
import { DOC_FOR_KEY } from "./export-api-listings.server";

/**
 * The change feed of the export API (`updatedSince`, feed cursors; docs/decisions/022-change-feed-webhooks.md).
 *
 * Positions are export_events seqs, not instants: seq follows commit order (SQLite has one
 * writer at a time and AUTOINCREMENT never reuses a value), so a reader that has seen every
 * change up to seq S will find every later change above S, even one written in the same
 * millisecond. A page covers the changes (from, to]: the listings whose document last changed
 * in that stretch (export_documents.change_seq, indexed) and those that left the export in it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A listing that left the export, and when. */
export type RemovedListing = { id: number; removedAt: number };

export type ChangesPage = {
  docs: Buffer[];
  removed: RemovedListing[];
  /** Where the page stops: the next page (or the next synchronisation) starts after it. */
  to: number;
  /** Whether changes already made lie beyond `to`. */
  more: boolean;
};

type FeedState = {
  lastSeq: Database.Statement<[], number>;
  firstSeq: Database.Statement<[], number | null>;
  seqAtInstant: Database.Statement<[number], number>;
  changed: Database.Statement<[{ from: number; to: number; limit: number; keyUserId: string }], [number, Buffer]>;
  removed: Database.Statement<[{ from: number; to: number }], [number, number]>;
  read: (from: number, limit: number, keyUserId: string) => ChangesPage;
};

const states = new WeakMap<Database.Database, FeedState>();

function feedState(sqlite: Database.Database): FeedState {
  const existing = states.get(sqlite);
  if (existing) return existing;
  const state: FeedState = {
    lastSeq: sqlite.prepare<[], number>(`select coalesce(max(seq), 0) from export_events`).pluck(),
    firstSeq: sqlite.prepare<[], number | null>(`select min(seq) from export_events`).pluck(),
    // Instants never decrease along seq (migration 0016), so "after T" is "after this seq".
    seqAtInstant: sqlite.prepare<[number], number>(`select coalesce(max(seq), 0) from export_events where occurred_at <= ?`).pluck(),
    changed: sqlite
      .prepare<[{ from: number; to: number; limit: number; keyUserId: string }], [number, Buffer]>(
        `select change_seq, ${DOC_FOR_KEY} from export_documents
         where change_seq > @from and change_seq <= @to order by change_seq limit @limit`,
      )
      .raw(),
    // A listing removed then back within the stretch is in the page as a listing, not removed.
    removed: sqlite
      .prepare<[{ from: number; to: number }], [number, number]>(
        `select property_id, max(occurred_at) from export_events
         where seq > @from and seq <= @to and type = 'removed'
           and property_id not in (select property_id from export_documents where change_seq > @from and change_seq <= @to)
         group by property_id order by max(seq)`,
      )
      .raw(),
    // One deferred transaction: the last seq, the listings and the removals share one snapshot.
    read: sqlite.transaction((from: number, limit: number, keyUserId: string): ChangesPage => {
      const last = state.lastSeq.get()!;
      const cap = Math.min(last, from + EXPORT_API_FEED_MAX_EVENTS);
      const rows = state.changed.all({ from, to: cap, limit, keyUserId });
      const to = rows.length === limit ? rows.at(-1)![0] : cap;
      const removed = state.removed.all({ from, to }).map(([id, removedAt]) => ({ id, removedAt }));
      return { docs: rows.map((row) => row[1]), removed, to: Math.max(from, to), more: to < last };
    }),
  };
  states.set(sqlite, state);
  return state;
}

/** The feed position just before the first change made after `instant` (epoch ms). */
export function feedPositionAt(instant: number, sqlite = getSqlite()): number {
  const state = feedState(sqlite);
  const at = state.seqAtInstant.get(instant)!;
  // The retention job deletes only changes older than its window: an instant inside the window
  // comes after all of them, even when no kept change is older than it.
  if (at === 0 && instant >= Date.now() - RETENTION.exportEventsDays * DAY_MS) return Math.max(0, (state.firstSeq.get() ?? 1) - 1);
  return at;
}

/**
 * Whether changes made after position `from` were deleted by the retention job (RETENTION.
 * exportEventsDays): seqs follow each other without gaps, so a first kept seq beyond `from + 1`
 * means removals the client never saw; its copy must be rebuilt (410 `resync_required`).
 */
export function feedPositionExpired(from: number, sqlite = getSqlite()): boolean {
  const first = feedState(sqlite).firstSeq.get();
  return first !== null && first !== undefined && from + 1 < first;
}

/** Up to `limit` changed listings after position `from`, oldest change first, as the key of `keyUserId`'s account sees them. */
export function readChangesPage(from: number, limit: number, keyUserId: string, sqlite = getSqlite()): ChangesPage {
  return feedState(sqlite).read(from, limit, keyUserId);
}
