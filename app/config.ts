/** Business constants of SPEC.md section 9: the one place they are defined. */
export const MODERATION_BATCH_SIZE = 100;
export const MODERATION_MAX_BATCHES = 200;
export const DUPLICATE_DELETE_CHUNK = 100;
export const LISTINGS_PAGE_SIZE = 50;
export const MODERATION_PAGE_SIZE = 20;
export const DESCRIPTION_MIN_LENGTH = 10;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const PASSWORD_MIN_LENGTH = 6;
export const EMAIL_MAX_LENGTH = 255;
export const IMPORT_PAGES = { min: 1, max: 20, default: 20 } as const;
export const IMPORT_PER_PAGE = { min: 1, max: 1000, default: 1000 } as const;
export const JOB_POLL_INTERVAL_MS = 500;
export const AUTO_IMPORT_DELAY_MS = 1000;
export const USAGE_HISTORY = { rows: 50, days: 30 } as const;
export const EXPORT_KEY_PREFIX = "efi_";
export const EXPORT_KEY_RANDOM_LENGTH = 32;
export const IMPORT_CONNECTION_KEY_PREFIX = "pk_";
export const MASKED_KEY = "•".repeat(32);
export const MOTEURIMMO_CONNECTION_CHECK = { types: ["rental"], maxLength: 1 } as const;

/** Our own operational limits (not in SPEC.md). */
/** /moderation's measured quality: decisions of the last `days`, shown from `minDecisions` on. */
export const MODERATION_QUALITY = { days: 90, minDecisions: 30 } as const;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A user's last activity is written at most this often (one write per user, not per request). */
export const USER_ACTIVITY_RESOLUTION_MS = 5 * 60 * 1000;
/** Inactivity that ends a visit: the next request starts a new one (/dashboard's "Nouveautés"). */
export const VISIT_GAP_MS = 30 * 60 * 1000;
/** Pages of 1 000 withdrawn ads read per import at most (POST /deletedAds, issue 14). */
export const WITHDRAWN_ADS_MAX_PAGES = 20;
/** Price changes listed on a listing's page (its history chart and table). */
export const PRICE_HISTORY_SHOWN = 50;
/** Rows per page of the administrators' user list. */
export const ADMIN_USERS_PAGE_SIZE = 20;
/** A job whose heartbeat is older than this is considered dead. */
export const JOB_LEASE_MS = 20_000;
export const JOB_HEARTBEAT_MS = 5_000;
export const JOB_SWEEP_INTERVAL_MS = 10_000;
/** How often the server asks whether a compliance re-check is due (a rule's date passed, a new checker). */
export const COMPLIANCE_RECHECK_INTERVAL_MS = 60 * 60 * 1000;
/**
 * Hostile-input limits of every form post except the file import (which streams its own 10 MB
 * cap): the body is refused past FORM_MAX_BYTES before it is read whole, and a form with more
 * fields, or names that would build deep or sparse structures, is refused before conform parses
 * it (its parse copies arrays at every repeat of a name and serialises sparse indexes in full).
 */
export const FORM_LIMITS = { maxBytes: 64 * 1024, maxFields: 200, maxNameLength: 100, maxNameDepth: 4 } as const;
/**
 * How long the server waits for what a client sends (issue 23 item 12; Node's default is 300 s
 * for the whole request). `headersMs`: the request line and headers. `formBodyMs`: a form body
 * (64 KB at most, so 3 KB/s is enough), cut by the server's body reader. `requestMs`: the whole
 * request, which only the file import's streamed upload can need: 10 MB in 150 s is a 560 kbit/s
 * uplink (an old ADSL line). `checkIntervalMs`: how often Node looks for requests past them.
 */
export const CLIENT_TIMEOUTS = { headersMs: 20_000, formBodyMs: 20_000, requestMs: 150_000, checkIntervalMs: 2_000 } as const;
/**
 * File uploads read at once (issue 23 item 7): each holds up to 10 MB of upload and its parsed
 * rows until its import job starts, so one per account and four in the process, answered 429
 * (retry after `retryAfterSeconds`) past them before anything is read.
 */
