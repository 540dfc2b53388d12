import { isIPv6 } from "node:net";
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

/**
 * The key of an address for per-address counters (sign-in, forgotten password): an IPv4 address
 * as it is, an IPv6 one by its /64 network. One IPv6 subscriber holds a whole /64 (2^64
 * addresses), so counting each address apart would give one client endless fresh counters.
 * IPv4-mapped addresses (::ffff:192.0.2.1) count as their IPv4.
 */
export function addressGroup(address: string): string {
  const bare = address.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (isIPv6(bare)) return `${expandIPv6(bare).slice(0, 4).join(":")}::/64`;
  return address;
}

/** The eight groups of an IPv6 address, without leading zeros ("::" filled in, a trailing IPv4 in two groups). */
function expandIPv6(address: string): string[] {
  const withoutIpv4 = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [((Number(a) << 8) | Number(b)).toString(16), ((Number(c) << 8) | Number(d)).toString(16)].join(":"),
  );
  const [head = "", tail] = withoutIpv4.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => "0");
  return [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16).toString(16));
}
