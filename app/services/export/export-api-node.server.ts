import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { logEvent } from "~/utils/log.server";
import { EXPORT_API_ERRORS } from "./export-api-contract";
import { answerExportApi } from "./export-api.server";
import { readCapped } from "~/utils/request-body.server";

/**
 * The production server's path to the export API (server.ts): the same service as the
 * resource route, reached from Node's request and response without building a Fetch request
 * nor matching Remix routes, which cost more than the API itself (0.8 ms of the 1.9 ms of a
 * page of 50, docs/decisions/007-export-api.md).
 */
export async function serveExportApi(request: IncomingMessage, response: ServerResponse, ip: string): Promise<void> {
  try {
    await serve(request, response, ip);
  } catch (error) {
    // answerExportApi answers its own errors: this is a fault of the response itself.
    logEvent("export_api.error", { error: (error as Error).message });
    if (!response.headersSent) {
      response.writeHead(500, { "Content-Type": "application/json; charset=utf-8", "Access-Control-Allow-Origin": "*" });
      response.end(JSON.stringify({ success: false, error: EXPORT_API_ERRORS.internal }));
    } else response.destroy();
  }
}

async function serve(request: IncomingMessage, response: ServerResponse, ip: string) {
  const aborted = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) aborted.abort();
  });
  const answer = await answerExportApi({
    method: request.method ?? "GET",
    ip,
    header: (name) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(", ") : (value ?? null);
    },
    readBody: async (maxBytes) => (await readCapped(request, maxBytes))?.toString("utf8") ?? null,
    signal: aborted.signal,
    waitForDrain: () => drained(response),
  });

  // An oversized body is not read to its end: the connection cannot be reused after it.
  response.writeHead(answer.status, answer.status === 413 ? { ...answer.headers, Connection: "close" } : answer.headers);
  if (Array.isArray(answer.body)) {
    // One write to the socket for the headers and every part, none of them copied.
    response.cork();
    for (const part of answer.body) response.write(part);
    response.end();
    response.uncork();
    return;
  }
  if (!(answer.body instanceof ReadableStream)) {
    response.end(answer.body ?? undefined);
    return;
  }
  try {
    await pipeline(Readable.fromWeb(answer.body as import("node:stream/web").ReadableStream), response);
  } catch (error) {
    // A client that leaves mid-export is normal; anything else is worth a line.
    if (!aborted.signal.aborted) logEvent("export_api.stream_failed", { error: (error as Error).message });
  }
}

/**
 * Resolves once a response that refused more data has room again (or is closed); nothing to wait
 * for otherwise. Both listeners go once either fires: a long export waits thousands of times.
 */
export function drained(response: ServerResponse): Promise<void> | undefined {
  if (!response.writableNeedDrain) return undefined;
  return new Promise((resolve) => {
    const done = () => {
      response.off("drain", done);
      response.off("close", done);
      resolve();
    };
    response.on("drain", done);
    response.on("close", done);
  });
}

