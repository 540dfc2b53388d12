import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import { LISTING_STATUSES, properties, propertyOwners, type ComplianceStatus, type ListingStatus } from "#db/schema";
import { LISTING_DETAIL_MAX } from "~/config";
import { getDb, getSqlite } from "~/utils/db.server";
import { countConditions, listConditions, listOrder, onlyStatusFilter, walkIsShort, withSearchHits } from "./listing-query.server";
import type { ListingFilters, StatusCounts } from "./listing-filters";
import { daysOnMarket } from "./listing-changes";
import { toFtsQuery } from "./listing-search";

/**
 * The user's listings: the /properties list, its counts and filter options, one listing's
 * detail and its description. Every query is scoped to `created_by = userId`.
 */

/** `fictitious`: made up by the administrators' test tools; it never leaves the app. */
export type ListingOwner = { firstName: string | null; lastName: string | null; email: string | null; phone: string | null; fictitious: boolean };

export type ListingCard = {
  id: number;
  title: string;
  price: number | null;
  propertyType: string | null;
  address: string | null;
  city: string | null;
  surfaceArea: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  transactionType: "sale" | "rental";
  status: ListingStatus;
  compliance: ComplianceStatus | null;
  flagged: boolean;
  image: string | null;
  owner: ListingOwner | null;
  withdrawnAt: Date | null;
  /** The latest recorded price change lowered the price. */
  priceDropped: boolean;
  daysOnMarket: number;
};

/** Pictures come from imports: only http(s) addresses are shown. */
const isWebAddress = (value: unknown): value is string => typeof value === "string" && /^https?:\/\/\S+$/i.test(value);

function ownerOf(row: { ownerId: string | null; ownerFictitious: boolean | null } & Omit<ListingOwner, "fictitious">): ListingOwner | null {
  return row.ownerId
    ? { firstName: row.firstName, lastName: row.lastName, email: row.email, phone: row.phone, fictitious: row.ownerFictitious === true }
    : null;
}

/**
 * Listings with the columns `ownerOf` reads (null ones for a listing without owner); the caller
 * picks the listing's own columns.
 */
function selectWithOwner<Fields extends SelectedFields>(fields: Fields) {
  return getDb()
    .select({
      ...fields,
      ownerId: propertyOwners.id,
      firstName: propertyOwners.firstName,
      lastName: propertyOwners.lastName,
      email: propertyOwners.email,
      phone: propertyOwners.phone,
      ownerFictitious: propertyOwners.fictitious,
    })
    .from(properties)
    .leftJoin(propertyOwners, eq(propertyOwners.propertyId, properties.id));
}

/**
 * The ids of one sorted page, ranked on the (created_by, status, ai_confidence, price,
 * surface_area) index alone: sorting every matching row itself would read each wide row.
 */
function sortedPageIds(userId: string, filters: ListingFilters) {
  return getDb()
    .select({ id: properties.id })
    .from(properties)
    .where(listConditions(userId, filters))
    .orderBy(...listOrder(filters.sort))
    .limit(filters.limit);
}

function listQuery(userId: string, filters: ListingFilters, direct = false) {
  const sorted = filters.sort !== undefined && filters.sort !== "recent";
  return selectWithOwner({
    id: properties.id,
    title: properties.title,
    price: properties.price,
    propertyType: properties.propertyType,
    address: properties.address,
    city: properties.city,
    surfaceArea: properties.surfaceArea,
    bedrooms: properties.bedrooms,
    bathrooms: properties.bathrooms,
    transactionType: properties.transactionType,
    status: properties.status,
    compliance: properties.complianceStatus,
    flagReason: properties.aiFlagReason,
    image: sql<string | null>`json_extract(${properties.images}, '$[0]')`,
    createdAt: properties.createdAt,
    withdrawnAt: properties.withdrawnAt,
    priceDropped: sql<number | null>`(select pc.new_price < pc.old_price from price_changes pc where pc.property_id = ${properties.id} order by pc.id desc limit 1)`,
  })
    .where(sorted ? inArray(properties.id, sortedPageIds(userId, filters)) : listConditions(userId, filters, direct))
    .orderBy(...listOrder(filters.sort))
    .limit(filters.limit);
}

