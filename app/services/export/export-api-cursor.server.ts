import crypto from "node:crypto";
import { z } from "zod";
import { env } from "~/utils/env.server";
import { EXPORT_API_CURSOR_MAX_LENGTH } from "./export-api-contract";

/**
 * Cursors of the export API (docs/decisions/022-change-feed-webhooks.md): a position, the key it
 * was issued to, and an HMAC. They are opaque to clients but not secret; the MAC makes a forged or
 * edited cursor a 400 instead of a query on positions we never handed out, and the key id keeps a
 * cursor to the key that received it.
 */

/** Where a page stops: after a listing in export order, or after a change of the feed. */
export type CursorPosition =
  | { mode: "listing"; createdAt: number; id: number }
  | { mode: "feed"; seq: number };

const position = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const payloadSchema = z.discriminatedUnion("m", [
  z.object({ k: z.string().min(1).max(64), m: z.literal("l"), c: z.number().int().safe(), i: position }).strict(),
  z.object({ k: z.string().min(1).max(64), m: z.literal("f"), s: position }).strict(),
]);

const MAC_BYTES = 16;

let derived: { secret: string; key: Buffer } | null = null;

function mac(payload: string): Buffer {
  // A key of its own, derived from the app secret (as for secrets at rest, ADR 003), once per
  // secret: every page answer signs its next_cursor.
  const secret = env().sessionSecret;
  if (derived?.secret !== secret) derived = { secret, key: crypto.createHash("sha256").update(`vigimmo:export-cursor:${secret}`).digest() };
  return crypto.createHmac("sha256", derived.key).update(payload).digest().subarray(0, MAC_BYTES);
}

export function encodeCursor(keyId: string, at: CursorPosition): string {
  const payload = JSON.stringify(at.mode === "listing" ? { k: keyId, m: "l", c: at.createdAt, i: at.id } : { k: keyId, m: "f", s: at.seq });
  const encoded = Buffer.from(payload, "utf8").toString("base64url");
  return `${encoded}.${mac(encoded).toString("base64url")}`;
}

export type CursorResult = { ok: true; at: CursorPosition } | { ok: false; reason: "invalid" | "otherKey" };

export function decodeCursor(cursor: string, keyId: string): CursorResult {
  if (cursor.length > EXPORT_API_CURSOR_MAX_LENGTH) return { ok: false, reason: "invalid" };
  const [encoded, signature, ...rest] = cursor.split(".");
  if (!encoded || !signature || rest.length > 0) return { ok: false, reason: "invalid" };
  const given = Buffer.from(signature, "base64url");
  if (given.length !== MAC_BYTES || !crypto.timingSafeEqual(given, mac(encoded))) return { ok: false, reason: "invalid" };
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const parsed = payloadSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  if (parsed.data.k !== keyId) return { ok: false, reason: "otherKey" };
  const data = parsed.data;
  return { ok: true, at: data.m === "l" ? { mode: "listing", createdAt: data.c, id: data.i } : { mode: "feed", seq: data.s } };
}
