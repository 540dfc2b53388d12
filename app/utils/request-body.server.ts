import type { IncomingMessage } from "node:http";
import { FORM_LIMITS } from "~/config";
import { REQUEST_MSG } from "~/messages";

/**
 * Request bodies are read here, by the server, before Remix builds its Request: every route but
 * the file import gets at most FORM_LIMITS.maxBytes, counted as the bytes arrive, so no post can
 * make the process buffer or parse more (four 50 MB posts in parallel used to take it to 1.4 GB).
 * The file import streams its upload with its own 10 MB cap (app/routes/resources.file-import.ts).
 */
const STREAMED_UPLOAD_PATHS = new Set(["/resources/file-import"]);

export type RequestBody =
  | { kind: "none" }
  | { kind: "stream" }
  | { kind: "buffer"; bytes: Buffer }
  | { kind: "refused"; status: 413; message: string };

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
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > FORM_LIMITS.maxBytes) {
        // Stop reading: the answer closes the connection, and the rest is never buffered.
        req.off("data", onData);
        req.pause();
        resolve(refused);
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve({ kind: "buffer", bytes: Buffer.concat(chunks) }));
    req.once("error", reject);
  });
}
