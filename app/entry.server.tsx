import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { logEvent } from "~/utils/log.server";
import { NonceProvider } from "~/utils/nonce";

export { bootstrap, shutdown } from "~/services/platform/lifecycle.server";
export { drained, serveExportApi } from "~/services/export/export-api-node.server";
export { forgetServedUrl, recordServedUrl } from "~/utils/app-url.server";
export { clientAddress } from "~/utils/client-address.server";
export { instanceRole } from "~/utils/litefs.server";
export { logEvent } from "~/utils/log.server";
export { createAppRequestHandler } from "~/utils/remix-handler.server";
export { isHttpsRequest, securityHeaders } from "~/utils/security-headers.server";

const ABORT_DELAY = 5_000;

/**
 * Thrown responses (401, 403, 404 of the guards) are answers, not faults: only real errors are
 * logged, as one JSON line, and never for an aborted request.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (error && typeof error === "object" && ("status" in error || "init" in error)) return;
  logEvent("http.error", { path: new URL(request.url).pathname, error: error instanceof Error ? error.stack ?? error.message : String(error) });
};

/**
 * Pages and their data carry the signed-in user's listings, keys and figures: no browser or
 * proxy cache may keep them (a shared computer's Back button, a corporate proxy). A route that
 * sets its own Cache-Control keeps it.
 */
function keepOutOfCaches(headers: Headers) {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
}

/** The single-fetch answers (`*.data`) of loaders and actions: same rule as the pages. */
export function handleDataRequest(response: Response) {
  keepOutOfCaches(response.headers);
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          keepOutOfCaches(responseHeaders);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
