import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { REQUEST_MSG } from "~/messages";
import { isOversizedManifestRequest } from "./manifest-guard.server";
import { readRequestBody } from "./request-body.server";
import { parseUrl } from "./safe-redirect";

type Options = {
  /** The production build, or in development a function that loads the current one from Vite. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

/**
 * Remix's Express adapter, with the body read by readRequestBody first: the adapter would hand
 * Remix the raw socket stream, with no cap before a route calls request.formData().
 */
export function createAppRequestHandler({ build, mode, getLoadContext }: Options) {
  const handleRequest = createRequestHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const target = parseUrl(`http://vigimmo.invalid${req.originalUrl}`);
      if (target && isOversizedManifestRequest(target)) {
        res.status(400).set("Cache-Control", "no-store").end();
        return;
      }
      const body = await readRequestBody(req);
      if (body.kind === "refused") {
        res.status(body.status).set({ Connection: "close", "Cache-Control": "no-store" }).json({ success: false, error: body.message });
        return;
      }
      const url = requestUrl(req);
      if (!url) {
        // A Host header no URL parser accepts ("[", "a b", a port past 65535): Remix's Request
        // would throw and Express answer 500.
        res.status(400).set({ Connection: "close", "Cache-Control": "no-store" }).json({ success: false, error: REQUEST_MSG.badHost });
        return;
      }
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = new Request(url, {
        method: req.method,
        headers: requestHeaders(req),
        signal: controller.signal,
        ...(body.kind === "buffer" ? { body: body.bytes } : {}),
        ...(body.kind === "stream" ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
      } as RequestInit);
      const response = await handleRequest(request, getLoadContext(req, res));
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [key, value] of response.headers.entries()) res.append(key, value);
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The request's URL, or null when its Host does not make one. req.hostname respects "trust
 * proxy"; the port comes from X-Forwarded-Host or Host.
 */
export function requestUrl(req: Pick<ExpressRequest, "get" | "protocol" | "hostname" | "originalUrl">): string | null {
  const portOf = (header: string | undefined) => Number.parseInt(header?.split(":")[1] ?? "", 10);
  const port = [portOf(req.get("X-Forwarded-Host")), portOf(req.get("host"))].find(Number.isSafeInteger);
  return parseUrl(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`)?.href ?? null;
}

function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else if (values) headers.set(key, values);
  }
  return headers;
}
