import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { communeByCode } from "../app/services/geo/communes.server";
import { adMatchesFilter, hasAdFilters } from "../app/services/moteurimmo/ad-filter";
import { generateDemoAds } from "../app/services/moteurimmo/demo-feed.server";

/**
 * A fake MoteurImmo partner on 127.0.0.1 (random free port) that speaks the protocol of
 * /work/shared/MOTEURIMMO.md, for the client tests, the import-job tests and the benchmarks.
 *
 * ```ts
 * const partner = await startFakeMoteurImmo({ total: 2500 });        // 2500 demo ads
 * const client = createMoteurImmoClient({ baseUrl: partner.url, apiKey: partner.apiKey });
 * partner.setFaults([{ page: 2, type: "status", status: 500 }]);     // page 2 fails once
 * ...
 * expect(partner.requests.map((r) => r.body.page)).toEqual([1, 2, 2, 3]);
 * await partner.close();
 * ```
 *
 * Protocol:
 * - `POST /ads`, JSON body. `apiKey` must equal `options.apiKey` (default "test-key"), otherwise
 *   401 `{"error":"Invalid API key"}`. `page` (1-based, default 1) and `maxLength` (1..1000,
 *   default 50) page over the ad list; `withCount: true` adds `count` (length of the list).
 *   `includedIds` (at most 100) restricts the list to those uniqueIds. The location, price,
 *   surface and keyword filters (`locations` by inseeCode, an arrondissement matching its
 *   commune, or departmentCode; `priceMin/Max`, `surfaceMin/Max`, `keywords`) select ads the way
 *   the partner is understood to (app/services/moteurimmo/ad-filter.ts), together with `types`
 *   and `categories` then; without them, other filters are accepted and ignored.
 *   Asking past `maxResults` (page * maxLength > maxResults, default 10 000) answers 400, as
 *   the partner is believed to.
 * - `POST /deletedAds`: same body and paging over `deletedAds` (default: none).
 * - Anything else: 404 (unknown path) or 405 (not POST); a body that is not JSON: 400.
 *
 * Ads: `ads` (served as given, so it may contain junk) or `total` demo ads from
 * `generateDemoAds(total, seed)` (default 120 ads, seed 1).
 *
 * Faults (`options.faults` or `setFaults`), checked in order; the first that matches a request
 * is used and consumed (`times`, default 1; `Infinity` for every matching request). A fault
 * matches when all of its given criteria match:
 * - `request`: the request number on this server, 1-based, counting every request;
 * - `page`: the `page` field of the body (a count-only request has no page: it never matches);
 * - `path`: "/ads" or "/deletedAds".
 * Types:
 * - `{ type: "status", status, body?, headers? }`: answer that status (body default
 *   `{"error":"Internal server error"}`);
 * - `{ type: "rateLimit", retryAfter? }`: 429 with `Retry-After` (seconds or a date string;
 *   `null` sends no header);
 * - `{ type: "hang" }`: never answer (the client's timeout or abort must end it);
 * - `{ type: "delay", ms }`: answer normally after `ms`;
 * - `{ type: "destroy" }`: close the socket without answering (a network error);
 * - `{ type: "malformed" }`: 200 with a body that is not JSON;
 * - `{ type: "wrongShape", body? }`: 200 with JSON that is not a search response;
 * - `{ type: "junk" }`: the normal page, with its last two entries replaced by a non-object
 *   entry (42) and an invalid ad (`uniqueId` "junk-<page>", price "abc"): the page keeps its
 *   length, so `received` still equals maxLength while `ads` has two fewer.
 *
 * Between two runs (issue 14), `nextRun({ withdraw, prices })` moves the ads of the `withdraw`
 * uniqueIds from the results to `deletedAds` (as `{ uniqueId, deletionDate }`) and gives the ads
 * of `prices` (uniqueId → price) their new price, as the partner would a day later.
 *
 * `requests` records every request (path, parsed body, page); `latencyMs` delays every answer
 * (benchmarks). `close()` ends hanging requests too.
 */

export type FakeFaultMatch = {
  request?: number;
  page?: number;
  path?: "/ads" | "/deletedAds";
  times?: number;
};

export type FakeFaultAction =
  | { type: "status"; status: number; body?: string; headers?: Record<string, string> }
  | { type: "rateLimit"; retryAfter?: number | string | null }
  | { type: "hang" }
  | { type: "delay"; ms: number }
  | { type: "destroy" }
  | { type: "malformed" }
  | { type: "wrongShape"; body?: unknown }
  | { type: "junk" };

export type FakeFault = FakeFaultMatch & FakeFaultAction;

export type FakeMoteurImmoOptions = {
  apiKey?: string;
  ads?: unknown[];
  total?: number;
  seed?: number;
  deletedAds?: unknown[];
  maxResults?: number;
  faults?: FakeFault[];
  latencyMs?: number;
};

export type FakeRunChange = { withdraw?: string[]; prices?: Record<string, number> };

export type FakeRequest = {
  /** 1-based request number. */
  n: number;
  path: string;
  /** The JSON body as received ({} when it was not a JSON object). */
  body: Record<string, unknown>;
  page: number | null;
};

export type FakeMoteurImmo = {
  /** Base URL to give the client, e.g. http://127.0.0.1:43121/api */
  url: string;
  apiKey: string;
  requests: FakeRequest[];
  setFaults(faults: FakeFault[]): void;
  setAds(ads: unknown[]): void;
  nextRun(change: FakeRunChange): void;
  close(): Promise<void>;
};

const DEFAULT_PAGE_LENGTH = 50;
const MAX_PAGE_LENGTH = 1000;
const MAX_INCLUDED_IDS = 100;

