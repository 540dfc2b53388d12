import type { ListingStatus } from "#db/schema";
import { upsertListings } from "~/services/listings/listing-upsert.server";
import type { ListingInput } from "~/services/listings/listing-input";
import { getSqlite } from "~/utils/db.server";
import { listingInput } from "./factories";

type Row = { id: number; status: ListingStatus; ai_flag_reason: string | null; ai_confidence: number | null; ai_checked_at: number | null };

/** Writes listings for a user (as an import would: status pending) and returns their ids, in order. */
export function addListings(userId: string, count: number, overrides: (index: number) => Partial<ListingInput> = () => ({})): number[] {
  const inputs = Array.from({ length: count }, (_, index) => listingInput(overrides(index)));
  upsertListings(userId, inputs);
  const select = getSqlite().prepare(
    `select id from properties where created_by = ? and source_platform = ? and source_platform_id = ?`,
  );
  return inputs.map((input) => (select.get(userId, input.sourcePlatform, input.sourcePlatformId) as { id: number }).id);
}

/** Puts listings in a given moderation state (what a previous run or a decision would leave). */
export function setModeration(
  ids: number[],
  state: { status: ListingStatus; reason?: string | null; confidence?: number | null; checkedAt?: number | null },
) {
  const update = getSqlite().prepare(
    `update properties set status = ?, ai_flag_reason = ?, ai_confidence = ?, ai_checked_at = ? where id = ?`,
  );
  for (const id of ids) update.run(state.status, state.reason ?? null, state.confidence ?? null, state.checkedAt ?? null, id);
}

export function listingRow(id: number): Row | undefined {
  return getSqlite()
    .prepare(`select id, status, ai_flag_reason, ai_confidence, ai_checked_at from properties where id = ?`)
    .get(id) as Row | undefined;
}

export function statusCounts(userId: string): Record<string, number> {
  const rows = getSqlite()
    .prepare(`select status, count(*) as n from properties where created_by = ? group by status`)
    .all(userId) as Array<{ status: string; n: number }>;
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}
