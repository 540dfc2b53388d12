import { parseAdsResponse, parseCountResponse } from "./ad-schema";
import { reserveRequestSlot } from "./rate-limiter";
import { parseWithdrawnAdsResponse, type WithdrawnAdsPage } from "./withdrawn-ads-schema";
import { MOTEURIMMO_MAX_PAGE_LENGTH, createAbortError, type AdPage, type AdSource } from "./types";

/**
 * HTTP client of the MoteurImmo partner API (protocol: /work/shared/MOTEURIMMO.md).
 * Everything the document marks "likely" or "unknown" is a config value or a small function
 * here, so it can change without touching the import job.
 */

export type MoteurImmoErrorKind = "auth" | "network" | "invalid" | "http" | "timeout";

/** A failure of the partner API. `message` is French and never contains the API key. */
export class MoteurImmoError extends Error {
  override readonly name = "MoteurImmoError";
  readonly kind: MoteurImmoErrorKind;
  /** HTTP status when the partner answered. */
  readonly status: number | null;
  /** The partner's own explanation or the parse failure, redacted, for logs and support. */
  readonly detail: string | null;

  constructor(
    kind: MoteurImmoErrorKind,
    message: string,
    options: { status?: number; detail?: string | null; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.status = options.status ?? null;
    this.detail = options.detail ?? null;
  }
}

export type MoteurImmoClientConfig = {
  /** e.g. https://moteurimmo.fr/api (MOTEURIMMO_API_URL) */
  baseUrl: string;
  apiKey: string;
  /** Per request, body included. Pages of 1000 ads can be slow. */
  timeoutMs?: number;
  /** Retries after the first attempt, for 429, 5xx and network errors. */
  maxRetries?: number;
  /** A timed-out 1000-ad page will likely time out again: retry timeouts fewer times. */
  maxTimeoutRetries?: number;
  /** Minimum gap between two request starts (partner limit: ~300 requests/minute per key). */
  minIntervalMs?: number;
  /** First backoff delay; doubles on each retry, capped by maxBackoffMs. */
  retryBaseMs?: number;
  maxBackoffMs?: number;
  /** Cap on a server-sent Retry-After, so a bogus header cannot stall an import for hours. */
  maxRetryAfterMs?: number;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** Called before each retry wait (logging, progress messages). The error is already redacted. */
  onRetry?: (info: { attempt: number; delayMs: number; error: MoteurImmoError }) => void;
};

const DEFAULTS = {
  timeoutMs: 45_000,
  maxRetries: 4,
  maxTimeoutRetries: 1,
  minIntervalMs: 250,
  retryBaseMs: 1_000,
  maxBackoffMs: 30_000,
  maxRetryAfterMs: 60_000,
};

export const MOTEURIMMO_MESSAGES = {
  auth: "Clé API MoteurImmo refusée",
  network: "Erreur de connexion à MoteurImmo",
  invalid: "Réponse invalide",
  http: (status: number) => `Erreur de connexion à MoteurImmo (HTTP ${status})`,
  timeout: (ms: number) =>
    `Erreur de connexion à MoteurImmo : pas de réponse après ${formatDuration(ms)}`,
} as const;

function formatDuration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

/** Request fields the client owns: a caller's query cannot override them. */
const CLIENT_FIELDS = new Set(["apiKey", "page", "maxLength", "withCount"]);

type Attempt =
  | { ok: true; json: unknown }
  | { ok: false; error: MoteurImmoError; retryable: boolean; retryAfterMs: number | null };

export function createMoteurImmoClient(config: MoteurImmoClientConfig): AdSource {
  const settings = { ...DEFAULTS, ...withoutUndefined(config) };
  const apiKey = config.apiKey.trim();
  if (!apiKey) throw new Error("Clé API MoteurImmo manquante");
  const baseUrl = normaliseBaseUrl(config.baseUrl);
  const fetchImpl = config.fetchImpl ?? fetch;
  const sleep = config.sleep ?? abortableSleep;
  const now = config.now ?? Date.now;

  const redact = (text: string) => redactSecret(text, apiKey);

  // Shared by every client of the process with this key: the rate limit is per key, not per import.
  const limiterKey = `${baseUrl} ${apiKey}`;
  async function throttle(signal?: AbortSignal): Promise<void> {
    const wait = reserveRequestSlot(limiterKey, settings.minIntervalMs, now());
    if (wait > 0) await pause(wait, signal);
  }

  async function pause(ms: number, signal?: AbortSignal): Promise<void> {
    try {
      await sleep(ms, signal);
    } catch (error) {
      if (signal?.aborted) throw createAbortError(signal.reason);
      throw error;
    }
    if (signal?.aborted) throw createAbortError(signal.reason);
  }

  async function attempt(url: string, body: string, signal?: AbortSignal): Promise<Attempt> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, settings.timeoutMs);
    const onCallerAbort = () => controller.abort();
    signal?.addEventListener("abort", onCallerAbort, { once: true });
    if (signal?.aborted) controller.abort(); // aborted before the listener existed
    try {
      let status: number;
      let headers: Headers;
      let text: string;
      try {
        const response = await fetchImpl(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body,
          signal: controller.signal,
        });
        status = response.status;
        headers = response.headers;
        // Read under the same timeout: a 1000-ad body can stall after the headers.
        text = await response.text();
      } catch (error) {
        if (signal?.aborted) throw createAbortError(signal.reason);
        if (timedOut) {
          const message = MOTEURIMMO_MESSAGES.timeout(settings.timeoutMs);
          return failure(new MoteurImmoError("timeout", message), true);
        }
        const detail = error instanceof Error ? redact(describeNetworkError(error)) : null;
        const networkError = new MoteurImmoError("network", MOTEURIMMO_MESSAGES.network, {
          detail,
        });
        return failure(networkError, true);
      }
      return classify(status, headers, text);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onCallerAbort);
    }
  }

  function classify(status: number, headers: Headers, text: string): Attempt {
    if (status >= 200 && status < 300) {
      try {
        return { ok: true, json: JSON.parse(text) as unknown };
      } catch {
        const detail = `JSON illisible (HTTP ${status}) : ${redact(text).slice(0, 120)}`;
        const error = new MoteurImmoError("invalid", MOTEURIMMO_MESSAGES.invalid, {
          status,
          detail,
        });
        return failure(error, false);
      }
    }
    const detail = partnerErrorText(text, redact);
    if (status === 401 || status === 403) {
      const error = new MoteurImmoError("auth", MOTEURIMMO_MESSAGES.auth, { status, detail });
      return failure(error, false);
    }
    const error = new MoteurImmoError("http", MOTEURIMMO_MESSAGES.http(status), {
      status,
      detail,
    });
    const retryable = status === 429 || status >= 500;
    const retryAfterMs = retryable ? parseRetryAfter(headers.get("retry-after"), now()) : null;
    return failure(error, retryable, retryAfterMs);
  }

  function backoff(retryIndex: number, retryAfterMs: number | null): number {
    if (retryAfterMs !== null) return Math.min(retryAfterMs, settings.maxRetryAfterMs);
    return Math.min(settings.retryBaseMs * 2 ** retryIndex, settings.maxBackoffMs);
  }

  /** POSTs with throttling and retries; resolves with the parsed JSON body. */
  async function post(path: string, payload: Record<string, unknown>, signal?: AbortSignal) {
    const url = `${baseUrl}${path}`;
    const body = JSON.stringify({ ...payload, apiKey });
    let retries = 0;
    let timeoutRetries = 0;
    for (;;) {
      if (signal?.aborted) throw createAbortError(signal.reason);
      await throttle(signal);
      const result = await attempt(url, body, signal);
      if (result.ok) return result.json;

      const { error } = result;
      const isTimeout = error.kind === "timeout";
      const exhausted =
        retries >= settings.maxRetries ||
        (isTimeout && timeoutRetries >= settings.maxTimeoutRetries);
      if (!result.retryable || exhausted) throw error;

      const delayMs = backoff(retries, result.retryAfterMs);
      retries += 1;
      if (isTimeout) timeoutRetries += 1;
      config.onRetry?.({ attempt: retries, delayMs, error });
      await pause(delayMs, signal);
    }
  }

  return {
    mode: "live",

    async count(query, signal) {
      const json = await post(
        "/ads",
        { ...searchFields(query), withCount: true, maxLength: 1 },
        signal,
      );
      const parsed = parseCountResponse(json);
      if (!parsed.ok) throw invalidResponse(parsed.reason, redact);
      return parsed.value;
    },

    async fetchPage(query, page, maxLength, signal): Promise<AdPage> {
      checkPaging(page, maxLength);
      // The total is only asked on page 1: counting is expensive on the partner side.
      const paging = page === 1 ? { page, maxLength, withCount: true } : { page, maxLength };
      const json = await post("/ads", { ...searchFields(query), ...paging }, signal);
      const parsed = parseAdsResponse(json, { offset: (page - 1) * maxLength });
      if (!parsed.ok) throw invalidResponse(parsed.reason, redact);
      const { ads, invalid, received, count } = parsed.value;
      return { ads, invalid, received, count: page === 1 ? count : null };
    },

    async fetchWithdrawnPage(query, page, maxLength, signal): Promise<WithdrawnAdsPage> {
      checkPaging(page, maxLength);
      const json = await post("/deletedAds", { ...searchFields(query), page, maxLength }, signal);
      const parsed = parseWithdrawnAdsResponse(json);
      if (!parsed.ok) throw invalidResponse(parsed.reason, redact);
      return parsed.value;
    },
  };
}

