import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import { env } from "~/utils/env.server";

/**
 * The only way connection syncs reach the network (server-side request forgery guard).
 *
 * A connection's endpoint is typed by a user, so without this a user could make the server call
 * its own admin ports, the cloud metadata service or the office intranet. Rules:
 * - http and https only;
 * - every address the hostname resolves to must be public (no loopback, private, link-local,
 *   unique-local, CGNAT, multicast, unspecified, reserved, nor IPv4-mapped/NAT64 forms of them),
 *   unless ALLOW_PRIVATE_CONNECTION_URLS=true;
 * - the socket connects to the addresses that were checked (the check runs inside the socket's
 *   own DNS lookup), so a name that resolves to a public address for the check and to 127.0.0.1
 *   for the request (DNS rebinding) gets nowhere;
 * - redirects are followed by hand, each hop checked again, at most 3; a 307/308 that would
 *   repeat a body to another origin is refused;
 * - a global timeout and a response size cap counted while the body streams in.
 */

export type GuardErrorKind =
  "forbidden" | "invalid-url" | "network" | "timeout" | "too-large" | "redirects" | "aborted";

/** A refused or failed request; `message` is French and shown to the user. */
export class GuardedRequestError extends Error {
  override readonly name: string;
  constructor(
    readonly kind: GuardErrorKind,
    message: string,
  ) {
    super(message);
    // The import job recognises a cancelled request by this name.
    this.name = kind === "aborted" ? "AbortError" : "GuardedRequestError";
  }
}

export const GUARD_LIMITS = {
  timeoutMs: 30_000,
  maxResponseBytes: 20 * 1024 * 1024,
  maxRedirects: 3,
} as const;

/**
 * Special-purpose ranges of the IANA registries that are not globally reachable unicast
 * (iana-ipv4-special-registry, iana-ipv6-special-registry), plus multicast and reserved space.
 */
const BLOCKED = new net.BlockList();
const BLOCKED_V4: Array<[string, number]> = [
  ["0.0.0.0", 8], // unspecified, "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, including the cloud metadata address 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // deprecated 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
];
/** Inside 2000::/3, the only IPv6 space that is global unicast (everything else is refused). */
const BLOCKED_V6: Array<[string, number]> = [
  ["2001::", 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID...
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
];
for (const [address, prefix] of BLOCKED_V4) BLOCKED.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of BLOCKED_V6) BLOCKED.addSubnet(address, prefix, "ipv6");

const PRIVATE = "adresse privée, locale ou réservée";

/** 16 bytes of an IPv6 address (dotted IPv4 tail accepted), or null. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(":");
  const last = text.slice(lastColon + 1);
  if (last.includes(".")) {
    if (net.isIPv4(last) === false) return null;
    for (const part of last.split(".")) tail.push(Number(part));
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (rest === undefined && missing !== 0)) return null;
  const all = [...left, ...Array<string>(missing).fill("0"), ...right];
  const bytes: number[] = [];
  for (const group of all) {
    const value = parseInt(group, 16);
    if (!/^[0-9a-f]{1,4}$/.test(group) || Number.isNaN(value)) return null;
    bytes.push(value >> 8, value & 0xff);
  }
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/**
 * The IPv4 address that an IPv6 form carries and that the packet really reaches: IPv4-mapped
 * ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64
 * 64:ff9b::a.b.c.d and 6to4 2002:aabb:ccdd::/48.
 */
function embeddedIpv4(bytes: readonly number[]): string | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const ffff = (at: number) => bytes[at] === 0xff && bytes[at + 1] === 0xff;
  const last32 = bytes.slice(12).join(".");
  if (zeros(0, 10) && ffff(10)) return last32;
  if (zeros(0, 8) && ffff(8) && zeros(10, 12)) return last32;
  if (zeros(0, 12)) return last32;
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12))
    return last32;
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6).join(".");
  return null;
}

/** Why an address may not be called, or null when it is a public unicast address. */
export function forbiddenAddressReason(address: string): string | null {
  const family = net.isIP(address);
  if (family === 0) return "adresse IP illisible";
  if (family === 4) return BLOCKED.check(address, "ipv4") ? PRIVATE : null;
  const bytes = ipv6Bytes(address);
  if (!bytes) return "adresse IP illisible";
  const embedded = embeddedIpv4(bytes);
  if (embedded) return forbiddenAddressReason(embedded);
  // Only 2000::/3 is global unicast: loopback, unique-local, link-local, multicast, NAT64
  // local-use 64:ff9b:1::/48, discard-only 100::/64 and the rest all lie outside it.
  if ((bytes[0]! & 0xe0) !== 0x20) return PRIVATE;
  return BLOCKED.check(address.split("%")[0]!, "ipv6") ? PRIVATE : null;
}