function countQuery(userId: string, filters: ListingFilters) {
  return getDb().select({ n: count() }).from(properties).where(countConditions(userId, filters));
}

/**
 * The user's listing count per status in one statement: four range counts on the
 * (created_by, status, ai_confidence) index, measured faster than a GROUP BY over the same rows.
 * `online` leaves withdrawn listings out (the /properties lists), by subtracting their counts
 * on the partial index that holds only them.
 */
export function countListingsByStatus(userId: string, { online = false } = {}): StatusCounts {
  const withdrawn = (status: ListingStatus) =>
    online ? ` - (select count(*) from properties where created_by = @userId and status = '${status}' and withdrawn_at is not null)` : "";
  const row = getSqlite()
    .prepare(
      `select ${LISTING_STATUSES.map(
        (status) =>
          `(select count(*) from properties where created_by = @userId and status = '${status}')${withdrawn(status)} as ${status}`,
      ).join(", ")}`,
    )
    .get({ userId }) as Record<ListingStatus, number>;
  const counts = { ...row, all: 0 };
  counts.all = LISTING_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return counts;
}

/** One page of the list (newest first unless sorted otherwise) and the number of listings matching the filters. */
export function listListings(
  userId: string,
  filters: ListingFilters,
  counts: StatusCounts = countListingsByStatus(userId, { online: true }),
): { listings: ListingCard[]; total: number } {
  const { rows, total } = withSearchHits(filters, () => {
    // The count reads indexes only; it then tells how far the newest-first walk must go.
    const total = onlyStatusFilter(filters) ? counts[filters.status] : (countQuery(userId, filters).get()?.n ?? 0);
    const rows = total === 0 ? [] : listQuery(userId, filters, walkIsShort(filters, total, counts)).all();
    return { rows, total };
  });
  const now = Date.now();
  const listings = rows.map((row) => ({
    id: row.id,
    title: row.title,
    price: row.price,
    propertyType: row.propertyType,
    address: row.address,
    city: row.city,
    surfaceArea: row.surfaceArea,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    transactionType: row.transactionType,
    status: row.status,
    compliance: row.compliance,
    flagged: Boolean(row.flagReason),
    image: isWebAddress(row.image) ? row.image : null,
    owner: ownerOf(row),
    withdrawnAt: row.withdrawnAt,
    priceDropped: row.priceDropped === 1,
    daysOnMarket: daysOnMarket(row.createdAt, row.withdrawnAt, now),
  }));
  return { listings, total };
}

/**
 * The query plans of a filtered list (both walks: values checked on the rows when dense, id
 * sets when rare) and of its count, for the benchmark and the index checks.
 */
export function explainListingQueries(
  userId: string,
  filters: ListingFilters,
): { search: string[]; list: string[]; listRare: string[]; count: string[] } {
  const explain = (query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = query.toSQL();
    return getSqlite()
      .prepare(`explain query plan ${text}`)
      .all(...params)
      .map((row) => (row as { detail: string }).detail);
  };
  return withSearchHits(filters, () => {
    const match = toFtsQuery(filters.q);
    const search = match
      ? explain({ toSQL: () => ({ sql: `select rowid from properties_fts where properties_fts match ?`, params: [match] }) })
      : [];
    return {
      search,
      list: explain(listQuery(userId, filters, true)),
      listRare: explain(listQuery(userId, filters, false)),
      count: explain(countQuery(userId, filters)),
    };
  });
}

// Distinct values by skip-scan: one index seek per distinct value instead of reading every row.
const DISTINCT_SQL = (column: "city" | "property_type") => `
  with recursive v(value) as (
    select min(${column}) from properties where created_by = @userId
    union all
    select (select min(${column}) from properties where created_by = @userId and ${column} > v.value)
      from v where v.value is not null limit @max
  )
  select value from v where value is not null`;

