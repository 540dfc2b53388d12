import { desc, eq } from "drizzle-orm";
import { priceChanges } from "#db/schema";
import { PRICE_HISTORY_SHOWN } from "~/config";
import { getDb } from "~/utils/db.server";
import type { ListingDetail } from "./listings.server";

export type PriceChange = { changedAt: Date; oldPrice: number; newPrice: number };

/**
 * The latest price changes of a listing the caller already obtained through `getListing` (which
 * enforces who may see it), oldest first.
 */
export function priceHistoryOf(listing: Pick<ListingDetail, "id">): PriceChange[] {
  return getDb()
    .select({ changedAt: priceChanges.changedAt, oldPrice: priceChanges.oldPrice, newPrice: priceChanges.newPrice })
    .from(priceChanges)
    .where(eq(priceChanges.propertyId, listing.id))
    .orderBy(desc(priceChanges.changedAt), desc(priceChanges.id))
    .limit(PRICE_HISTORY_SHOWN)
    .all()
    .reverse();
}