function checkPaging(page: number, maxLength: number) {
  if (!Number.isInteger(page) || page < 1) {
    throw new RangeError(`Numéro de page invalide : ${page}`);
  }
  if (!Number.isInteger(maxLength) || maxLength < 1 || maxLength > MOTEURIMMO_MAX_PAGE_LENGTH) {
    throw new RangeError(`Taille de page invalide : ${maxLength} (1 à ${MOTEURIMMO_MAX_PAGE_LENGTH})`);
  }
}

function failure(
  error: MoteurImmoError,
  retryable: boolean,
  retryAfterMs: number | null = null,
): Attempt {
  return { ok: false, error, retryable, retryAfterMs };
}

function invalidResponse(reason: string, redact: (text: string) => string): MoteurImmoError {
  return new MoteurImmoError("invalid", MOTEURIMMO_MESSAGES.invalid, { detail: redact(reason) });
}

function searchFields(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([key]) => !CLIENT_FIELDS.has(key)));
}

function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`URL de l'API MoteurImmo invalide : ${raw}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`URL de l'API MoteurImmo invalide : ${raw}`);
  }
  return url.toString().replace(/\/+$/, "");
}

/**
 * Removes the key from any text that may reach a message or a log: partners and proxies
 * sometimes echo the request body. Covers the raw, JSON-escaped and URL-encoded forms.
 */
export function redactSecret(text: string, secret: string): string {
  if (!secret) return text;
  const forms = new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]);
  let result = text;
  for (const form of forms) result = result.split(form).join("***");
  return result;
}

/** `{ "error": "..." }` is the likely error shape; fall back to the start of the body. */
function partnerErrorText(text: string, redact: (text: string) => string): string | null {
  let message = text;
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json === "object" && json !== null && "error" in json) {
      const value = (json as { error: unknown }).error;
      message = typeof value === "string" ? value : JSON.stringify(value);
    }
  } catch {
    // not JSON: keep the raw text
  }
  const trimmed = redact(message.trim()).slice(0, 300);
  return trimmed === "" ? null : trimmed;
}

function describeNetworkError(error: Error): string {
  const cause = error.cause instanceof Error ? `${error.cause.message}` : "";
  return cause ? `${error.message} (${cause})` : error.message;
}

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(createAbortError(signal.reason));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(createAbortError(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}
