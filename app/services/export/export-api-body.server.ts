import { z } from "zod";
import { EXPORT_API_BODY_MAX_BYTES, EXPORT_API_ERRORS, EXPORT_API_FIELDS } from "./export-api-contract";

export type ExportQuery = {
  /** Null when absent or blank: the caller answers 401, not 400. */
  apiKey: string | null;
  /** Null means "every listing". */
  limit: number | null;
  /** Null when absent (or null): true to "offset: 0" byte for byte in the answer. */
  offset: number | null;
  /** `updatedSince` in epoch ms: the change feed from that instant (exclusive). */
  updatedSince: number | null;
  /** Opaque, checked against the key once it is known (export-api-cursor.server.ts). */
  cursor: string | null;
};

export type BodyResult =
  | { ok: true; query: ExportQuery }
  | { ok: false; status: 400 | 413; error: string };

const ACCEPTED = new Set<string>(EXPORT_API_FIELDS);

/** ISO 8601 with a time and a zone ("Z" or an offset): a bare date would be read in no one's zone. */
const updatedSinceSchema = z.string().max(64).datetime({ offset: true });

/** The part of a request the body reader needs (ExportApiRequest in export-api.server.ts). */
type BodySource = {
  header(name: string): string | null;
  readBody(maxBytes: number): Promise<string | null>;
};

/**
 * Reads at most EXPORT_API_BODY_MAX_BYTES of the body (a chunked upload cannot bypass the cap
 * by lying about Content-Length) and validates it. Any Content-Type is accepted as long as the
 * text is JSON: browser clients often send text/plain to avoid a preflight.
 */
export async function readExportBody(request: BodySource): Promise<BodyResult> {
  const declared = Number(request.header("content-length") ?? "0");
  if (declared > EXPORT_API_BODY_MAX_BYTES) return { ok: false, status: 413, error: EXPORT_API_ERRORS.tooLarge };
  const text = await request.readBody(EXPORT_API_BODY_MAX_BYTES);
  if (text === null) return { ok: false, status: 413, error: EXPORT_API_ERRORS.tooLarge };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, error: EXPORT_API_ERRORS.invalidJson };
  }
  return parseExportBody(raw);
}

/** A Fetch API request's body as text, or null once it exceeds `maxBytes`. */
export async function readCappedText(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return "";
  // With a declared length (checked by the caller) Node's HTTP parser stops at that length, so
  // the one-call read is safe and much cheaper than a chunk loop; the size is checked anyway.
  if (request.headers.has("Content-Length")) {
    const text = await request.text();
    return Buffer.byteLength(text, "utf8") > maxBytes ? null : text;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Validates a parsed body: only the contract's fields, with their exact types, and no conflicting pair. */
export function parseExportBody(raw: unknown): BodyResult {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, status: 400, error: EXPORT_API_ERRORS.notObject };
  }
  const body = raw as Record<string, unknown>;
  const unknown = Object.keys(body).find((field) => !ACCEPTED.has(field));
  if (unknown !== undefined) return { ok: false, status: 400, error: EXPORT_API_ERRORS.unknownField(unknown.slice(0, 50)) };

  const { apiKey, limit, offset, updatedSince, cursor } = body;
  if (apiKey !== undefined && apiKey !== null && typeof apiKey !== "string") {
    return { ok: false, status: 400, error: EXPORT_API_ERRORS.apiKeyType };
  }
  // null is accepted as "not given": generated clients often serialise absent options that way.
  if (limit !== undefined && limit !== null && !isIntegerAtLeast(limit, 1)) {
    return { ok: false, status: 400, error: EXPORT_API_ERRORS.limit };
  }
  if (offset !== undefined && offset !== null && !isIntegerAtLeast(offset, 0)) {
    return { ok: false, status: 400, error: EXPORT_API_ERRORS.offset };
  }
  let since: number | null = null;
  if (updatedSince !== undefined && updatedSince !== null) {
    const parsed = updatedSinceSchema.safeParse(updatedSince);
    since = parsed.success ? Date.parse(parsed.data) : Number.NaN;
    if (!Number.isFinite(since)) return { ok: false, status: 400, error: EXPORT_API_ERRORS.updatedSince };
  }
  if (cursor !== undefined && cursor !== null && (typeof cursor !== "string" || cursor === "")) {
    return { ok: false, status: 400, error: EXPORT_API_ERRORS.cursor };
  }
  const hasOffset = typeof offset === "number";
  if (hasOffset && typeof cursor === "string") return { ok: false, status: 400, error: EXPORT_API_ERRORS.cursorWithOffset };
  if (hasOffset && since !== null) return { ok: false, status: 400, error: EXPORT_API_ERRORS.feedWithOffset };
  const key = typeof apiKey === "string" ? apiKey.trim() : "";
  return {
    ok: true,
    query: {
      apiKey: key === "" ? null : key,
      limit: typeof limit === "number" ? limit : null,
      // `+ 0` turns -0 into 0 so that the echoed offset reads naturally.
      offset: hasOffset ? offset + 0 : null,
      updatedSince: since,
      cursor: typeof cursor === "string" ? cursor : null,
    },
  };
}

function isIntegerAtLeast(value: unknown, min: number): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= min;
}