export const FILE_UPLOADS = {
  perUser: 1,
  total: 4,
  retryAfterSeconds: 10,
  messages: {
    perUser: "Un envoi de fichier est déjà en cours pour votre compte : attendez qu'il se termine.",
    total: "Trop d'envois de fichiers en cours sur le serveur : réessayez dans quelques secondes.",
  },
} as const;
/**
 * Bounds of every list a loader returns (docs/decisions/009-dependency-audit.md): single fetch
 * encodes loader data synchronously, so no screen may return a list that grows without limit.
 */
/** Rows /properties returns at most: 'Charger plus d'annonces' stops there, since re-reading more rows per click would get slow. */
export const LISTINGS_MAX_LIMIT = 2000;
/**
 * Pages of MODERATION_PAGE_SIZE the /moderation queue shows at most (and the bulk decisions
 * cover): 2 000 cards, measured within the 50 ms encode budget (`npm run bench:encode`); 250
 * pages were not.
 */
export const MODERATION_MAX_PAGES = 100;
/** API connections of one user: creation is refused past it. */
export const CONNECTIONS_MAX_PER_USER = 50;
/** Export keys listed on /export-api-keys (newest first); older ones are counted, not listed. */
export const EXPORT_KEYS_SHOWN = 100;
/** A user's own key requests listed on /request-api-key (newest first). */
export const KEY_REQUESTS_SHOWN = 50;
/** Key requests of each status listed on /admin-api-requests (newest first). */
export const ADMIN_KEY_REQUESTS_SHOWN = 100;
/** Pictures and features of one listing on its page (imports may bring more). */
export const LISTING_DETAIL_MAX = { images: 50, features: 60 } as const;
/** /compte (docs/decisions/018-account.md). */
/** A session's last use is written at most this often (one write a minute per session, not per request). */
export const SESSION_LAST_USED_RESOLUTION_MS = 60 * 1000;
/** Sessions listed on /compte (newest use first); a user rarely has more. */
export const ACCOUNT_SESSIONS_SHOWN = 50;
/** A forgotten-password link works once, within this delay. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/**
 * The forgotten-password form answers no sooner than this, whether the e-mail exists or not, so
 * that the time taken (mail sent or not) does not tell which addresses have an account.
 */
export const PASSWORD_RESET_MIN_ANSWER_MS = 400;
/**
 * Forgotten-password requests: per requester address (IPv6 by /64), and per address and e-mail,
 * in this window; and at most `openLinks` open links per account, past which no mail is sent
 * (docs/decisions/018-account.md). Nothing is counted per e-mail alone: whoever asks for someone
 * else's e-mail must not be able to deny its owner a reset.
 */
export const PASSWORD_RESET_LIMIT = { perIp: 20, perIpAndEmail: 5, openLinks: 5, windowMs: 60 * 60 * 1000 } as const;
/**
 * Retention of listing owners' name and e-mail (docs/rgpd.md): deleted once the listing has been
 * rejected (blacklisted) for `rejectedDays`, or unchanged for `unchangedDays`.
 */
export const OWNER_RETENTION = { rejectedDays: 30, unchangedDays: 365 } as const;
/**
 * Retention of the tables that grow with use (issue 30, docs/decisions/024-bounded-growth.md),
 * applied once a day (`intervalMs`) by the retention job in chunks of `chunk` rows:
 * - export API calls (api_usage_logs): 400 days, a year of history plus a month for yearly
 *   comparisons (the screens show 30 and 90 days);
 * - finished jobs of every kind: 90 days (each account's latest job of a kind, and its latest
 *   completed one, always stay: screens and schedules read them);
 * - price changes of listings the partner withdrew more than 90 days ago;
 * - export change feed (export_events): 30 days; a feed position older than what is kept answers
 *   410 with `resync_required` (the latest event always stays: it carries the feed's position);
 * - sessions and password-reset links as soon as they expire;
 * - webhook batches delivered or given up on, once the feed no longer holds their events (the
 *   same 30 days: "Renvoyer" rebuilds a batch from its events); pending ones always stay.
 */
