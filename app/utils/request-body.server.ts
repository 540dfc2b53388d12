import type { IncomingMessage } from "node:http";
import { CLIENT_TIMEOUTS, FORM_LIMITS } from "~/config";
import { REQUEST_MSG } from "~/messages";

/**
 * Request bodies are read here, by the server, before Remix builds its Request: every route but
 * the file import gets at most FORM_LIMITS.maxBytes, counted as the bytes arrive, so no post can
 * make the process buffer or parse more (four 50 MB posts in parallel used to take it to 1.4 GB).
 * The number of fields is counted here too, on the bytes, so that no parser ever sees more than
 * FORM_LIMITS.maxFields. The file import streams a multipart upload with its own 10 MB cap
 * (app/routes/resources.file-import.ts); its other bodies are forms like any other.
 */
const STREAMED_UPLOAD_PATHS = new Set(["/resources/file-import"]);

export type RequestBody =
  | { kind: "none" }
  | { kind: "stream" }
  | { kind: "buffer"; bytes: Buffer }
  | { kind: "refused"; status: 400 | 408 | 413; message: string };

/** Occurrences of `needle` in `bytes`, stopping once past `limit` (a byte scan, no parsing). */
function countOccurrences(bytes: Buffer, needle: string, limit: number): number {
  let count = 0;
  for (let at = bytes.indexOf(needle); at !== -1 && count <= limit; at = bytes.indexOf(needle, at + needle.length)) count++;
  return count;
}

/**
 * A Content-Type as the Fetch parser reads it: the essence (type/subtype) trimmed and in lower
 * case, and every parameter (names in lower case, quotes removed).
 */
function parseContentType(header: string): { essence: string; parameters: Array<[string, string]> } {
  const [essence = "", ...rest] = header.split(";");
  const parameters = rest.flatMap((part): Array<[string, string]> => {
    const at = part.indexOf("=");
    if (at === -1) return [];
    return [[part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim().replace(/^"(.*)"$/, "$1")]];
  });
  return { essence: essence.trim().toLowerCase(), parameters };
}

/** Whether the body is a multipart form with its boundary, the one kind the file import may stream. */
function isMultipart(contentType: string): boolean {
  const { essence, parameters } = parseContentType(contentType);
  return essence === "multipart/form-data" && parameters.some(([name, value]) => name === "boundary" && value !== "");
}

/**
 * Fields of a form body, counted on its bytes before anything parses it: `&`-separated pairs of
 * a urlencoded body, parts of a multipart one. Other bodies count as one (the action refuses them).
 * null for a multipart body with several `boundary` parameters: the count would follow one and
 * the parser perhaps the other, so it is refused as unreadable.
 */
export function countFormFields(bytes: Buffer, contentType: string): number | null {
  const { essence, parameters } = parseContentType(contentType);
  const boundaries = parameters.filter(([name]) => name === "boundary").map(([, value]) => value);
  if (essence === "multipart/form-data" && boundaries.length > 1) return null;
  if (bytes.length === 0) return 0;
  const limit = FORM_LIMITS.maxFields;
  if (essence === "application/x-www-form-urlencoded") return countOccurrences(bytes, "&", limit) + 1;
  const boundary = essence === "multipart/form-data" ? boundaries[0] : undefined;
  return boundary ? Math.max(0, countOccurrences(bytes, `--${boundary}`, limit + 1) - 1) : 1;
}

/** The route a URL asks for, as Remix matches it: any case, no trailing slash, no `.data`. */
function routePath(url: string): string {
  return url.split("?")[0].replace(/\.data$/, "").replace(/\/+$/, "").toLowerCase();
}

export async function readRequestBody(req: IncomingMessage): Promise<RequestBody> {
  if (req.method === "GET" || req.method === "HEAD") return { kind: "none" };
  const contentType = req.headers["content-type"] ?? "";
  if (countFormFields(Buffer.alloc(0), contentType) === null) return { kind: "refused", status: 400, message: REQUEST_MSG.unreadable };
  // Only a multipart upload streams: any other body of the file import is a small form (its Stop).
  if (STREAMED_UPLOAD_PATHS.has(routePath(req.url ?? "/")) && isMultipart(contentType)) return { kind: "stream" };
  const refused = { kind: "refused", status: 413, message: REQUEST_MSG.tooLarge } as const;
  const declared = Number(req.headers["content-length"]);
  if (declared > FORM_LIMITS.maxBytes) return refused;
  const bytes = await readWithin(req, FORM_LIMITS.maxBytes, CLIENT_TIMEOUTS.formBodyMs);
  if (bytes === "slow") return { kind: "refused", status: 408, message: REQUEST_MSG.tooSlow };
  if (bytes === null) return refused;
  const fields = countFormFields(bytes, contentType) ?? 0;
  return fields > FORM_LIMITS.maxFields ? { kind: "refused", status: 400, message: REQUEST_MSG.tooManyFields } : { kind: "buffer", bytes };
}

/**
 * readCapped, or "slow" when the body has not arrived whole within `timeoutMs`: a client that
 * trickles a form in holds a connection, never the 300 s of Node's default request timeout.
 */
async function readWithin(req: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<Buffer | null | "slow"> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<"slow">((resolve) => {
    timer = setTimeout(() => resolve("slow"), timeoutMs);
  });
  try {
    return await Promise.race([readCapped(req, maxBytes), slow]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The body, or null as soon as it exceeds `maxBytes` (a lying Content-Length included): reading
 * stops there, the answer closes the connection, and the rest is never buffered.
 */
export function readCapped(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off("data", onData);
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}
