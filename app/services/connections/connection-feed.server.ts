import { parseAdsResponse } from "../moteurimmo/ad-schema";
import { adToListing } from "../moteurimmo/mapping";
import type { ImportPage } from "../imports/import-source.server";
import type { ListingInput } from "../listings/listing-input";
import { guardedRequest, GuardedRequestError } from "./ssrf-guard.server";
import { vigimmoExportResponseSchema, vigimmoPropertyToListing } from "./vigimmo-export-feed";

/**
 * Reads an import connection's endpoint page by page. Two response shapes are understood:
 * - MoteurImmo: `{ ads: [...], count? }`, asked with `{ apiKey, page, maxLength, withCount }`;
 * - Vigimmo's own export API: `{ success, count, total, limit, offset, properties: [...] }`,
 *   asked with `{ apiKey, limit, offset }` (so one Vigimmo can feed another).
 * Unless the connection's config names the format, the first request asks in the Vigimmo way
 * (an unknown field is harmless to MoteurImmo-like APIs, whereas asking Vigimmo without `limit`
 * would return every listing at once) and the answer's shape decides.
 */

export type FeedFormat = "moteurimmo" | "vigimmo";

export const FEED_LIMITS = { pageSize: 500, maxPageSize: 1000, maxPages: 100 } as const;

export type FeedTarget = { id: string; endpoint: string; apiKey: string | null; config: unknown };

/** A sync failure whose message is French and safe to show (never contains the key). */
export class ConnectionSyncError extends Error {
  override readonly name = "ConnectionSyncError";
}

type FeedSettings = { format: FeedFormat | null; pageSize: number; query: Record<string, unknown> };

/** Body fields the sync owns; a config cannot override them. */
const RESERVED = new Set(["apiKey", "page", "maxLength", "withCount", "limit", "offset"]);

/** Optional connection config: `{ "format": "vigimmo", "pageSize": 200, "query": { ... } }`. */
export function feedSettings(config: unknown): FeedSettings {
  const settings: FeedSettings = { format: null, pageSize: FEED_LIMITS.pageSize, query: {} };
  if (!config || typeof config !== "object" || Array.isArray(config)) return settings;
  const c = config as Record<string, unknown>;
  if (c.format === "moteurimmo" || c.format === "vigimmo") settings.format = c.format;
  const size = Number(c.pageSize);
  if (Number.isInteger(size) && size >= 1)
    settings.pageSize = Math.min(size, FEED_LIMITS.maxPageSize);
  if (c.query && typeof c.query === "object" && !Array.isArray(c.query)) {
    settings.query = Object.fromEntries(
      Object.entries(c.query as Record<string, unknown>).filter(([key]) => !RESERVED.has(key)),
    );
  }
  return settings;
}

type Answer = { status: number; json: unknown };

function redactKey(text: string, apiKey: string | null) {
  return apiKey ? text.split(apiKey).join("[clé masquée]") : text;
}

async function post(
  target: FeedTarget,
  body: Record<string, unknown>,
  signal: AbortSignal,
): Promise<Answer> {
  let response;
  try {
    response = await guardedRequest(target.endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, apiKey: target.apiKey ?? undefined }),
      signal,
    });
  } catch (error) {
    if (error instanceof GuardedRequestError && error.kind === "aborted") throw error;
    throw new ConnectionSyncError(
      error instanceof GuardedRequestError
        ? error.message
        : "Connexion impossible au point d'accès",
    );
  }
  let json: unknown = null;
  try {
    json = response.body.length > 0 ? JSON.parse(response.body.toString("utf8")) : null;
  } catch {
    if (response.status >= 200 && response.status < 300)
      throw new ConnectionSyncError("Réponse invalide : le point d'accès n'a pas renvoyé du JSON");
  }
  return { status: response.status, json };
}

function remoteError(json: unknown, apiKey: string | null): string | null {
  if (
    json &&
    typeof json === "object" &&
    "error" in json &&
    typeof (json as { error: unknown }).error === "string"
  ) {
    return redactKey((json as { error: string }).error, apiKey).slice(0, 200);
  }
  return null;
}

function httpFailure(answer: Answer, apiKey: string | null): ConnectionSyncError {
  const detail = remoteError(answer.json, apiKey);
  const suffix = detail ? ` : ${detail}` : "";
  if (answer.status === 401 || answer.status === 403) {
    return new ConnectionSyncError(
      `Clé API refusée par le point d'accès (HTTP ${answer.status})${suffix}`,
    );
  }
  return new ConnectionSyncError(
    `Le point d'accès a répondu par une erreur (HTTP ${answer.status})${suffix}`,
  );
}

function shapeOf(json: unknown): FeedFormat | null {
  if (!json || typeof json !== "object" || Array.isArray(json)) return null;
  if (Array.isArray((json as { properties?: unknown }).properties)) return "vigimmo";
  if (Array.isArray((json as { ads?: unknown }).ads)) return "moteurimmo";
  return null;
}

const UNKNOWN_SHAPE =
  "Réponse non reconnue : le point d'accès doit répondre au format MoteurImmo (liste « ads ») ou à celui de l'API d'export Vigimmo (liste « properties »)";

