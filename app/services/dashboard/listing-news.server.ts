import { getSqlite } from "~/utils/db.server";
import { newListingsByZoneSince, type ZoneNews } from "../prospecting/zone-news.server";

/**
 * /dashboard's "Nouveautés" (issue 14): what arrived in the user's account since their previous
 * visit (users.previous_visit_at, stamped by the session when a visit starts after a pause; the
 * account's creation before any). Each figure is read on an index of its own.
 */
export type ListingNews = {
  since: Date;
  /** The previous visit is known; before it, the figures cover the whole account. */
  firstVisit: boolean;
  newListings: number;
  /** Listings whose price went down at least once since then. */
  priceDrops: number;
  withdrawn: number;
  /** New listings per search zone of the user (every zone, 0 when nothing arrived). */
  zones: ZoneNews[];
};

export function listingNewsSince(userId: string): ListingNews {
  const row = getSqlite()
    .prepare(
      `with visit as (
         select coalesce(previous_visit_at, created_at) as since, previous_visit_at is null as first_visit from users where id = @userId
       )
       select visit.since, visit.first_visit,
              (select count(*) from properties where created_by = @userId and created_at > visit.since) as new_listings,
              (select count(distinct property_id) from price_changes
                where user_id = @userId and changed_at > visit.since and new_price < old_price) as price_drops,
              (select count(*) from properties
                where created_by = @userId and withdrawn_at is not null and withdrawn_at > visit.since) as withdrawn
         from visit`,
    )
    .get({ userId }) as
    | { since: number; first_visit: number; new_listings: number; price_drops: number; withdrawn: number }
    | undefined;
  if (!row) throw new Error("utilisateur inconnu");
  const since = new Date(row.since);
  return {
    since,
    firstVisit: row.first_visit === 1,
    newListings: row.new_listings,
    priceDrops: row.price_drops,
    withdrawn: row.withdrawn,
    zones: newListingsByZoneSince(userId, since),
  };
}