export const RETENTION = {
  apiUsageLogsDays: 400,
  finishedJobsDays: 90,
  withdrawnPriceChangesDays: 90,
  exportEventsDays: 30,
  webhookDeliveriesDays: 30,
  chunk: 1000,
  intervalMs: 24 * 60 * 60 * 1000,
} as const;
/** How often the server looks for owners past their retention (once at start, then this often). */
export const OWNER_PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Wrong current passwords typed on /compte (password change, deletion) per account in this window. */
export const PASSWORD_CHECK_LIMIT = { perUser: 10, windowMs: 15 * 60 * 1000 } as const;
/**
 * Search zones (issue 14): bounds of one zone's criteria, zones per user, runs shown in a card's
 * history. The partner's body stays small and the /prospection loader bounded.
 */
export const ZONE_LIMITS = {
  maxZonesPerUser: 50,
  nameLength: 80,
  maxDepartments: 20,
  maxCommunes: 50,
  maxKeywords: 10,
  keywordLength: 60,
  maxAmount: 100_000_000,
  historyRuns: 10,
  communeSuggestions: 10,
} as const;
/**
 * The zone scheduler (docs/decisions/019-prospecting-zones.md): how often it looks for due zones,
 * and how many zone runs may be open at once in the process (the job queue runs two jobs).
 */
/** Hours between two scheduled runs of a zone (the check of search_zones.frequency_hours says the same). */
export const ZONE_FREQUENCY_HOURS = [1, 6, 12, 24] as const;
export const ZONE_SCHEDULER = { tickMs: 60_000, maxConcurrentRuns: 2 } as const;

/**
 * Webhooks of export connections (issue 18, docs/decisions/022-change-feed-webhooks.md): events
 * per POST, how long one POST may take, the retry schedule (doubling from `firstRetryMs` up to
 * `maxRetryMs`, given up `giveUpAfterMs` after the batch was cut), how often the scheduler looks
 * for work, and how many deliveries a card shows / a connection keeps.
 */
export const WEBHOOKS = {
  maxEvents: 500,
  timeoutMs: 10_000,
  maxResponseBytes: 64 * 1024,
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60 * 1000,
  giveUpAfterMs: 24 * 60 * 60 * 1000,
  batchesPerRun: 20,
  scheduleIntervalMs: 2_000,
  shownDeliveries: 5,
  keptDeliveries: 100,
  /** Failed attempts in a row that pause a connection's webhooks (30 s doubling: about 2 h of failures). */
  pauseAfterFailures: 8,
  /** Batches waiting for a receiver, per connection: later events stay in the log until they go. */
  maxPendingBatches: 20,
} as const;
/**
 * Export API: bytes the pages keep in memory (docs/decisions/023-export-speed.md): listing
 * documents (both forms of a listing, ≈ 3.6 KB: 64 MB hold ≈ 18 000 listings) and joined pages
 * (≈ 90 KB for 50 listings: 16 MB hold ≈ 180 pages).
 */
/**
 * A streamed export's slowest client (issue 23 item 4): after `graceMs`, the bytes sent must have
 * been taken at `bytesPerSecond` on average, or the stream is cut and its place freed. 64 KB/s
 * takes the 180 MB of 100 000 listings in under an hour; a stalled reader is cut after ~10 s.
 */
export const EXPORT_STREAM_FLOOR = { bytesPerSecond: 64 * 1024, graceMs: 10_000 } as const;
export const EXPORT_PAGE_CACHE = { documentBytes: 64 * 1024 * 1024, pageBytes: 16 * 1024 * 1024 } as const;
/** Charts of /dashboard and /admin: the periods offered (in Paris days) and the one shown by default. */
export const CHART_PERIODS = [7, 30, 90] as const;
export const CHART_DEFAULT_PERIOD = 30;
/** Open dashboards re-read their figures this often while the tab is visible ("temps réel"). */
export const CHART_REFRESH_MS = 30_000;
/**
 * /admin's price per m² quartiles over every account are recomputed this often by a periodic task
 * (a sort of every active price of the platform: too costly per request, issue 30).
 */
export const CHART_PRICES_REFRESH_MS = 5 * 60 * 1000;
/** Cities of the price per m² chart, API keys of /admin's busiest keys, sources before 'Autres'. */
export const CHART_TOP = { cities: 10, keys: 10, sources: 5 } as const;
