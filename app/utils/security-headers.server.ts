import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";


// Nonces are cut from a pool of random bytes refilled 256 nonces at a time (as crypto.randomUUID
// does): one randomBytes call per response cost ≈ 10 µs, a visible part of an export API page
// (docs/decisions/023-export-speed.md). Each nonce is still 16 bytes never handed out twice.
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolUsed = noncePool.length;

function freshNonce(): string {
  if (noncePoolUsed === noncePool.length) {
    crypto.randomFillSync(noncePool);
    noncePoolUsed = 0;
  }
  noncePoolUsed += NONCE_BYTES;
  return noncePool.toString("base64", noncePoolUsed - NONCE_BYTES, noncePoolUsed);
}

/**
 * The security headers of every response, with a fresh nonce for Remix's inline scripts.
 * HSTS only over HTTPS: sent over plain HTTP it is ignored at best, and it would pin a name
 * served without TLS (a preview, an IP address) to HTTPS at worst.
 */
export function securityHeaders(https: boolean): { nonce: string; headers: Record<string, string> } {
  const nonce = freshNonce();
  const headers: Record<string, string> = {
    "Content-Security-Policy": [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      // Listing pictures come through the app's own route (listing-photos.server.ts): no host is listed.
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
  };
  if (https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return { nonce, headers };
}

/**
 * Whether the client reached us over HTTPS: our own TLS socket, or the X-Forwarded-Proto of a
 * trusted proxy (Fly's edge terminates TLS), read as Express reads it for req.secure.
 */
export function isHttpsRequest(req: Pick<IncomingMessage, "headers" | "socket">, trustedProxies: number): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (trustedProxies < 1) return false;
  const header = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim().toLowerCase();
  return first === "https";
}
