import type { IncomingMessage } from "node:http";
import { FORM_LIMITS } from "~/config";
import { REQUEST_MSG } from "~/messages";

/**
 * Request bodies are read here, by the server, before Remix builds its Request: every route but
 * the file import gets at most FORM_LIMITS.maxBytes, counted as the bytes arrive, so no post can
 * make the process buffer or parse more (four 50 MB posts in parallel used to take it to 1.4 GB).
 * The number of fields is counted here too, on the bytes, so that no parser ever sees more than
 * FORM_LIMITS.maxFields. The file import streams its upload with its own 10 MB cap
 * (app/routes/resources.file-import.ts).
 */
const STREAMED_UPLOAD_PATHS = new Set(["/resources/file-import"]);

export type RequestBody =
  | { kind: "none" }
  | { kind: "stream" }
  | { kind: "buffer"; bytes: Buffer }
  | { kind: "refused"; status: 400 | 413; message: string };

/** Occurrences of `needle` in `bytes`, stopping once past `limit` (a byte scan, no parsing). */
function countOccurrences(bytes: Buffer, needle: string, limit: number): number {
  let count = 0;
  for (let at = bytes.indexOf(needle); at !== -1 && count <= limit; at = bytes.indexOf(needle, at + needle.length)) count++;
  return count;
}

/**
 * Fields of a form body, counted on its bytes before anything parses it: `&`-separated pairs of
 * a urlencoded body, parts of a multipart one. Other bodies count as one (the action refuses them).
 */
export function countFormFields(bytes: Buffer, contentType: string): number {
  if (bytes.length === 0) return 0;
  const limit = FORM_LIMITS.maxFields;
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) return countOccurrences(bytes, "&", limit) + 1;
  const boundary = /^multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  return boundary ? Math.max(0, countOccurrences(bytes, `--${boundary}`, limit + 1) - 1) : 1;
}

/** The route a URL asks for, as Remix matches it: any case, no trailing slash, no `.data`. */
function routePath(url: string): string {
  return url.split("?")[0].replace(/\.data$/, "").replace(/\/+$/, "").toLowerCase();
}

export async function readRequestBody(req: IncomingMessage): Promise<RequestBody> {
  if (req.method === "GET" || req.method === "HEAD") return { kind: "none" };
  if (STREAMED_UPLOAD_PATHS.has(routePath(req.url ?? "/"))) return { kind: "stream" };
  const refused = { kind: "refused", status: 413, message: REQUEST_MSG.tooLarge } as const;
  const declared = Number(req.headers["content-length"]);
  if (declared > FORM_LIMITS.maxBytes) return refused;
  const bytes = await readCapped(req, FORM_LIMITS.maxBytes);
  if (bytes === null) return refused;
  const fields = countFormFields(bytes, req.headers["content-type"] ?? "");
  return fields > FORM_LIMITS.maxFields ? { kind: "refused", status: 400, message: REQUEST_MSG.tooManyFields } : { kind: "buffer", bytes };
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
