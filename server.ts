// The one server, in production and in development: Express around the Remix build, for the
// JSON request logs, the security headers with a per-request CSP nonce, the cross-origin check,
// the capped request bodies, the client IP in the load context, migrations before listening and
// the graceful shutdown (docs/decisions/002-custom-server.md). With --dev (npm run dev) Vite serves
// the app through the same server (middleware mode), so what is developed is what runs; without
// it (npm start, tests, production) the server serves the build.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Request, type Response } from "express";
import { CLIENT_TIMEOUTS } from "./app/config";
import { MSG } from "./app/messages";
import { EXPORT_API_PATH } from "./app/services/export/export-api-contract";

/** The app's entry module, where the server finds the app code it needs (same instances as the routes). */
type Entry = typeof import("./app/entry.server");

const isProduction = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT ?? 3000);
const buildDirectory = path.resolve(process.env.VIGIMMO_BUILD_DIR ?? "build");

// Proxies in front of the app whose X-Forwarded-* headers are believed (Fly's edge: 1, set in
// fly.toml). Believing more would let a client write its own address into X-Forwarded-For and
// dodge the per-address limits (sign-in, key guessing).
const trustedProxies = Number(process.env.TRUST_PROXY_HOPS || 0);
if (!Number.isSafeInteger(trustedProxies) || trustedProxies < 0) {
  console.error(`TRUST_PROXY_HOPS doit être un entier positif ou nul (reçu « ${process.env.TRUST_PROXY_HOPS} »)`);
  process.exit(1);
}

const app = express();
// A client gets 20 s for its headers and 150 s for its whole request, instead of Node's 300 s: the
// longest body we accept is the file import's 10 MB upload, which a slow line needs the time for;
// form bodies are cut at 20 s by their reader (CLIENT_TIMEOUTS in app/config.ts).
const server = http.createServer({
  headersTimeout: CLIENT_TIMEOUTS.headersMs,
  requestTimeout: CLIENT_TIMEOUTS.requestMs,
  connectionsCheckingInterval: CLIENT_TIMEOUTS.checkIntervalMs,
});

const vite = !process.argv.includes("--dev")
  ? undefined
  : await import("vite").then((module) => module.createServer({ server: { middlewareMode: true, hmr: { server } } }));
const loadBuild = async (): Promise<ServerBuild> =>
  vite
    ? ((await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild)
    : ((await import(path.join(buildDirectory, "server/index.js"))) as ServerBuild);
const firstBuild = await loadBuild();
const entry = firstBuild.entry.module as unknown as Entry;
const { clientAddress, createAppRequestHandler, drained, forgetServedUrl, instanceRole, isHttpsRequest, logEvent, recordServedUrl, securityHeaders } = entry;

// Migrates, seeds an empty database and fails the jobs of dead workers before any request.
await entry.bootstrap();

app.disable("x-powered-by");
app.set("trust proxy", trustedProxies);

// The public export API is the one route other sites call from the browser (DECISIONS.md 3, 12).
// Matched as Remix matches its route: any letter case, with or without a trailing slash.
const isExportApi = (url: string) => url.split("?")[0]!.replace(/\/+$/, "").toLowerCase() === EXPORT_API_PATH;

/**
 * One JSON line per request (keys in the path masked by logEvent), written when its connection
 * is done with it: a response cut short (client gone, shutdown) is logged too, as aborted.
 */
function logWhenDone(req: http.IncomingMessage, res: http.ServerResponse) {
  const started = process.hrtime.bigint();
  res.once("close", () => {
    logEvent("http.request", {
      method: req.method,
      path: (req.url ?? "/").split("?")[0],
      status: res.statusCode,
      ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
      ...(res.writableFinished ? {} : { aborted: true }),
    });
  });
}

/** The security headers of every response; returns the CSP nonce of Remix's inline scripts. */
function setSecurityHeaders(req: http.IncomingMessage, res: http.ServerResponse): string {
  const { nonce, headers } = securityHeaders(isHttpsRequest(req, trustedProxies));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  return nonce;
}

app.use((req, res, next) => {
  logWhenDone(req, res);
  res.locals.cspNonce = setSecurityHeaders(req, res);
  next();
});

// A write reaching a LiteFS replica (ADR 025) is replayed by Fly on the primary, as LiteFS's proxy
// and the Epic Stack do: 409 with fly-replay, nothing read from the body, nothing written here.
app.use((req, res, next) => {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
  const role = instanceRole();
  if (role.isPrimary) return next();
  logEvent("http.replayed_to_primary", { method: req.method, path: req.path, primary: role.primaryInstance });
  res.set("fly-replay", `instance=${role.primaryInstance}`).sendStatus(409);
});

// Refuse cross-site mutations: a non-GET whose Origin names another host (DECISIONS.md item 12).
// The export API, open to every origin, is answered before this (see the server below).
app.use((req, res, next) => {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
  const origin = req.get("origin");
  // No Origin: a same-site navigation or a server-to-server call. "null" (sandboxed frame,
  // file://, privacy redirect) is never our own pages: refuse it like a foreign origin.
  if (!origin) return next();
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = "";
  }
  if (originHost === req.get("host")) return next();
  logEvent("http.forbidden_origin", { method: req.method, path: req.path, origin });
  res.status(403).json({ success: false, error: MSG.forbiddenOrigin });
});

