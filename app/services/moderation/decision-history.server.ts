import type Database from "better-sqlite3";
import type { ListingStatus } from "#db/schema";
import { getSqlite } from "~/utils/db.server";

/**
 * The listing_decisions history: every human change of a listing's status, written in the same
 * transaction as the change itself (review.server.ts), read back on the listing's page.
 */

export type DecisionKind = "decision" | "correction" | "report";

export type HistoryEntry = {
  id: number;
  fromStatus: ListingStatus;
  toStatus: "active" | "rejected";
  kind: DecisionKind;
  reason: string | null;
  decidedAt: number;
  /** Who decided: the profile's name, else the e-mail; null once the account is deleted. */
  by: string | null;
};

export type HistoryChange = {
  userId: string;
  isAdmin: boolean;
  to: "active" | "rejected";
  kind: DecisionKind;
  reason?: string | null;
  /** Statuses the change applies to: the row is written only when the update will happen. */
  from: readonly ListingStatus[];
};

/**
 * Appends the change about to be applied to these listings. Call it in the same transaction as
 * the status update, before it, with the same conditions: only a listing the update will change
 * gets a row (its current status becomes `from_status`).
 */
export function recordHistory(db: Database.Database, ids: readonly number[], change: HistoryChange): void {
  const statuses = change.from.map((status) => `'${status}'`).join(", ");
  const insert = db.prepare(
    `insert into listing_decisions (listing_id, user_id, from_status, to_status, kind, reason)
     select id, @userId, status, @to, @kind, @reason from properties
      where id = @id and (created_by = @userId or @isAdmin) and status in (${statuses})`,
  );
  for (const id of ids) {
    insert.run({ id, userId: change.userId, isAdmin: change.isAdmin ? 1 : 0, to: change.to, kind: change.kind, reason: change.reason ?? null });
  }
}

/** A listing's decisions, newest first (the caller has already checked it may see the listing). */
export function listingHistory(listingId: number): HistoryEntry[] {
  const rows = getSqlite()
    .prepare<[number], { id: number; from_status: ListingStatus; to_status: "active" | "rejected"; kind: DecisionKind; reason: string | null; decided_at: number; by: string | null }>(
      `select d.id, d.from_status, d.to_status, d.kind, d.reason, d.decided_at,
              coalesce(nullif(trim(p.full_name), ''), u.email) as by
         from listing_decisions d
         left join users u on u.id = d.user_id
         left join profiles p on p.user_id = d.user_id
        where d.listing_id = ?
        order by d.id desc`,
    )
    .all(listingId);
  return rows.map((row) => ({
    id: row.id,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    kind: row.kind,
    reason: row.reason,
    decidedAt: row.decided_at,
    by: row.by,
  }));
}
