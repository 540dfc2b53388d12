import type Database from "better-sqlite3";
import type { AppLoadContext } from "@remix-run/node";
import { sha256 } from "~/utils/crypto.server";
import { getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { clientIp, hitRateLimit } from "~/utils/rate-limit.server";
import { readCappedText, readExportBody, type ExportQuery } from "./export-api-body.server";
import {
  EXPORT_API_BUFFERED_LIMIT,
  EXPORT_API_CURSOR_MAX_LIMIT,
  EXPORT_API_ERRORS,
  EXPORT_API_GUESS_RATE,
  EXPORT_API_KEY_RATE,
  EXPORT_API_KEY_STREAM_RETRY_S,
  EXPORT_API_MAX_STREAMS,
} from "./export-api-contract";
import { decodeCursor, encodeCursor } from "./export-api-cursor.server";
import { feedPositionAt, feedPositionExpired, readChangesPage } from "./export-api-feed.server";
import {
  joinDocuments,
  openListingsExport,
  readListingsAfter,
  readListingsPage,
  type ListingPosition,
} from "./export-api-listings.server";
import { recordExportCall } from "./export-api-usage.server";
import { EXPORT_KEY_PATTERN } from "../keys/export-keys.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /**
     * Optional hook of the HTTP server: resolves once the response socket has drained (or
     * closed). Remix writes a streamed body without waiting for 'drain'; with this hook a full
     * export to a slow client stays flat in memory (docs/decisions/007-export-api.md).
     */
    waitForDrain?: () => Promise<void> | void;
  }
}

/** Every answer of the public API: any origin may call it (DECISIONS.md item 3). */
const BASE_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "Retry-After",
  "Cache-Control": "no-store",
};
const JSON_HEADERS = { ...BASE_HEADERS, "Content-Type": "application/json; charset=utf-8" };

/**
 * What the export API needs of an HTTP request, whichever server received it: the Remix
 * resource route (exportApiResponse) and the production server's direct path
 * (export-api-node.server.ts) both adapt their request to it, so every rule lives here.
 */
export type ExportApiRequest = {
  method: string;
  ip: string;
  /** A request header by its lower-case name. */
  header(name: string): string | null;
  /** The body as text, or null as soon as it exceeds `maxBytes`. */
  readBody(maxBytes: number): Promise<string | null>;
  /** Aborted when the client goes away (stops a streamed export). */
  signal?: AbortSignal;
  /** Resolves when the response socket has room again (backpressure of a streamed export). */
  waitForDrain?: () => Promise<void> | void;
};

export type ExportApiAnswer = {
  status: number;
  headers: Record<string, string>;
  /** A page is answered in parts (envelope, shared page bytes, end): written one after the other. */
  body: Uint8Array<ArrayBuffer> | Uint8Array[] | ReadableStream<Uint8Array> | null;
};

function failure(status: number, error: string, headers: Record<string, string> = {}): ExportApiAnswer {
  const body = Buffer.from(JSON.stringify({ success: false, error }), "utf8");
  return { status, headers: { ...JSON_HEADERS, "Content-Length": String(body.length), ...headers }, body };
}

/** 410 with `resync_required: true`: the changes after the client's position are no longer kept (issue 30). */
function resyncRequired(): ExportApiAnswer {
  const body = Buffer.from(JSON.stringify({ success: false, error: EXPORT_API_ERRORS.resyncRequired, resync_required: true }), "utf8");
  return { status: 410, headers: { ...JSON_HEADERS, "Content-Length": String(body.length) }, body };
}

/** A 429 that tells the client when to come back. */
function retryLater(error: string, seconds: number): ExportApiAnswer {
  return failure(429, error, { "Retry-After": String(seconds) });
}

function preflight(request: ExportApiRequest): ExportApiAnswer {
  const asked = request.header("access-control-request-headers") ?? "";
  return {
    status: 204,
    headers: {
      ...BASE_HEADERS,
      "Access-Control-Allow-Methods": "POST, OPTIONS",
      "Access-Control-Allow-Headers": /^[A-Za-z0-9, _-]{1,500}$/.test(asked) ? asked : "Content-Type",
      "Access-Control-Max-Age": "86400",
    },
    body: null,
  };
}

/** Every method: POST is the API, OPTIONS its CORS preflight, anything else a 405. */
export async function answerExportApi(request: ExportApiRequest): Promise<ExportApiAnswer> {
  if (request.method === "POST") return exportListings(request);
  if (request.method === "OPTIONS") return preflight(request);
  return failure(405, EXPORT_API_ERRORS.method, { Allow: "POST, OPTIONS" });
}

