import { and, eq, inArray } from "drizzle-orm";
import { properties, propertyOwners } from "#db/schema";
import { getDb } from "~/utils/db.server";
import { yieldToEventLoop } from "../jobs/queue.server";
import { CSV_BOM, CSV_HEADER, csvLine, type CsvListing } from "./listing-csv";
import { listConditions, listOrder, withSearchHits } from "./listing-query.server";
import type { ListingFilters } from "./listing-filters";

/** Listings read per query and written per chunk: a few hundred KB of CSV, a few ms of work. */
const CHUNK_ROWS = 500;

/**
 * Ids of every listing of the user the /properties filters match, in the list's order (not only
 * the page on screen). Ids are small: reading them all up front lets the rows be read in chunks
 * between which the event loop runs (an open SQLite cursor would lock the connection meanwhile).
 */
function matchingIds(userId: string, filters: Omit<ListingFilters, "limit">): number[] {
  return withSearchHits(filters, () =>
    getDb()
      .select({ id: properties.id })
      .from(properties)
      .where(listConditions(userId, filters))
      .orderBy(...listOrder(filters.sort))
      .all()
      .map((row) => row.id),
  );
}

function readChunk(ids: number[]): CsvListing[] {
  const rows = getDb()
    .select({ listing: properties, ownerId: propertyOwners.id, firstName: propertyOwners.firstName, lastName: propertyOwners.lastName, email: propertyOwners.email })
    .from(properties)
    // A fictitious owner (test tools) never leaves the app, in a file no more than in the export.
    .leftJoin(propertyOwners, and(eq(propertyOwners.propertyId, properties.id), eq(propertyOwners.fictitious, false)))
    .where(inArray(properties.id, ids))
    .all();
  const byId = new Map(rows.map((row) => [row.listing.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { listing } = row;
    // The stored columns bear the names of the import's fields: the row is the line's listing.
    const owner = row.ownerId ? { firstName: row.firstName, lastName: row.lastName, email: row.email } : null;
    // JSON columns written by older imports are not always lists: one bad row must not cut the file.
    const lists = { images: Array.isArray(listing.images) ? listing.images : [], features: Array.isArray(listing.features) ? listing.features : [] };
    return [{ ...listing, ...lists, sourcePlatformId: listing.sourcePlatformId ?? String(listing.id), owner }];
  });
}

/**
 * The CSV file of the user's listings matching the filters, as a stream: the header first, then
 * chunks of CHUNK_ROWS lines, each read when the client is ready for it.
 */
export function listingCsvStream(userId: string, filters: Omit<ListingFilters, "limit">): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const ids = matchingIds(userId, filters);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + CSV_HEADER));
    },
    async pull(controller) {
      if (offset >= ids.length) return controller.close();
      await yieldToEventLoop();
      const chunk = ids.slice(offset, offset + CHUNK_ROWS);
      offset += chunk.length;
      controller.enqueue(encoder.encode(readChunk(chunk).map(csvLine).join("")));
    },
  });
}
