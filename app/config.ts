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
export const OWNER_CREATED_RELOAD_MS = 1500;
export const USAGE_HISTORY = { rows: 50, days: 30 } as const;
export const EXPORT_KEY_PREFIX = "efi_";
export const EXPORT_KEY_RANDOM_LENGTH = 32;
export const IMPORT_CONNECTION_KEY_PREFIX = "pk_";
export const MASKED_KEY = "•".repeat(32);
export const MOTEURIMMO_CONNECTION_CHECK = { types: ["rental"], maxLength: 1 } as const;
export const MARKETING = {
  listings: "50k+",
  platforms: "15+",
  installMinutes: 5,
  supportHours: 2,
} as const;

/** Our own operational limits (not in SPEC.md). */
/** /moderation's measured quality: decisions of the last `days`, shown from `minDecisions` on. */
export const MODERATION_QUALITY = { days: 90, minDecisions: 30 } as const;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A job whose heartbeat is older than this is considered dead. */
export const JOB_LEASE_MS = 20_000;
export const JOB_HEARTBEAT_MS = 5_000;
export const JOB_SWEEP_INTERVAL_MS = 10_000;