/** Beyond this many distinct cities the select would be unusable anyway. */
const MAX_OPTIONS = 1000;

/** Cities and property types of the user's own listings, for the filter selects. */
export function listFilterOptions(userId: string): { cities: string[]; types: string[] } {
  const sqlite = getSqlite();
  const read = (column: "city" | "property_type") =>
    sqlite
      .prepare(DISTINCT_SQL(column))
      .pluck()
      .all({ userId, max: MAX_OPTIONS })
      .filter((value): value is string => typeof value === "string" && value.trim() !== "");
  return { cities: read("city"), types: read("property_type") };
}

export type ListingDetail = Omit<ListingCard, "image" | "flagged" | "priceDropped"> & {
  description: string | null;
  postalCode: string | null;
  rooms: number | null;
  images: string[];
  features: string[];
  propertyCharges: number | null;
  floor: number | null;
  totalFloors: number | null;
  yearBuilt: number | null;
  energyRating: string | null;
  sourceUrl: string | null;
  sourcePlatform: string;
  sourcePlatformId: string | null;
  sourceOrigin: string | null;
  aiFlagReason: string | null;
  aiConfidence: number | null;
  /** When the engine gave its verdict: the first step of the listing's decision history. */
  aiCheckedAt: number | null;
  createdAt: Date;
  /** False when an administrator looks at another user's listing: its edits stay the owner's. */
  mine: boolean;
};

/**
 * One of the user's listings with its owner; null when it does not exist or is someone else's.
 * `anyOwner` (administrators, who moderate every listing) lifts the creator filter.
 */
export function getListing(userId: string, id: number, { anyOwner = false } = {}): ListingDetail | null {
  const row = selectWithOwner({ listing: properties })
    .where(anyOwner ? eq(properties.id, id) : and(eq(properties.id, id), eq(properties.createdBy, userId)))
    .get();
  if (!row) return null;
  const { listing } = row;
  return {
    id: listing.id,
    title: listing.title,
    description: listing.description,
    price: listing.price,
    propertyType: listing.propertyType,
    address: listing.address,
    city: listing.city,
    postalCode: listing.postalCode,
    surfaceArea: listing.surfaceArea,
    rooms: listing.rooms,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    // Imports may bring any number of pictures and features: the page shows a bounded number.
    images: Array.isArray(listing.images) ? listing.images.filter(isWebAddress).slice(0, LISTING_DETAIL_MAX.images) : [],
    features: Array.isArray(listing.features)
      ? listing.features.filter((f) => typeof f === "string" && f !== "").slice(0, LISTING_DETAIL_MAX.features)
      : [],
    propertyCharges: listing.propertyCharges,
    floor: listing.floor,
    totalFloors: listing.totalFloors,
    yearBuilt: listing.yearBuilt,
    energyRating: listing.energyRating,
    sourceUrl: listing.sourceUrl,
    sourcePlatform: listing.sourcePlatform,
    sourcePlatformId: listing.sourcePlatformId,
    sourceOrigin: listing.sourceOrigin,
    transactionType: listing.transactionType,
    status: listing.status,
    compliance: listing.complianceStatus,
    aiFlagReason: listing.aiFlagReason,
    aiConfidence: listing.aiConfidence,
    aiCheckedAt: listing.aiCheckedAt ? listing.aiCheckedAt.getTime() : null,
    createdAt: listing.createdAt,
    withdrawnAt: listing.withdrawnAt,
    daysOnMarket: daysOnMarket(listing.createdAt, listing.withdrawnAt),
    mine: listing.createdBy === userId,
    owner: ownerOf(row),
  };
}

/** Replaces the description of one of the user's listings; false when it is not theirs. */
export function updateListingDescription(userId: string, id: number, description: string): boolean {
  const result = getDb()
    .update(properties)
    .set({ description, updatedAt: new Date() })
    .where(and(eq(properties.id, id), eq(properties.createdBy, userId)))
    .run();
  return result.changes > 0;
}