function refused(address: string, reason: string) {
  return new GuardedRequestError("forbidden", `Adresse refusée (${address}) : ${reason}`);
}

/** Parses and checks the scheme of an endpoint. */
export function parseEndpoint(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new GuardedRequestError("invalid-url", "Adresse du point d'accès invalide");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new GuardedRequestError(
      "invalid-url",
      "Seules les adresses http et https sont autorisées",
    );
  }
  return url;
}

function hostOf(url: URL): string {
  // WHATWG URL already turned 2130706433, 0x7f.1 and friends into dotted IPv4; IPv6 keeps brackets.
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

async function resolveAll(hostname: string): Promise<Array<{ address: string; family: number }>> {
  try {
    return await dns.promises.lookup(hostname, { all: true, verbatim: true });
  } catch {
    throw new GuardedRequestError("network", `Nom de domaine introuvable : ${hostname}`);
  }
}

/**
 * Checks that a URL may be called: scheme, then every resolved address (unless private
 * addresses are allowed by the environment). Throws a GuardedRequestError with the reason.
 */
export async function assertUrlAllowed(raw: string | URL): Promise<URL> {
  const url = typeof raw === "string" ? parseEndpoint(raw) : parseEndpoint(raw.href);
  if (env().allowPrivateConnectionUrls) return url;
  const host = hostOf(url);
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) }]
    : await resolveAll(host);
  if (addresses.length === 0)
    throw new GuardedRequestError("network", `Nom de domaine introuvable : ${host}`);
  for (const { address } of addresses) {
    const reason = forbiddenAddressReason(address);
    if (reason) throw refused(address, reason);
  }
  return url;
}

/**
 * Checks that a URL's host name resolves, even where private addresses are allowed (which skips
 * the address check): an endpoint that receives webhooks must exist (issue 23 item 5).
 */
export async function assertHostResolves(url: URL): Promise<void> {
  const host = hostOf(url);
  if (net.isIP(host)) return;
  const addresses = await resolveAll(host);
  if (addresses.length === 0) throw new GuardedRequestError("network", `Nom de domaine introuvable : ${host}`);
}

/** DNS lookup of the socket itself: the addresses it connects to are the ones checked here. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(
    hostname,
    { all: true, verbatim: true, family: options.family },
    (error, addresses) => {
      if (error) return callback(error, "", 0);
      if (!env().allowPrivateConnectionUrls) {
        for (const { address } of addresses) {
          const reason = forbiddenAddressReason(address);
          if (reason) return callback(refused(address, reason), "", 0);
        }
      }
      if (options.all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(
          new GuardedRequestError("network", `Nom de domaine introuvable : ${hostname}`),
          "",
          0,
        );
      callback(null, first.address, first.family);
    },
  );
};

export type GuardedResponse = {
  status: number;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};

type RequestOptions = {
  method: "GET" | "POST";
  headers?: Record<string, string>;
  /** Text, or bytes already encoded (a webhook batch is assembled from stored UTF-8 documents). */
  body?: string | Buffer;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxResponseBytes?: number;
};

function sizeLabel(bytes: number) {
  return `${Math.round(bytes / (1024 * 1024))} Mo`;
}

