import type { z } from "zod";
import { EXPORT_API_BODY_MAX_BYTES, EXPORT_API_ERRORS, EXPORT_API_FIELDS } from "./export-api-contract";
import { exportRequestBodySchema } from "./export-api-schemas";

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

/**
 * Validates a parsed body with exportRequestBodySchema (the schema the OpenAPI document shows):
 * only the contract's fields, with their exact types, and no conflicting pair. One message per
 * answer: an unknown field first, then the first faulty field in EXPORT_API_FIELDS order.
 */
export function parseExportBody(raw: unknown): BodyResult {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, status: 400, error: EXPORT_API_ERRORS.notObject };
  }
  const parsed = exportRequestBodySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, status: 400, error: firstMessage(raw as Record<string, unknown>, parsed.error.issues) };

  const { apiKey, limit, offset, updatedSince, cursor } = parsed.data;
  const hasOffset = typeof offset === "number";
  if (hasOffset && typeof cursor === "string") return { ok: false, status: 400, error: EXPORT_API_ERRORS.cursorWithOffset };
  if (hasOffset && typeof updatedSince === "string") return { ok: false, status: 400, error: EXPORT_API_ERRORS.feedWithOffset };
  const key = apiKey?.trim() ?? "";
  return {
    ok: true,
    query: {
      apiKey: key === "" ? null : key,
      limit: limit ?? null,
      // `+ 0` turns -0 into 0 so that the echoed offset reads naturally.
      offset: hasOffset ? offset + 0 : null,
      updatedSince: typeof updatedSince === "string" ? Date.parse(updatedSince) : null,
      cursor: cursor ?? null,
    },
  };
}

function firstMessage(body: Record<string, unknown>, issues: z.ZodIssue[]): string {
  const unknown = Object.keys(body).find((field) => !ACCEPTED.has(field));
  if (unknown !== undefined) return EXPORT_API_ERRORS.unknownField(unknown.slice(0, 50));
  const rank = (issue: z.ZodIssue) => EXPORT_API_FIELDS.indexOf(issue.path[0] as (typeof EXPORT_API_FIELDS)[number]);
  const first = [...issues].sort((a, b) => rank(a) - rank(b))[0]!;
  return first.message;
}
