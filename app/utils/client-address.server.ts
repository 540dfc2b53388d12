import type { IncomingMessage } from "node:http";

/**
 * The client's address, as Express computes req.ip with "trust proxy" set to a number of hops:
 * each trusted proxy appended the address it received the request from to X-Forwarded-For, so
 * the client is the entry that many places from the end (the socket's address with no proxy).
 * Entries further left were written by the client itself and are never believed.
 */
export function clientAddress(request: Pick<IncomingMessage, "headers" | "socket">, trustedProxies: number): string {
  const header = request.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [request.socket.remoteAddress, ...forwarded.reverse()];
  return chain[Math.min(trustedProxies, chain.length - 1)] || "inconnue";
}
