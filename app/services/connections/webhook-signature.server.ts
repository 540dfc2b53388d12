import crypto from "node:crypto";

/**
 * Webhook signatures (issue 18): `X-Vigimmo-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">`, keyed with the export connection's key. The timestamp is inside the MAC so a
 * receiver can refuse a replayed old POST; /api-docs shows the check in four languages.
 */
export const WEBHOOK_HEADERS = {
  signature: "X-Vigimmo-Signature",
  delivery: "X-Vigimmo-Delivery",
} as const;

export function webhookSignature(key: string, body: string, unixSeconds: number): string {
  const mac = crypto.createHmac("sha256", key).update(`${unixSeconds}.${body}`, "utf8").digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}

/** The receiver's check (what the documentation samples do), with a tolerance on the timestamp. */
export function verifyWebhookSignature(key: string, body: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const t = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isSafeInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = webhookSignature(key, body, t).slice(`t=${t},v1=`.length);
  return crypto.timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex"));
}
