import { sql } from "drizzle-orm";
import {
  blob,
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { listingFieldColumns } from "./listing-columns";

/** Dates are stored as epoch milliseconds; Drizzle hands them back as Date objects. */
const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const createdAt = (name = "created_at") =>
  timestamp(name)
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
const uuid = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const LISTING_STATUSES = ["pending", "suspicious", "active", "rejected"] as const;
export const JOB_STATUSES = ["pending", "processing", "completed", "failed", "cancelled"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const COMPLIANCE_STATUSES = ["conforme", "a_completer", "non_conforme"] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];
export type JobStatus = (typeof JOB_STATUSES)[number];

export const users = sqliteTable("users", {
  id: uuid(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
  /** Last signed-in request, to within USER_ACTIVITY_RESOLUTION_MS (the admin user list). */
  lastActiveAt: timestamp("last_active_at"),
  /** Last visit of /export-api-keys: a key request decided after it puts a badge on the menu. */
  keyDecisionsSeenAt: timestamp("key_decisions_seen_at"),
  /** Last activity of the previous visit (a gap of VISIT_GAP_MS starts a new one): /dashboard's
   * "Nouveautés" show what arrived since then. */
  previousVisitAt: timestamp("previous_visit_at"),
});

/** Kept apart from users so that no query that reads a user can leak a hash by accident. */
export const passwords = sqliteTable("passwords", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  hash: text("hash").notNull(),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
    /** The browser's User-Agent at sign-in, shown on /compte as "Chrome sur Linux". */
    userAgent: text("user_agent"),
    /** Last request of this session, to within SESSION_LAST_USED_RESOLUTION_MS (/compte). */
    lastUsedAt: timestamp("last_used_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expiry_idx").on(t.expiresAt)],
);

/** Forgotten-password links: only the SHA-256 of the token is stored; a link works once. */
export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId), index("password_reset_tokens_expiry_idx").on(t.expiresAt)],
);

export const profiles = sqliteTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fullName: text("full_name").notNull(),
  companyName: text("company_name"),
  email: text("email").notNull(),
});

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "user"] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check("user_roles_role_check", sql`${t.role} in ('admin', 'user')`),
  ],
);

export const properties = sqliteTable(
  "properties",
  {
    // An INTEGER PRIMARY KEY is the rowid, which the FTS5 index (migration 0001) points at.
    id: integer("id").primaryKey({ autoIncrement: true }),
    // The listing's own fields (title, price, address...) are declared once, in the listing field
    // table (app/services/listings/listing-fields.ts, issue 26).
    ...listingFieldColumns(),
    sourcePlatform: text("source_platform").notNull(),
    sourcePlatformId: text("source_platform_id"),
    status: text("status", { enum: LISTING_STATUSES }).notNull().default("pending"),
    aiCheckedAt: timestamp("ai_checked_at"),
    aiFlagReason: text("ai_flag_reason"),
    aiConfidence: real("ai_confidence"),
    /** Version of the fitted moderation model that produced the verdict (model.ts). */
    aiEngineVersion: text("ai_engine_version"),
    /** Set when the partner lists the ad among its withdrawn ones (issue 14): the listing keeps
     * its status and history but leaves the default lists and the export. */
    withdrawnAt: timestamp("withdrawn_at"),
    /** Verdict of the French advertising rules checker (issue 15), separate from moderation. */
    complianceStatus: text("compliance_status", { enum: COMPLIANCE_STATUSES }),
    complianceCheckedAt: timestamp("compliance_checked_at"),
    /** JSON array of findings, each with at least `code` and `message` (the export copies those two). */
    complianceFindings: text("compliance_findings"),
    createdAt: createdAt(),
    updatedAt: createdAt("updated_at"),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("properties_owner_status_created_idx").on(t.createdBy, t.status, t.createdAt, t.id),
    index("properties_owner_created_idx").on(t.createdBy, t.createdAt, t.id),
    index("properties_owner_city_idx").on(t.createdBy, t.city),
    index("properties_owner_type_idx").on(t.createdBy, t.propertyType),
    // Counts by status and the moderation queue read its prefix; price and surface make it cover
    // the sorted /properties lists (ranked on the index alone, issue 17) at no extra index write.
    index("properties_owner_status_confidence_sort_idx").on(t.createdBy, t.status, t.aiConfidence, t.price, t.surfaceArea),
    index("properties_owner_transaction_idx").on(t.createdBy, t.transactionType),
    // Counts by compliance status (dashboard, /admin) and the /properties compliance filter.
    index("properties_owner_compliance_idx").on(t.createdBy, t.complianceStatus),
    uniqueIndex("properties_source_unique_idx").on(t.createdBy, t.sourcePlatform, t.sourcePlatformId),
    index("properties_status_created_idx").on(t.status, t.createdAt, t.id),
    index("properties_created_idx").on(t.createdAt),
    // Withdrawn listings are few: a partial index gives their ids (excluded from the default
    // lists), their count per status and the dashboard's "since" count without reading rows.
    index("properties_owner_withdrawn_idx")
      .on(t.createdBy, t.status, t.withdrawnAt)
      .where(sql`${t.withdrawnAt} is not null`),
    // The charts (issue 16) count per Paris day by stepping through an index range, with no
    // sort: imports of each source by creation day, the engine's verdicts (flagged or not) by the
    // day they were given, and the price per m² of each city's listings in order (its quartiles are
    // read at their rank), all on the index alone. The first one replaces (created_by,
    // source_platform), its prefix: the dashboard's file-import count seeks it the same way.
    index("properties_owner_source_created_idx").on(t.createdBy, t.sourcePlatform, t.createdAt),
    index("properties_owner_verdict_checked_idx").on(t.createdBy, sql`(${t.aiFlagReason} is not null)`, t.aiCheckedAt),
    index("properties_owner_city_price_m2_idx").on(t.createdBy, t.status, t.transactionType, t.city, sql`(${t.price} / ${t.surfaceArea})`),
    check(
      "properties_status_check",
      sql`${t.status} in ('pending', 'suspicious', 'active', 'rejected')`,
    ),
    check("properties_transaction_check", sql`${t.transactionType} in ('sale', 'rental')`),
    check(
      "properties_confidence_check",
      sql`${t.aiConfidence} is null or (${t.aiConfidence} >= 0 and ${t.aiConfidence} <= 1)`,
    ),
  ],
);

