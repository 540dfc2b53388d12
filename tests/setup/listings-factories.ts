import { eq, inArray } from "drizzle-orm";
import { apiUsageLogs, properties, userStatistics, type ListingStatus } from "#db/schema";
import type { ListingInput } from "~/services/listings/listing-input";
import { upsertListings } from "~/services/listings/listing-upsert.server";
import { getDb, getSqlite } from "~/utils/db.server";
import { listingInput } from "./factories";

/**
 * Writes listings for a user through the real upsert and returns their ids (in insertion
 * order). `created_at` is spread one second apart, newest last, so the list order is known.
 */
export function addListings(userId: string, n: number, overrides: (index: number) => Partial<ListingInput> = () => ({})): number[] {
  const inputs = Array.from({ length: n }, (_, index) => listingInput(overrides(index)));
  upsertListings(userId, inputs);
  const sqlite = getSqlite();
  const find = sqlite.prepare("select id from properties where created_by = ? and source_platform = ? and source_platform_id = ?").pluck();
  const ids = inputs.map((input) => find.get(userId, input.sourcePlatform, input.sourcePlatformId) as number);
  const base = Date.now() - n * 1000;
  const stamp = sqlite.prepare("update properties set created_at = ? where id = ?");
  sqlite.transaction(() => ids.forEach((id, index) => stamp.run(base + index * 1000, id)))();
  return ids;
}

export function setStatus(ids: number[], status: ListingStatus, aiFlagReason: string | null = null) {
  getDb().update(properties).set({ status, aiFlagReason }).where(inArray(properties.id, ids)).run();
}

export function setCreatedAt(ids: number[], at: Date) {
  getDb().update(properties).set({ createdAt: at }).where(inArray(properties.id, ids)).run();
}

export function setUserStatistics(userId: string, values: Partial<typeof userStatistics.$inferInsert>) {
  getDb().update(userStatistics).set(values).where(eq(userStatistics.userId, userId)).run();
}

/** One export API call of `count` listings, logged now (what the export API writes). */
export function logExport(userId: string, count: number) {
  getDb().insert(apiUsageLogs).values({ userId, propertiesCount: count }).run();
}