/** The resource route's adapter: a Fetch API request in, a Response out. */
export async function exportApiResponse(request: Request, context?: AppLoadContext): Promise<Response> {
  const answer = await answerExportApi({
    method: request.method,
    ip: clientIp(request, context),
    header: (name) => request.headers.get(name),
    readBody: (maxBytes) => readCappedText(request, maxBytes),
    signal: request.signal,
    waitForDrain: context?.waitForDrain,
  });
  const body = Array.isArray(answer.body) ? Buffer.concat(answer.body) : answer.body;
  return new Response(body, { status: answer.status, headers: answer.headers });
}

type KeyRow = { id: string; userId: string; status: "active" | "inactive" };

// Prepared once per connection: the key lookup is on the hot path of every call.
const lookups = new WeakMap<Database.Database, Database.Statement<[string], KeyRow>>();

function findKey(sqlite: Database.Database, keyHash: string): KeyRow | undefined {
  let statement = lookups.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare<[string], KeyRow>(`select id, user_id as userId, status from export_api_keys where key_hash = ?`);
    lookups.set(sqlite, statement);
  }
  return statement.get(keyHash);
}

const record = (key: KeyRow, count: number, limit: number | null, offset: number) =>
  recordExportCall({ keyId: key.id, userId: key.userId, count, limit, offset, at: Date.now() });

// Addresses that sent too many unknown keys, refused before any lookup until the time stored.
const guessers = new Map<string, number>();
let runningExports = 0;
/** Keys with a full export running: one at a time per key, so that one customer cannot hold every place. */
const keysExporting = new Set<string>();

function guessBlockSeconds(ip: string, now = Date.now()): number {
  const until = guessers.get(ip);
  if (until === undefined) return 0;
  if (until > now) return Math.ceil((until - now) / 1000);
  guessers.delete(ip);
  return 0;
}

/** Counts an unknown key; returns the block duration in seconds once the address is over. */
function recordUnknownKey(ip: string): number {
  const result = hitRateLimit(`export:unknown-key:${ip}`, EXPORT_API_GUESS_RATE.limit, EXPORT_API_GUESS_RATE.windowMs);
  if (result.allowed) return 0;
  if (guessers.size > 10_000) guessers.clear();
  guessers.set(ip, Date.now() + result.retryAfterSeconds * 1000);
  logEvent("export_api.key_guessing", { ip });
  return result.retryAfterSeconds;
}

/** Tests: forget blocked addresses (rate-limit windows are reset by resetRateLimits). */
export function resetExportApiGuards() {
  guessers.clear();
}

function envelope(count: number, total: number, limit: number | null, offset: number | null) {
  // `properties` comes right before the closing cursor so that a streamed body can start before the listings are read.
  return `{"success":true,"count":${count},"total":${total},"limit":${limit === null ? "null" : limit},"offset":${offset === null ? "null" : offset},"properties":[`;
}

/** After the listings: the cursor of the next page (issue 18), null at the end of the export. */
function closing(key: KeyRow, next: ListingPosition | null) {
  return `],"next_cursor":${next ? JSON.stringify(encodeCursor(key.id, { mode: "listing", ...next })) : "null"}}`;
}

const isoInstant = (ms: number) => new Date(ms).toISOString();

function buffered(bytes: Buffer<ArrayBuffer>): ExportApiAnswer {
  // Bytes with their length: no text round trip and no chunked transfer encoding.
  return { status: 200, headers: { ...JSON_HEADERS, "Content-Length": String(bytes.length) }, body: bytes };
}

/** A page in three parts written one after the other: the page's bytes may be shared, never copied. */
function pageParts(prefix: string, docs: Buffer, suffix: string): ExportApiAnswer {
  const parts = [Buffer.from(prefix, "utf8"), docs, Buffer.from(suffix, "utf8")];
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  return { status: 200, headers: { ...JSON_HEADERS, "Content-Length": String(length) }, body: parts };
}

/**
 * A cursor or `updatedSince` (docs/decisions/022-change-feed-webhooks.md): keyset pages of at
 * most EXPORT_API_CURSOR_MAX_LIMIT listings, each answered in one piece.
 */