/**
 * The export API's copy of every active listing, already serialised as its JSON document
 * (UTF-8 bytes), in export order. Written only by the triggers of migration 0004, which also
 * define the document (view export_listing_documents): the API then copies bytes instead of
 * building JSON per call (docs/decisions/007-export-api.md).
 */
export const exportDocuments = sqliteTable(
  "export_documents",
  {
    propertyId: integer("property_id").primaryKey(),
    createdAt: integer("created_at").notNull(),
    /** The listing's account: its own keys get `doc`, every other key `publicDoc` (owner null). */
    userId: text("user_id"),
    doc: blob("doc", { mode: "buffer" }).notNull(),
    publicDoc: blob("public_doc", { mode: "buffer" }),
    /** When the document's bytes last changed (epoch ms); both documents end with it as `updated_at`. */
    updatedAt: integer("updated_at").notNull().default(0),
    /** The export_events seq of that change: the change feed's keyset position (issue 18). */
    changeSeq: integer("change_seq").notNull().default(0),
  },
  (t) => [
    index("export_documents_order_idx").on(t.createdAt, t.propertyId),
    index("export_documents_change_idx").on(t.changeSeq),
  ],
);

export const EXPORT_EVENT_TYPES = ["activated", "updated", "removed"] as const;
export type ExportEventType = (typeof EXPORT_EVENT_TYPES)[number];

/**
 * Append-only log of the export's changes, written by the triggers on export_documents in the
 * writing transaction (migration 0016): the change feed's `removed` array and the webhook
 * batches read it. `seq` follows commit order (one writer at a time), `occurred_at` never
 * decreases along it (docs/decisions/022-change-feed-webhooks.md).
 */
export const exportEvents = sqliteTable(
  "export_events",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    propertyId: integer("property_id").notNull(),
    type: text("type", { enum: EXPORT_EVENT_TYPES }).notNull(),
    occurredAt: integer("occurred_at").notNull(),
  },
  (t) => [
    index("export_events_property_idx").on(t.propertyId, t.seq),
    // updatedSince finds its starting seq by instant.
    index("export_events_occurred_idx").on(t.occurredAt),
  ],
);

/**
 * Every new price an import saw for a known listing (issue 14). The user id is copied from the
 * listing so that a user's recent changes are read on one index (badges, filter, Nouveautés).
 */
export const priceChanges = sqliteTable(
  "price_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    changedAt: timestamp("changed_at").notNull(),
    oldPrice: real("old_price").notNull(),
    newPrice: real("new_price").notNull(),
  },
  (t) => [
    index("price_changes_property_idx").on(t.propertyId, t.changedAt),
    index("price_changes_user_idx").on(t.userId, t.changedAt),
  ],
);

