import { getSqlite } from "~/utils/db.server";

export type ZoneNews = { zoneId: string; name: string; count: number };

/**
 * New listings per zone of the user since a date (the dashboard's "Nouveautés", issue 14):
 * listings created since then that a run of the zone brought. Every zone of the user is listed,
 * with 0 when nothing arrived, in name order.
 */
export function newListingsByZoneSince(userId: string, since: Date): ZoneNews[] {
  return getSqlite()
    .prepare(
      `select z.id as zoneId, z.name as name, count(p.id) as count
       from search_zones z
       left join zone_listings l on l.zone_id = z.id
       left join properties p on p.id = l.property_id and p.created_by = z.user_id and p.created_at >= @since
       where z.user_id = @userId
       group by z.id
       order by z.name collate nocase, z.id`,
    )
    .all({ userId, since: since.getTime() }) as ZoneNews[];
}
