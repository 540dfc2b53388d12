import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { properties } from "#db/schema";
import { getSqlite } from "~/utils/db.server";
import { toFtsQuery } from "./listing-search";
import type { ListingSort } from "./listing-sort";
import type { ListingFilters, StatusCounts } from "./listing-filters";

/*
 * How the /properties filters become SQL. Listing rows are wide (descriptions, pictures):
 * reading one costs a page. The filters are therefore applied on row ids taken from covering
 * indexes — (created_by, city), (created_by, property_type) and the FTS index — as `+id in (…)`
 * sets that SQLite builds once and probes (the `+` keeps it from turning the set into row
 * lookups). The list walks the (created_by, status, created_at, id) index newest first and
 * reads only the rows it returns; the count reads indexes only. The transaction type has no
 * index: it is checked on the rows themselves.
 */

/**
 * A search's matches are evaluated once per request into a temporary table private to this
 * connection, which the list and the count both probe by rowid: running the FTS match of a
 * common word twice (one per query) costs more than writing its row ids once.
 */
const SEARCH_HITS = "temp.listing_search_hits";

export function withSearchHits<T>(filters: Pick<ListingFilters, "q">, run: () => T): T {
  const match = toFtsQuery(filters.q);
  if (!match) return run();
  const sqlite = getSqlite();
  sqlite.exec(`create temp table if not exists listing_search_hits (id integer primary key)`);
  sqlite.prepare(`delete from ${SEARCH_HITS}`).run();
  sqlite.prepare(`insert into ${SEARCH_HITS} select rowid from properties_fts where properties_fts match ?`).run(match);
  try {
    return run();
  } finally {
    sqlite.prepare(`delete from ${SEARCH_HITS}`).run();
  }
}

const idIn = (subquery: SQL) => sql`+${properties.id} in (${subquery})`;

function idSets(userId: string, filters: Omit<ListingFilters, "limit">) {
  const match = toFtsQuery(filters.q);
  return {
    city: filters.city ? idIn(sql`select c.id from properties c where c.created_by = ${userId} and c.city = ${filters.city}`) : null,
    type: filters.type
      ? idIn(sql`select t.id from properties t where t.created_by = ${userId} and t.property_type = ${filters.type}`)
      : null,
    search: match ? idIn(sql.raw(`select id from ${SEARCH_HITS}`)) : null,
    zone: filters.zone
      ? idIn(
          sql`select zl.property_id from zone_listings zl join search_zones sz on sz.id = zl.zone_id where zl.zone_id = ${filters.zone} and sz.user_id = ${userId}`,
        )
      : null,
  };
}

/** The user's withdrawn listings, read on the partial index that holds only them. */
const withdrawnIds = (userId: string) =>
  sql`select w.id from properties w where w.created_by = ${userId} and w.withdrawn_at is not null`;

/** Listings whose latest recorded price change lowered the price. */
export const priceDropIds = (userId: string) =>
  sql`select pc.property_id from price_changes pc
       where pc.user_id = ${userId} and pc.new_price < pc.old_price
         and pc.id = (select max(l.id) from price_changes l where l.property_id = pc.property_id)`;

/** One probe of the partial index: most accounts have no withdrawn listing to leave out. */
function hasWithdrawn(userId: string): boolean {
  return getSqlite().prepare(`select 1 from properties where created_by = ? and withdrawn_at is not null limit 1`).get(userId) !== undefined;
}

/**
 * Withdrawn listings leave every list but their own (a set probed per row, skipped when there
 * is none: the lists then cost what they did before); a price drop is a set like the others.
 */
function changesConditions(userId: string, filters: Omit<ListingFilters, "limit">): SQL[] {
  if (filters.changes === "withdrawn") return [idIn(withdrawnIds(userId))];
  const online = hasWithdrawn(userId) ? [sql`+${properties.id} not in (${withdrawnIds(userId)})`] : [];
  return filters.changes === "price_drop" ? [...online, idIn(priceDropIds(userId))] : online;
}