/** One hop: no redirect following here. */
function requestOnce(
  url: URL,
  options: Required<Pick<RequestOptions, "method" | "maxResponseBytes">> & RequestOptions,
  deadline: AbortSignal,
): Promise<GuardedResponse> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const body =
      options.method === "POST" && options.body !== undefined
        ? typeof options.body === "string" ? Buffer.from(options.body, "utf8") : options.body
        : null;
    const request = transport.request(url, {
      method: options.method,
      headers: {
        accept: "application/json",
        // Uncompressed on purpose: the size cap then bounds exactly what we hold in memory.
        "accept-encoding": "identity",
        "user-agent": "Vigimmo-connexion/1.0",
        ...options.headers,
        ...(body ? { "content-length": String(body.length) } : {}),
      },
      lookup: guardedLookup,
    });
    const fail = (error: Error) => {
      request.destroy();
      reject(error);
    };
    const onAbort = () => {
      if (options.signal?.aborted) fail(new GuardedRequestError("aborted", "Requête annulée"));
      else
        fail(
          new GuardedRequestError(
            "timeout",
            `Pas de réponse du point d'accès après ${Math.round((options.timeoutMs ?? GUARD_LIMITS.timeoutMs) / 1000)} s`,
          ),
        );
    };
    deadline.addEventListener("abort", onAbort, { once: true });
    const cleanup = () => deadline.removeEventListener("abort", onAbort);
    request.on("error", (error) => {
      cleanup();
      if (error instanceof GuardedRequestError) return reject(error);
      const code = (error as NodeJS.ErrnoException).code;
      reject(
        new GuardedRequestError(
          "network",
          `Connexion impossible au point d'accès${code ? ` (${code})` : ""}`,
        ),
      );
    });
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const declared = Number(response.headers["content-length"]);
      if (Number.isFinite(declared) && declared > options.maxResponseBytes) {
        cleanup();
        return fail(
          new GuardedRequestError(
            "too-large",
            `Réponse trop volumineuse (${sizeLabel(options.maxResponseBytes)} maximum)`,
          ),
        );
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxResponseBytes) {
          cleanup();
          response.destroy();
          fail(
            new GuardedRequestError(
              "too-large",
              `Réponse trop volumineuse (${sizeLabel(options.maxResponseBytes)} maximum)`,
            ),
          );
          return;
        }
        chunks.push(chunk);
      });
      response.on("end", () => {
        cleanup();
        resolve({ status, url: url.href, headers: response.headers, body: Buffer.concat(chunks) });
      });
      response.on("error", () => {
        cleanup();
        reject(new GuardedRequestError("network", "Connexion interrompue pendant la réponse"));
      });
    });
    request.end(body ?? undefined);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The same origin, or the same host moving from http to https on its default port. */
function sameOriginOrUpgrade(from: URL, to: URL): boolean {
  if (from.origin === to.origin) return true;
  return from.protocol === "http:" && to.protocol === "https:" && from.hostname === to.hostname && from.port === "" && to.port === "";
}

/**
 * A request through the guard: checks every hop, follows up to 3 redirects (303, and 301/302
 * after a POST, continue as GET like browsers do), one deadline for the whole exchange.
 */
export async function guardedRequest(
  target: string,
  options: RequestOptions,
): Promise<GuardedResponse> {
  const timeoutMs = options.timeoutMs ?? GUARD_LIMITS.timeoutMs;
  const maxResponseBytes = options.maxResponseBytes ?? GUARD_LIMITS.maxResponseBytes;
  const deadline = AbortSignal.any([
    AbortSignal.timeout(timeoutMs),
    ...(options.signal ? [options.signal] : []),
  ]);
  let url = await assertUrlAllowed(target);
  let method = options.method;
  let body = options.body;
  for (let hop = 0; ; hop++) {
    if (options.signal?.aborted) throw new GuardedRequestError("aborted", "Requête annulée");
    const response = await requestOnce(
      url,
      { ...options, method, body, maxResponseBytes, timeoutMs },
      deadline,
    );
    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || !location) return response;
    if (hop >= GUARD_LIMITS.maxRedirects) {
      throw new GuardedRequestError(
        "redirects",
        `Trop de redirections (${GUARD_LIMITS.maxRedirects} au maximum)`,
      );
    }
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new GuardedRequestError("invalid-url", "Redirection vers une adresse invalide");
    }
    const allowed = await assertUrlAllowed(next);
    // A 307/308 repeats the method and the body: a signed webhook or a body carrying an apiKey
    // goes to another origin only if the request had nothing to hand over (issue 23 item 13).
    if ((response.status === 307 || response.status === 308) && body !== undefined && !sameOriginOrUpgrade(url, allowed)) {
      throw new GuardedRequestError("redirects", `Redirection refusée vers une autre origine (${allowed.origin}) : le corps signé n'y est pas renvoyé`);
    }
    url = allowed;
    if (
      response.status === 303 ||
      ((response.status === 301 || response.status === 302) && method === "POST")
    ) {
      method = "GET";
      body = undefined;
    }
  }
}