export const propertyOwners = sqliteTable("property_owners", {
  id: uuid(),
  propertyId: integer("property_id")
    .notNull()
    .unique()
    .references(() => properties.id, { onDelete: "cascade" }),
  firstName: text("first_name"),
  lastName: text("last_name"),
  email: text("email"),
  phone: text("phone"),
  /** Generated by the administrators' test tools (SPEC.md 'assign-owners'): never leaves the app
   * (the export view joins real owners only, issue 24 item 3). */
  fictitious: integer("fictitious", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
});

export const apiConnections = sqliteTable(
  "api_connections",
  {
    id: uuid(),
    name: text("name").notNull(),
    platformType: text("platform_type").notNull(),
    apiType: text("api_type", { enum: ["import", "export"] }).notNull(),
    apiEndpoint: text("api_endpoint").notNull(),
    /** AES-256-GCM ciphertext of the partner key (never stored in clear). */
    apiKeyCipher: text("api_key_cipher"),
    config: text("config", { mode: "json" }).$type<unknown>(),
    status: text("status", { enum: ["active", "inactive", "error"] })
      .notNull()
      .default("inactive"),
    /** French reason of the last failure, shown beside 'Erreur'. */
    statusMessage: text("status_message"),
    totalSynced: integer("total_synced").notNull().default(0),
    lastSync: timestamp("last_sync"),
    /** Export connections: the last export_events seq already cut into a webhook batch (issue 18). */
    webhookSeq: integer("webhook_seq").notNull().default(0),
    /** Export connections: failed webhook attempts in a row (reset by a delivery); WEBHOOKS.pauseAfterFailures pauses. */
    webhookFailures: integer("webhook_failures").notNull().default(0),
    /** Export connections: when webhooks were paused after repeated failures (ms); null while they run. */
    webhookPausedAt: integer("webhook_paused_at"),
    createdAt: createdAt(),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("api_connections_owner_idx").on(t.createdBy, t.createdAt),
    check("api_connections_type_check", sql`${t.apiType} in ('import', 'export')`),
    check("api_connections_status_check", sql`${t.status} in ('active', 'inactive', 'error')`),
  ],
);

export const exportApiKeys = sqliteTable(
  "export_api_keys",
  {
    id: uuid(),
    /** SHA-256 of the key, for lookup by the export API. */
    keyHash: text("key_hash").notNull().unique(),
    /** AES-256-GCM ciphertext, so the owner can reveal and copy the key. */
    keyCipher: text("key_cipher").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    status: text("status", { enum: ["active", "inactive"] }).notNull().default("active"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at"),
  },
  (t) => [
    index("export_api_keys_user_idx").on(t.userId, t.createdAt),
    check("export_api_keys_status_check", sql`${t.status} in ('active', 'inactive')`),
  ],
);

export const apiUsageLogs = sqliteTable(
  "api_usage_logs",
  {
    id: uuid(),
    /** Null once the key is deleted: the history then shows 'Clé supprimée'. */
    apiKeyId: text("api_key_id").references(() => exportApiKeys.id, { onDelete: "set null" }),
    /**
     * The key's owner, kept so the history survives the key's deletion; null once the account is
     * deleted (the call stays in the platform's figures, anonymised: docs/decisions/018-account.md).
     */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    propertiesCount: integer("properties_count").notNull(),
    limitRequested: integer("limit_requested"),
    offsetRequested: integer("offset_requested").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("api_usage_logs_user_created_idx").on(t.userId, t.createdAt),
    index("api_usage_logs_created_idx").on(t.createdAt),
  ],
);

export const apiKeyRequests = sqliteTable(
  "api_key_requests",
  {
    id: uuid(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyName: text("company_name").notNull(),
    description: text("description"),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at"),
    rejectionReason: text("rejection_reason"),
    exportKeyId: text("export_key_id").references(() => exportApiKeys.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index("api_key_requests_user_idx").on(t.userId, t.createdAt),
    index("api_key_requests_status_idx").on(t.status, t.createdAt),
    check(
      "api_key_requests_status_check",
      sql`${t.status} in ('pending', 'approved', 'rejected')`,
    ),
  ],
);

export const userStatistics = sqliteTable("user_statistics", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  propertiesExported: integer("properties_exported").notNull().default(0),
  lastImportDate: timestamp("last_import_date"),
  lastExportDate: timestamp("last_export_date"),
});

/** Columns shared by both job tables: the lease lets a restarted server fail a dead worker's job. */
const jobColumns = () => ({
  id: uuid(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  status: text("status", { enum: JOB_STATUSES }).notNull().default("pending"),
  errors: text("errors", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  message: text("message"),
  workerId: text("worker_id"),
  heartbeatAt: timestamp("heartbeat_at"),
  createdAt: createdAt(),
  startedAt: timestamp("started_at"),
  finishedAt: timestamp("finished_at"),
});

export const importJobs = sqliteTable(
  "import_jobs",
  {
    ...jobColumns(),
    /** 'moteurimmo' | 'demo' | 'fichier' | 'connexion' */
    source: text("source").notNull(),
    connectionId: text("connection_id").references(() => apiConnections.id, {
      onDelete: "set null",
    }),
    params: text("params", { mode: "json" }).$type<Record<string, unknown>>(),
    currentPage: integer("current_page").notNull().default(0),
    totalPages: integer("total_pages").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    /** Known listings the partner reported withdrawn during this run (issue 14). */
    withdrawn: integer("withdrawn").notNull().default(0),
    /** Known listings whose price went down during this run (issue 14). */
    priceDrops: integer("price_drops").notNull().default(0),
    totalProcessed: integer("total_processed").notNull().default(0),
    /** Column of `properties` → how many known listings this run changed it in (issue 24 item 2). */
    changedFields: text("changed_fields", { mode: "json" }).$type<Record<string, number>>().notNull().default(sql`'{}'`),
    /** The search zone this run imported (issue 14); null for a manual import, a file, a connection. */
    zoneId: text("zone_id").references(() => searchZones.id, { onDelete: "set null" }),
    /** Values left out of imported rows (a picture at an ftp:// address…): the rows themselves
     * were imported, so these are not errors (issue 24 item 8). */
    warnings: text("warnings", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  },
  (t) => [
    index("import_jobs_user_idx").on(t.userId, t.createdAt),
    index("import_jobs_zone_idx").on(t.zoneId, t.createdAt),
    index("import_jobs_status_idx").on(t.status),
    check(
      "import_jobs_status_check",
      sql`${t.status} in ('pending', 'processing', 'completed', 'failed', 'cancelled')`,
    ),
  ],
);

export const moderationJobs = sqliteTable(
  "moderation_jobs",
  {
    ...jobColumns(),
    /** 'pending' (the user's pending listings), 'ids' (given listings), 'reanalyze' (suspicious without confidence) */
    mode: text("mode", { enum: ["pending", "ids", "reanalyze"] }).notNull(),
    /** `rescore`: the given ids are validated listings an import changed (issue 25 section 4). */
    params: text("params", { mode: "json" }).$type<{ ids?: number[]; auto?: boolean; rescore?: boolean }>(),
    batches: integer("batches").notNull().default(0),
    total: integer("total").notNull().default(0),
    moderated: integer("moderated").notNull().default(0),
    flagged: integer("flagged").notNull().default(0),
    remaining: integer("remaining").notNull().default(0),
  },
  (t) => [
    index("moderation_jobs_user_idx").on(t.userId, t.createdAt),
    index("moderation_jobs_status_idx").on(t.status),
    check(
      "moderation_jobs_status_check",
      sql`${t.status} in ('pending', 'processing', 'completed', 'failed', 'cancelled')`,
    ),
    check("moderation_jobs_mode_check", sql`${t.mode} in ('pending', 'ids', 'reanalyze')`),
  ],
);

/**
 * Purges of one account's listing owners (name, e-mail) past the retention rule of docs/rgpd.md,
 * started daily by the scheduler (app/services/account/owner-purge-schedule.server.ts).
 */
export const ownerPurgeJobs = sqliteTable(
  "owner_purge_jobs",
  {
    ...jobColumns(),
    purged: integer("purged").notNull().default(0),
  },
  (t) => [
    index("owner_purge_jobs_user_idx").on(t.userId, t.createdAt),
    index("owner_purge_jobs_status_idx").on(t.status),
    check(
      "owner_purge_jobs_status_check",
      sql`${t.status} in ('pending', 'processing', 'completed', 'failed', 'cancelled')`,
    ),
  ],
);

/**
 * Re-checks of every listing against the advertising rules (issue 15): started when the
 * checker's version changed or a rule's date has passed since the last completed run, or by an
 * administrator. `as_of` is the law day the run checked against.
 */
export const complianceJobs = sqliteTable(
  "compliance_jobs",
  {
    ...jobColumns(),
    checkerVersion: text("checker_version").notNull(),
    asOf: text("as_of").notNull(),
    total: integer("total").notNull().default(0),
    checked: integer("checked").notNull().default(0),
    /** Listings whose verdict changed (only those are written). */
    changed: integer("changed").notNull().default(0),
  },
  (t) => [
    index("compliance_jobs_user_idx").on(t.userId, t.createdAt),
    index("compliance_jobs_status_idx").on(t.status, t.createdAt),
    check(
      "compliance_jobs_status_check",
      sql`${t.status} in ('pending', 'processing', 'completed', 'failed', 'cancelled')`,
    ),
  ],
);

/** Refits of the moderation model (`npm run moderation:fit`); the latest one scores new runs. */
export const moderationModels = sqliteTable("moderation_models", {
  version: text("version").primaryKey(),
  /** The whole EngineModel (weights, bias, threshold, cross-validated figures). */
  model: text("model").notNull(),
  createdAt: createdAt(),
});

/**
 * An agent's Valider / Blacklister on a listing the engine had scored: a label for the next fit
 * and the measure of the engine's quality (/moderation), with what the engine said at the time.
 */
export const moderationDecisions = sqliteTable(
  "moderation_decisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    decision: text("decision", { enum: ["active", "rejected"] }).notNull(),
    engineVersion: text("engine_version"),
    confidence: real("confidence").notNull(),
    /** Whether the engine had flagged it (status 'suspicious' with a confidence). */
    flagged: integer("flagged", { mode: "boolean" }).notNull(),
    decidedAt: createdAt("decided_at"),
  },
  (t) => [
    index("moderation_decisions_user_idx").on(t.userId, t.decidedAt),
    // The quality figures count each listing's latest decision (a corrected one counts once).
    index("moderation_decisions_listing_idx").on(t.listingId, t.id),
    index("moderation_decisions_decided_idx").on(t.decidedAt),
    check("moderation_decisions_decision_check", sql`${t.decision} in ('active', 'rejected')`),
  ],
);

/**
 * A validated listing re-scored by an import that changed its price or description (issue 25
 * section 4): its moderation history keeps what the engine said then, and what it became.
 */
export const listingRechecks = sqliteTable(
  "listing_rechecks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    importJobId: text("import_job_id").references(() => importJobs.id, { onDelete: "set null" }),
    /** 'active' (kept) or 'suspicious' (flagged by the engine). */
    status: text("status", { enum: LISTING_STATUSES }).notNull(),
    confidence: real("confidence"),
    reason: text("reason"),
    checkedAt: createdAt("checked_at"),
  },
  (t) => [index("listing_rechecks_listing_idx").on(t.listingId, t.checkedAt)],
);

/**
 * Every human change of a listing's status, in order: Valider / Blacklister (one or in bulk), a
 * corrected decision and a report as a scam after validation (issue 24 item 5, issue 25 §4). The
 * listing's page shows it; its latest row per listing is the agents' label for
 * `npm run moderation:fit`, scored by the engine or not (moderation_decisions, beside it, only
 * measures the engine against the agents).
 */
export const listingDecisions = sqliteTable(
  "listing_decisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** Null once the deciding user's account is deleted: the history stays with the listing. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    fromStatus: text("from_status", { enum: LISTING_STATUSES }).notNull(),
    toStatus: text("to_status", { enum: ["active", "rejected"] }).notNull(),
    kind: text("kind", { enum: ["decision", "correction", "report"] }).notNull(),
    reason: text("reason"),
    decidedAt: createdAt("decided_at"),
  },
  (t) => [
    index("listing_decisions_listing_idx").on(t.listingId, t.id),
    check("listing_decisions_kind_check", sql`${t.kind} in ('decision', 'correction', 'report')`),
    check("listing_decisions_to_status_check", sql`${t.toStatus} in ('active', 'rejected')`),
  ],
);

/**
 * A user's search zone on /prospection (issue 14): partner criteria and a schedule. Its runs are
 * import jobs carrying its id; `next_run_at` is the scheduler's only state (null: manual).
 */
export const searchZones = sqliteTable(
  "search_zones",
  {
    id: uuid(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** ZoneCriteria (app/services/prospecting/criteria.ts), validated on every read. */
    criteria: text("criteria", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** Hours between two scheduled runs (ZONE_FREQUENCY_HOURS of app/config.ts); null: manual only. */
    frequencyHours: integer("frequency_hours"),
    autoModeration: integer("auto_moderation", { mode: "boolean" }).notNull().default(false),
    nextRunAt: timestamp("next_run_at"),
    createdAt: createdAt(),
    updatedAt: createdAt("updated_at"),
  },
  (t) => [
    index("search_zones_user_idx").on(t.userId, t.createdAt),
    index("search_zones_next_run_idx").on(t.nextRunAt),
    check("search_zones_frequency_check", sql`${t.frequencyHours} is null or ${t.frequencyHours} in (1, 6, 12, 24)`),
  ],
);

/** Which zone brought which listing: filled by zone runs, read by the /properties zone filter. */
export const zoneListings = sqliteTable(
  "zone_listings",
  {
    zoneId: text("zone_id")
      .notNull()
      .references(() => searchZones.id, { onDelete: "cascade" }),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    firstSeenAt: createdAt("first_seen_at"),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.propertyId] }),
    index("zone_listings_property_idx").on(t.propertyId),
  ],
);

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * One webhook POST to an export connection's endpoint (issue 18): a batch of export events cut
 * once, then sent (and re-sent on failure) under the same id, which the receiver de-duplicates
 * on (docs/decisions/022-change-feed-webhooks.md). A batch of changes is stored by reference:
 * the export_events seqs first_seq..last_seq, its documents built when it is sent (issue 23
 * items 5 and 10); `events` holds only a ping's own JSON.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: uuid(),
    connectionId: text("connection_id")
      .notNull()
      .references(() => apiConnections.id, { onDelete: "cascade" }),
    /** 'events' (a batch of the export's changes) or 'ping' (the card's "Tester"). */
    kind: text("kind", { enum: ["events", "ping"] }).notNull(),
    firstSeq: integer("first_seq").notNull().default(0),
    lastSeq: integer("last_seq").notNull().default(0),
    eventCount: integer("event_count").notNull().default(0),
    events: text("events"),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull().default(0),
    lastError: text("last_error"),
    httpStatus: integer("http_status"),
    latencyMs: integer("latency_ms"),
    createdAt: integer("created_at").notNull(),
    deliveredAt: integer("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_connection_idx").on(t.connectionId, t.createdAt),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    check("webhook_deliveries_status_check", sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/** Push runs of the webhook deliveries of one account's export connections (job kind "webhooks"). */
export const webhookJobs = sqliteTable(
  "webhook_jobs",
  {
    ...jobColumns(),
    delivered: integer("delivered").notNull().default(0),
    failedAttempts: integer("failed_attempts").notNull().default(0),
  },
  (t) => [index("webhook_jobs_user_idx").on(t.userId, t.createdAt), index("webhook_jobs_status_idx").on(t.status)],
);

/**
 * Runs of the retention pass (issue 30, docs/decisions/024-bounded-growth.md): one a day, under
 * the system account; `deleted` counts the rows every rule removed, `counts` each rule's share.
 */
export const retentionJobs = sqliteTable(
  "retention_jobs",
  {
    ...jobColumns(),
    rules: integer("rules").notNull().default(0),
    rulesDone: integer("rules_done").notNull().default(0),
    deleted: integer("deleted").notNull().default(0),
    counts: text("counts", { mode: "json" }).$type<Record<string, number>>().notNull().default(sql`'{}'`),
  },
  (t) => [index("retention_jobs_user_idx").on(t.userId, t.createdAt), index("retention_jobs_status_idx").on(t.status)],
);

/**
 * Deletions of an account (« Supprimer mon compte », issue 30): the listings go chunk by chunk,
 * then the user row. `user_id` has no foreign key: the row outlives the account it deleted, so
 * that the run's end is recorded (it holds no personal data, only counts).
 */
export const accountDeletionJobs = sqliteTable(
  "account_deletion_jobs",
  {
    ...jobColumns(),
    userId: text("user_id").notNull(),
    listings: integer("listings").notNull().default(0),
    deletedListings: integer("deleted_listings").notNull().default(0),
  },
  (t) => [index("account_deletion_jobs_user_idx").on(t.userId, t.createdAt), index("account_deletion_jobs_status_idx").on(t.status)],
);

/**
 * Platform-wide figures too costly to compute per request, kept by a periodic task (issue 30):
 * `name` says which (for now 'city_prices', /admin's price per m² quartiles), `value` is its JSON.
 */
export const platformFigures = sqliteTable("platform_figures", {
  name: text("name").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  computedAt: timestamp("computed_at").notNull(),
});