const isOk = (status: number) => status >= 200 && status < 300;

/** Asks page 1 the Vigimmo way; falls back to the MoteurImmo way when that body is refused. */
async function detectFormat(
  target: FeedTarget,
  settings: FeedSettings,
  signal: AbortSignal,
): Promise<{ format: FeedFormat; first: Answer | null }> {
  // The export API takes nothing but limit/offset: the config's query is for MoteurImmo-like APIs.
  const probe = await post(target, { limit: settings.pageSize, offset: 0 }, signal);
  if (isOk(probe.status)) {
    const shape = shapeOf(probe.json);
    if (!shape) throw new ConnectionSyncError(UNKNOWN_SHAPE);
    // A MoteurImmo-like API ignored limit/offset: its page 1 is asked again with its own paging.
    return { format: shape, first: shape === "vigimmo" ? probe : null };
  }
  if (probe.status === 400 || probe.status === 422) {
    const retry = await post(
      target,
      { ...settings.query, page: 1, maxLength: settings.pageSize, withCount: true },
      signal,
    );
    if (isOk(retry.status) && shapeOf(retry.json) === "moteurimmo")
      return { format: "moteurimmo", first: retry };
    if (!isOk(retry.status)) throw httpFailure(retry, target.apiKey);
    throw new ConnectionSyncError(UNKNOWN_SHAPE);
  }
  throw httpFailure(probe, target.apiKey);
}

const pageCapMessage = `Synchronisation limitée à ${FEED_LIMITS.maxPages} pages : les annonces suivantes n'ont pas été lues`;

async function* vigimmoPages(
  target: FeedTarget,
  settings: FeedSettings,
  first: Answer | null,
  signal: AbortSignal,
): AsyncGenerator<ImportPage> {
  const sourcePlatform = `connexion:${target.id}`;
  let offset = 0;
  let answer = first;
  for (let page = 1; ; page++) {
    answer ??= await post(target, { limit: settings.pageSize, offset }, signal);
    if (!isOk(answer.status)) throw httpFailure(answer, target.apiKey);
    const parsed = vigimmoExportResponseSchema.safeParse(answer.json);
    if (!parsed.success) throw new ConnectionSyncError(UNKNOWN_SHAPE);
    const { properties, total } = parsed.data;
    const listings: ListingInput[] = [];
    const invalid: string[] = [];
    properties.forEach((raw, index) => {
      const result = vigimmoPropertyToListing(raw, sourcePlatform, offset + index + 1);
      if (result.ok) listings.push(result.listing);
      else invalid.push(result.reason);
    });
    offset += properties.length;
    // The announced total wins: a server may serve fewer than `limit` per page (its own cap).
    const finished =
      properties.length === 0 ||
      (total != null ? offset >= total : properties.length < settings.pageSize);
    const capped = !finished && page >= FEED_LIMITS.maxPages;
    if (capped) invalid.push(pageCapMessage);
    const totalPages =
      total != null
        ? Math.min(Math.max(1, Math.ceil(total / settings.pageSize)), FEED_LIMITS.maxPages)
        : undefined;
    yield { listings, invalid, totalPages: finished || capped ? page : totalPages };
    if (finished || capped) return;
    answer = null;
  }
}

async function* moteurImmoPages(
  target: FeedTarget,
  settings: FeedSettings,
  first: Answer | null,
  signal: AbortSignal,
): AsyncGenerator<ImportPage> {
  const sourcePlatform = `connexion:${target.id}`;
  let answer = first;
  let totalPages: number | undefined;
  for (let page = 1; ; page++) {
    answer ??= await post(
      target,
      {
        ...settings.query,
        page,
        maxLength: settings.pageSize,
        ...(page === 1 ? { withCount: true } : {}),
      },
      signal,
    );
    if (!isOk(answer.status)) throw httpFailure(answer, target.apiKey);
    const parsed = parseAdsResponse(answer.json, { offset: (page - 1) * settings.pageSize });
    if (!parsed.ok) throw new ConnectionSyncError(`Réponse invalide : ${parsed.reason}`);
    const { ads, invalid, received, count } = parsed.value;
    if (page === 1 && count != null)
      totalPages = Math.min(
        Math.max(1, Math.ceil(count / settings.pageSize)),
        FEED_LIMITS.maxPages,
      );
    const listings = ads.map((ad) => ({ ...adToListing(ad), sourcePlatform }));
    const finished = received < settings.pageSize;
    const capped = !finished && page >= FEED_LIMITS.maxPages;
    if (capped) invalid.push(pageCapMessage);
    yield { listings, invalid, totalPages: finished || capped ? page : totalPages };
    if (finished || capped) return;
    answer = null;
  }
}

/** Every page of a connection's feed, until a short page, the announced total or the page cap. */
export async function* connectionFeedPages(
  target: FeedTarget,
  signal: AbortSignal,
): AsyncGenerator<ImportPage> {
  const settings = feedSettings(target.config);
  const detected = settings.format
    ? { format: settings.format, first: null }
    : await detectFormat(target, settings, signal);
  if (detected.format === "vigimmo") yield* vigimmoPages(target, settings, detected.first, signal);
  else yield* moteurImmoPages(target, settings, detected.first, signal);
}