function transactionCondition(filters: Omit<ListingFilters, "limit">) {
  return filters.transaction === "all" ? null : eq(properties.transactionType, filters.transaction);
}

function complianceCondition(filters: Omit<ListingFilters, "limit">) {
  return !filters.compliance || filters.compliance === "all" ? null : sql`+${properties.complianceStatus} = ${filters.compliance}`;
}

/**
 * WHERE of the list: the status (or creator) index gives the order. City and type are checked
 * on the rows (`+column`, so the order index is kept) when matches are dense enough that the
 * walk stops after a few rows, and through their id sets when they are rare.
 */
export function listConditions(userId: string, filters: Omit<ListingFilters, "limit">, direct = false): SQL {
  const sets = idSets(userId, filters);
  const conditions = [
    eq(properties.createdBy, userId),
    filters.status === "all" ? null : eq(properties.status, filters.status),
    filters.city && direct ? sql`+${properties.city} = ${filters.city}` : sets.city,
    filters.type && direct ? sql`+${properties.propertyType} = ${filters.type}` : sets.type,
    sets.search,
    sets.zone,
    transactionCondition(filters),
    complianceCondition(filters),
    ...changesConditions(userId, filters),
  ];
  return and(...conditions.filter((condition): condition is SQL => condition !== null))!;
}

/** WHERE of the count: driven by the status index, or by the city or type index for 'Toutes'. */
export function countConditions(userId: string, filters: Omit<ListingFilters, "limit">): SQL {
  if (filters.status !== "all") return listConditions(userId, filters);
  const sets = idSets(userId, filters);
  const driver = filters.city
    ? eq(properties.city, filters.city)
    : filters.type
      ? eq(properties.propertyType, filters.type)
      : null;
  const conditions = [
    eq(properties.createdBy, userId),
    driver,
    filters.city ? sets.type : null,
    sets.search,
    sets.zone,
    transactionCondition(filters),
    complianceCondition(filters),
    ...changesConditions(userId, filters),
  ];
  return and(...conditions.filter((condition): condition is SQL => condition !== null))!;
}

/**
 * True when only the status narrows the list of listings on the market: its total is then one
 * of the status counts (which leave withdrawn listings out).
 */
export function onlyStatusFilter(filters: Omit<ListingFilters, "limit">) {
  return !filters.changes && !filters.city && !filters.type && !filters.zone && filters.transaction === "all" && (filters.compliance ?? "all") === "all" && toFtsQuery(filters.q) === null;
}

/** Rows a newest-first walk may read before the page is full, checking city and type on each. */
const MAX_WALK_ROWS = 5000;

export function walkIsShort(filters: ListingFilters, total: number, counts: StatusCounts) {
  const candidates = filters.status === "all" ? counts.all : counts[filters.status];
  return filters.limit * candidates <= MAX_WALK_ROWS * total;
}


/**
 * ORDER BY of the list. Listings without the sorted value (no price, no surface) come last
 * whatever the direction, and the id breaks ties so that 'Charger plus' keeps a stable order.
 * A surface of 0 gives no price per m² (SQLite's division by zero yields NULL).
 */
export function listOrder(sort: ListingSort = "recent"): SQL[] {
  const pricePerM2 = sql`${properties.price} / nullif(${properties.surfaceArea}, 0)`;
  switch (sort) {
    case "recent":
      return [desc(properties.createdAt), desc(properties.id)];
    case "price_asc":
      return [sql`${properties.price} is null`, sql`${properties.price} asc`, desc(properties.id)];
    case "price_desc":
      return [sql`${properties.price} is null`, sql`${properties.price} desc`, desc(properties.id)];
    case "surface_desc":
      return [sql`${properties.surfaceArea} is null`, sql`${properties.surfaceArea} desc`, desc(properties.id)];
    case "price_per_m2_asc":
      return [sql`${pricePerM2} is null`, sql`${pricePerM2} asc`, desc(properties.id)];
  }
}