export async function startFakeMoteurImmo(
  options: FakeMoteurImmoOptions = {},
): Promise<FakeMoteurImmo> {
  const apiKey = options.apiKey ?? "test-key";
  let ads: unknown[] = options.ads ?? generateDemoAds(options.total ?? 120, options.seed ?? 1);
  let deletedAds = options.deletedAds ?? [];
  const maxResults = options.maxResults ?? 10_000;
  let faults: Array<FakeFault & { remaining: number }> = [];
  const requests: FakeRequest[] = [];

  const setFaults = (list: FakeFault[]) => {
    faults = list.map((fault) => ({ ...fault, remaining: fault.times ?? 1 }));
  };
  setFaults(options.faults ?? []);

  function takeFault(request: FakeRequest): FakeFault | null {
    const fault = faults.find(
      (candidate) =>
        candidate.remaining > 0 &&
        (candidate.request === undefined || candidate.request === request.n) &&
        (candidate.page === undefined || candidate.page === request.page) &&
        (candidate.path === undefined || candidate.path === request.path),
    );
    if (!fault) return null;
    fault.remaining -= 1;
    return fault;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0].replace(/^\/api(?=\/)/, "");
    const raw = await readBody(req);
    if (req.method !== "POST") return json(res, 405, { error: "Method not allowed" });

    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return json(res, 400, { error: "Invalid JSON body" });
    }
    const body = isRecord(parsed) ? parsed : {};
    const page = typeof body.page === "number" ? body.page : null;
    const request: FakeRequest = { n: requests.length + 1, path, body, page };
    requests.push(request);

    if (options.latencyMs) await wait(options.latencyMs);
    const fault = takeFault(request);
    switch (fault?.type) {
      case "status":
        res.writeHead(fault.status, { "content-type": "application/json", ...fault.headers });
        res.end(fault.body ?? JSON.stringify({ error: "Internal server error" }));
        return;
      case "rateLimit": {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (fault.retryAfter !== null) headers["retry-after"] = String(fault.retryAfter ?? 1);
        res.writeHead(429, headers);
        res.end(JSON.stringify({ error: "Too many requests" }));
        return;
      }
      case "hang":
        return; // the response stays open until the client gives up or close() is called
      case "destroy":
        req.socket.destroy();
        return;
      case "malformed":
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"ads": [{"uniqueId": "tronqu');
        return;
      case "wrongShape":
        return json(res, 200, fault.body ?? { results: [], total: 0 });
      case "delay":
        await wait(fault.ms);
        break;
      default:
        break;
    }

    if (path !== "/ads" && path !== "/deletedAds") return json(res, 404, { error: "Not found" });
    if (body.apiKey !== apiKey) return json(res, 401, { error: "Invalid API key" });

    const pageNumber = body.page ?? 1;
    const maxLength = body.maxLength ?? DEFAULT_PAGE_LENGTH;
    if (!isIntegerIn(pageNumber, 1, Number.MAX_SAFE_INTEGER)) {
      return json(res, 400, { error: "Invalid page" });
    }
    if (!isIntegerIn(maxLength, 1, MAX_PAGE_LENGTH)) {
      return json(res, 400, { error: `maxLength must be between 1 and ${MAX_PAGE_LENGTH}` });
    }
    if (pageNumber * maxLength > maxResults) {
      return json(res, 400, { error: `Results are limited to ${maxResults}` });
    }

    let list = path === "/ads" ? ads : deletedAds;
    if (body.includedIds !== undefined) {
      if (!Array.isArray(body.includedIds) || body.includedIds.length > MAX_INCLUDED_IDS) {
        return json(res, 400, { error: `includedIds: at most ${MAX_INCLUDED_IDS} ids` });
      }
      const wanted = new Set(body.includedIds);
      list = list.filter((ad) => isRecord(ad) && wanted.has(ad.uniqueId));
    }

    list = filterList(list, body);
    const start = (pageNumber - 1) * maxLength;
    const entries = list.slice(start, start + maxLength);
    if (fault?.type === "junk" && entries.length > 0) {
      entries.splice(Math.max(0, entries.length - 2), 2, 42, {
        uniqueId: `junk-${pageNumber}`,
        price: "abc",
      });
    }
    const payload: Record<string, unknown> = { ads: entries };
    if (body.withCount === true) payload.count = list.length;
    return json(res, 200, payload);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String(error) });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api`,
    apiKey,
    requests,
    setFaults,
    setAds(list) {
      ads = list;
    },
    nextRun(change) {
      const next = applyRunChange(ads, change);
      ads = next.ads;
      deletedAds = [...deletedAds, ...next.withdrawn];
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** A search zone's filters (issue 14); a body without them gets the whole list, as before. */
function filterList(list: unknown[], body: Record<string, unknown>): unknown[] {
  if (!hasAdFilters(body)) return list;
  return list.filter(
    (ad) => isRecord(ad) && adMatchesFilter(body, ad, { parentCommune: (code) => communeByCode(code)?.parent }),
  );
}

function applyRunChange(ads: unknown[], change: FakeRunChange): { ads: unknown[]; withdrawn: unknown[] } {
  const withdraw = new Set(change.withdraw ?? []);
  const prices = new Map(Object.entries(change.prices ?? {}));
  const deletionDate = new Date().toISOString();
  const kept: unknown[] = [];
  const withdrawn: unknown[] = [];
  for (const ad of ads) {
    const id = isRecord(ad) && typeof ad.uniqueId === "string" ? ad.uniqueId : null;
    if (id !== null && withdraw.has(id)) withdrawn.push({ uniqueId: id, deletionDate });
    else if (id !== null && prices.has(id)) kept.push({ ...(ad as Record<string, unknown>), price: prices.get(id) });
    else kept.push(ad);
  }
  return { ads: kept, withdrawn };
}

function json(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(payload));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
