import { getSqlite } from "~/utils/db.server";

/** Rows of the charts' tables written with the instants a test needs (what imports, moderation and exports write). */

/** Stamps listings as created at `at`. */
export function createdAt(ids: number[], at: string) {
  const stamp = getSqlite().prepare("update properties set created_at = ? where id = ?");
  for (const id of ids) stamp.run(Date.parse(at), id);
}

/** The engine's verdict on listings at `at`: flagged → suspicious with a reason, else active. */
export function engineVerdict(ids: number[], at: string, flagged: boolean) {
  const write = getSqlite().prepare(
    "update properties set status = ?, ai_flag_reason = ?, ai_confidence = ?, ai_checked_at = ? where id = ?",
  );
  for (const id of ids) write.run(flagged ? "suspicious" : "active", flagged ? "Prix anormalement bas" : null, flagged ? 0.9 : 0.05, Date.parse(at), id);
}

/** An agent's Valider / Blacklister on a listing at `at`, taken by `deciderId`. */
export function agentDecision(listingId: number, deciderId: string, decision: "active" | "rejected", at: string) {
  const sqlite = getSqlite();
  sqlite
    .prepare("insert into moderation_decisions (listing_id, user_id, decision, confidence, flagged, decided_at) values (?, ?, ?, 0.9, 1, ?)")
    .run(listingId, deciderId, decision, Date.parse(at));
  sqlite.prepare("update properties set status = ? where id = ?").run(decision, listingId);
}

/** One export API call of `count` listings at `at`, through key `keyId` (null: a deleted key). */
export function exportCall(userId: string, keyId: string | null, count: number, at: string) {
  getSqlite()
    .prepare("insert into api_usage_logs (id, api_key_id, user_id, properties_count, offset_requested, created_at) values (?, ?, ?, ?, 0, ?)")
    .run(crypto.randomUUID(), keyId, userId, count, Date.parse(at));
}

/** Sets a listing's price and surface (and makes it active): a known price per m². */
export function pricedActive(ids: number[], price: number, surface: number) {
  const write = getSqlite().prepare("update properties set status = 'active', price = ?, surface_area = ? where id = ?");
  for (const id of ids) write.run(price, surface, id);
}

/** Stamps a user as signed up at `at`. */
export function signedUpAt(userId: string, at: string) {
  getSqlite().prepare("update users set created_at = ? where id = ?").run(Date.parse(at), userId);
}