function cursorPage(key: KeyRow, query: ExportQuery): ExportApiAnswer {
  const limit = query.limit ?? EXPORT_API_CURSOR_MAX_LIMIT;
  if (limit > EXPORT_API_CURSOR_MAX_LIMIT) return failure(400, EXPORT_API_ERRORS.cursorLimit);
  let from: number;
  if (query.cursor !== null) {
    const decoded = decodeCursor(query.cursor, key.id);
    if (!decoded.ok) return failure(400, decoded.reason === "otherKey" ? EXPORT_API_ERRORS.cursorOtherKey : EXPORT_API_ERRORS.cursor);
    if (decoded.at.mode === "listing") {
      if (query.updatedSince !== null) return failure(400, EXPORT_API_ERRORS.listingCursorWithFeed);
      const page = readListingsAfter(decoded.at, limit, key.userId);
      record(key, page.count, limit, 0);
      return pageParts(envelope(page.count, page.total, limit, null), page.docs, closing(key, page.next));
    }
    from = decoded.at.seq;
  } else {
    from = feedPositionAt(query.updatedSince!);
  }
  // 1970 (or before) is a copy rebuilt from nothing: no removal it missed can matter.
  const fromScratch = query.cursor === null && query.updatedSince! <= 0;
  if (!fromScratch && feedPositionExpired(from)) return resyncRequired();
  const page = readChangesPage(from, limit, key.userId);
  record(key, page.docs.length, limit, 0);
  const position = JSON.stringify(encodeCursor(key.id, { mode: "feed", seq: page.to }));
  const removed = JSON.stringify(page.removed.map(({ id, removedAt }) => ({ id, removed_at: isoInstant(removedAt) })));
  return buffered(
    joinDocuments(
      `{"success":true,"count":${page.docs.length},"limit":${limit},"properties":[`,
      page.docs,
      `],"removed":${removed},"next_cursor":${page.more ? position : "null"},"sync_cursor":${position}}`,
    ),
  );
}

/**
 * POST /functions/v1/get-properties. Order of checks: body (413/400), key (401, or 429 when
 * the address is blocked for guessing keys), key status (403), per-key rate (429), then the
 * listings. Every successful call is logged once its count is known, before the body is sent
 * (the row itself is written with the next group, see export-api-usage.server.ts).
 */
async function exportListings(request: ExportApiRequest): Promise<ExportApiAnswer> {
  try {
    const { ip } = request;
    const body = await readExportBody(request);
    if (!body.ok) return failure(body.status, body.error);
    const { apiKey, limit } = body.query;
    const offset = body.query.offset ?? 0;
    if (!apiKey) return failure(401, EXPORT_API_ERRORS.missingKey);

    // Looked up once per request and passed down (the key lookup and the page share it).
    const sqlite = getSqlite();
    const key = EXPORT_KEY_PATTERN.test(apiKey) ? findKey(sqlite, sha256(apiKey)) : undefined;
    if (!key) {
      // Only unknown keys are slowed down: a customer's valid key behind the same address as a
      // guesser (an office, a cloud NAT) keeps working.
      const blocked = guessBlockSeconds(ip);
      if (blocked) return retryLater(EXPORT_API_ERRORS.guessRate(blocked), blocked);
      const retry = recordUnknownKey(ip);
      return retry
        ? retryLater(EXPORT_API_ERRORS.guessRate(retry), retry)
        : failure(401, EXPORT_API_ERRORS.unknownKey);
    }
    if (key.status !== "active") return failure(403, EXPORT_API_ERRORS.inactiveKey);
    const rate = hitRateLimit(`export:key:${key.id}`, EXPORT_API_KEY_RATE.limit, EXPORT_API_KEY_RATE.windowMs);
    if (!rate.allowed) return retryLater(EXPORT_API_ERRORS.keyRate(rate.retryAfterSeconds), rate.retryAfterSeconds);

    if (body.query.cursor !== null || body.query.updatedSince !== null) return cursorPage(key, body.query);

    if (limit !== null && limit <= EXPORT_API_BUFFERED_LIMIT) {
      const page = readListingsPage(offset, limit, key.userId, sqlite);
      record(key, page.count, limit, offset);
      return pageParts(envelope(page.count, page.total, limit, offset), page.docs, closing(key, page.next));
    }

    if (keysExporting.has(key.id)) return retryLater(EXPORT_API_ERRORS.streamForKey(EXPORT_API_KEY_STREAM_RETRY_S), EXPORT_API_KEY_STREAM_RETRY_S);
    if (runningExports >= EXPORT_API_MAX_STREAMS) return retryLater(EXPORT_API_ERRORS.streams, 5);
    runningExports += 1;
    keysExporting.add(key.id);
    const snapshot = openListingsExport(offset, limit, key.userId, () => {
      runningExports -= 1;
      keysExporting.delete(key.id);
    });
    record(key, snapshot.count, limit, offset);
    const stream = snapshot.stream(envelope(snapshot.count, snapshot.total, limit, offset), closing(key, snapshot.next), {
      signal: request.signal,
      waitForDrain: request.waitForDrain,
    });
    return { status: 200, headers: JSON_HEADERS, body: stream };
  } catch (error) {
    logEvent("export_api.error", { error: (error as Error).message });
    return failure(500, EXPORT_API_ERRORS.internal);
  }
}