if (vite) {
  app.use(vite.middlewares);
} else {
  // Only static files are compressed: gzipping streamed documents chunk by chunk cost more CPU
  // than it saved bandwidth under load (tests/e2e/resilience-load.spec.ts measured 10x slower
  // pages). Compression wraps every response that passes through it, so it is mounted on the
  // static paths only: /assets and the files at the root of the client build (favicon...).
  const staticCompression = compression();
  const clientDirectory = path.join(buildDirectory, "client");
  const rootFiles = new Set(
    fs
      .readdirSync(clientDirectory, { withFileTypes: true })
      .filter((file) => file.isFile())
      .map((file) => `/${file.name}`),
  );
  app.use("/assets", staticCompression, express.static(path.join(clientDirectory, "assets"), { immutable: true, maxAge: "1y" }));
  // Demo listings' pictures (docs/decisions/012-demo-photos.md): named by their content's hash,
  // so cached for a year; JPEG is already compressed.
  app.use("/demo-photos", express.static(path.join(clientDirectory, "demo-photos"), { immutable: true, maxAge: "1y", index: false }));
  app.use((req, res, next) => (rootFiles.has(req.path) ? staticCompression(req, res, next) : next()));
  app.use(express.static(clientDirectory, { maxAge: "1h", index: false }));
}

// Bodies are read and capped by the handler before Remix sees them (app/utils/request-body.server.ts).
app.all(
  "*",
  createAppRequestHandler({
    build: vite ? loadBuild : firstBuild,
    mode: isProduction ? "production" : "development",
    getLoadContext: (req: Request, res: Response) => ({
      cspNonce: res.locals.cspNonce as string,
      clientIp: clientAddress(req, trustedProxies),
      // Lets a streamed export wait for a slow client instead of buffering the rest in memory.
      waitForDrain: () => drained(res),
    }),
  }),
);

// The export API is answered before Express and Remix: their routing and the Fetch request
// built for each call cost more than the API itself (docs/decisions/007-export-api.md). The
// resource route app/routes/functions.v1.get-properties.ts runs the same service for the tests.
server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
  if (!isExportApi(req.url ?? "/")) return app(req, res);
  logWhenDone(req, res);
  setSecurityHeaders(req, res);
  void entry.serveExportApi(req, res, clientAddress(req, trustedProxies));
});
server.listen(port, () => {
  logEvent("server.started", { port });
  // For the CLIs run in another shell (npm run reset-password prints a link to this server).
  recordServedUrl((server.address() as AddressInfo).port);
  console.log(`Vigimmo écoute sur http://localhost:${port}`);
});

let stopping = false;
// Requests in flight (a page, a full export) may finish within this time after SIGTERM; fly.toml's
// kill_timeout (45 s) leaves room for it and the final checkpoint.
const REQUEST_GRACE_MS = 20_000;

/** Resolves when every connection has ended, closing those still open after REQUEST_GRACE_MS. */
function requestsDone(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      // The 'close' handlers (an export releasing its snapshot) run before the database closes.
      setImmediate(resolve);
    }, REQUEST_GRACE_MS);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  logEvent("server.stopping", { signal });
  try {
    await vite?.close();
    forgetServedUrl();
    await entry.shutdown({ requestsDone: requestsDone() });
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
