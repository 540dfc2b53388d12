import { getSqlite } from "~/utils/db.server";
import { OWNER_RETENTION } from "~/config";

/**
 * The retention rule of listing owners' personal data (docs/rgpd.md). A listing's last change is
 * the latest of its import update, its moderation analysis and the owner's own creation. Its
 * owner (first name, last name, e-mail) is deleted once that change is older than
 * OWNER_RETENTION.rejectedDays for a rejected (blacklisted) listing, or OWNER_RETENTION.unchangedDays
 * for any listing. The listing itself stays, without owner.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The owners past retention, of one account (@userId) or of all. */
const pastRetention = (scope: "account" | "all") => `
  from property_owners o join properties p on p.id = o.property_id
  where ${scope === "account" ? "p.created_by = @userId and" : ""}
    max(p.updated_at, coalesce(p.ai_checked_at, 0), o.created_at) <
      case when p.status = 'rejected' then @rejectedBefore else @unchangedBefore end`;

function thresholds(now: number) {
  return { rejectedBefore: now - OWNER_RETENTION.rejectedDays * DAY_MS, unchangedBefore: now - OWNER_RETENTION.unchangedDays * DAY_MS };
}

/** The accounts that have owners past retention (the daily scheduler starts one purge each). */
export function accountsWithOwnersPastRetention(now = Date.now()): string[] {
  const rows = getSqlite()
    .prepare(`select distinct p.created_by as userId ${pastRetention("all")}`)
    .all(thresholds(now)) as Array<{ userId: string }>;
  return rows.map((row) => row.userId);
}

/** Deletes up to `limit` of the account's owners past retention; returns how many went. */
export function purgeOwnersPastRetention(userId: string, limit: number, now = Date.now()): number {
  return getSqlite()
    .prepare(`delete from property_owners where id in (select o.id ${pastRetention("account")} limit @limit)`)
    .run({ userId, limit, ...thresholds(now) }).changes;
}
