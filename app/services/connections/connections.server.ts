import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { apiConnections, importJobs } from "#db/schema";
import { CONNECTIONS_MAX_PER_USER, IMPORT_CONNECTION_KEY_PREFIX } from "~/config";
import { decryptSecret, encryptSecret, randomAlphanumeric } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { CONNECTION_MESSAGES, type NewConnectionInput } from "./connection-form";

/**
 * A user's API connections. Every function takes the user id and filters on created_by: a user
 * never reads, reveals or changes another user's connection (an unknown id and someone else's
 * id answer the same "not found").
 */

export type ConnectionStatus = "active" | "inactive" | "error";

/** What the screens may see: everything but the key. */
export type ConnectionView = {
  id: string;
  name: string;
  platformType: string;
  apiType: "import" | "export";
  apiEndpoint: string;
  hasKey: boolean;
  status: ConnectionStatus;
  statusMessage: string | null;
  totalSynced: number;
  lastSync: Date | null;
  createdAt: Date;
  /**
   * The optional JSON config as text, for the edit dialog. Never the parsed object: it is the
   * user's own nested data, and loader data must not carry user-shaped nesting into the
   * single-fetch encoder (docs/decisions/009-dependency-audit.md).
   */
  config: string | null;
};

const viewColumns = {
  id: apiConnections.id,
  name: apiConnections.name,
  platformType: apiConnections.platformType,
  apiType: apiConnections.apiType,
  apiEndpoint: apiConnections.apiEndpoint,
  hasKey: sql<number>`${apiConnections.apiKeyCipher} is not null`.mapWith(Boolean),
  status: apiConnections.status,
  statusMessage: apiConnections.statusMessage,
  totalSynced: apiConnections.totalSynced,
  lastSync: apiConnections.lastSync,
  createdAt: apiConnections.createdAt,
  config: apiConnections.config,
};

type ViewRow = Omit<ConnectionView, "config"> & { config: unknown };

/** Pretty-printed: the form caps the depth at CONNECTION_CONFIG_MAX_DEPTH, so this stays small. */
function toView({ config, ...row }: ViewRow): ConnectionView {
  return { ...row, config: config === null || config === undefined ? null : JSON.stringify(config, null, 2) };
}

const owned = (userId: string, id: string) =>
  and(eq(apiConnections.id, id), eq(apiConnections.createdBy, userId));

/**
 * Newest first, as the screen lists them. At most CONNECTIONS_MAX_PER_USER: creation stops there,
 * and the limit keeps the loader bounded even for an account filled before that rule.
 */
export function listConnections(userId: string): ConnectionView[] {
  const rows = getDb()
    .select(viewColumns)
    .from(apiConnections)
    .where(eq(apiConnections.createdBy, userId))
    .orderBy(desc(apiConnections.createdAt), desc(apiConnections.id))
    .limit(CONNECTIONS_MAX_PER_USER)
    .all() as ViewRow[];
  return rows.map(toView);
}

export function getConnection(userId: string, id: string): ConnectionView | undefined {
  const row = getDb().select(viewColumns).from(apiConnections).where(owned(userId, id)).get() as ViewRow | undefined;
  return row && toView(row);
}

/** A refused create or edit: the French message is shown as it is. */
export class ConnectionRuleError extends Error {}

/** Names are unique per user, compared without case or surrounding spaces. */
function assertNameFree(userId: string, name: string, exceptId?: string) {
  const taken = getDb()
    .select({ id: apiConnections.id })
    .from(apiConnections)
    .where(
      and(
        eq(apiConnections.createdBy, userId),
        sql`lower(trim(${apiConnections.name})) = lower(trim(${name}))`,
        exceptId ? ne(apiConnections.id, exceptId) : undefined,
      ),
    )
    .get();
  if (taken) throw new ConnectionRuleError(CONNECTION_MESSAGES.duplicateName(name.trim()));
}

function assertRoomForOneMore(userId: string) {
  const owned = getDb().select({ n: count() }).from(apiConnections).where(eq(apiConnections.createdBy, userId)).get()?.n ?? 0;
  if (owned >= CONNECTIONS_MAX_PER_USER) throw new ConnectionRuleError(CONNECTION_MESSAGES.tooMany);
}

/**
 * Creates a connection, inactive (SPEC.md section 4). An import connection without a typed key
 * gets `pk_` + a random id (SPEC.md section 9); an export connection keeps the typed key or none.
 */
export function createConnection(userId: string, input: NewConnectionInput): ConnectionView {
  const key =
    input.apiKey ??
    (input.apiType === "import"
      ? `${IMPORT_CONNECTION_KEY_PREFIX}${randomAlphanumeric(32)}`
      : null);
  assertNameFree(userId, input.name);
  assertRoomForOneMore(userId);
  const row = getDb()
    .insert(apiConnections)
    .values({
      name: input.name,
      platformType: input.platformType,
      apiType: input.apiType,
      apiEndpoint: input.apiEndpoint,
      apiKeyCipher: key === null ? null : encryptSecret(key),
      config: input.config,
      status: "inactive",
      createdBy: userId,
      // An export connection pushes the changes made from now on (webhooks, ADR 022).
      webhookSeq: sql`(select coalesce(max(seq), 0) from export_events)`,
    })
    .returning({ id: apiConnections.id })
    .get();
  logEvent("connection.created", { userId, connectionId: row.id, apiType: input.apiType });
  return getConnection(userId, row.id)!;
}

/**
 * The edit dialog: name, platform, endpoint, key and config. The type stays (an import
 * connection's history and listings belong to it); a blank key keeps the stored one.
 * Returns undefined when not the user's.
 */
export function updateConnection(userId: string, id: string, input: NewConnectionInput): ConnectionView | undefined {
  if (!getConnection(userId, id)) return undefined;
  assertNameFree(userId, input.name, id);
  getDb()
    .update(apiConnections)
    .set({
      name: input.name,
      platformType: input.platformType,
      apiEndpoint: input.apiEndpoint,
      config: input.config,
      ...(input.apiKey === null ? {} : { apiKeyCipher: encryptSecret(input.apiKey) }),
    })
    .where(owned(userId, id))
    .run();
  logEvent("connection.updated", { userId, connectionId: id });
  return getConnection(userId, id);
}

/**
 * Deletes a connection; the listings it brought stay in the account. Refused while one of its
 * syncs runs, so that a running job never loses its source. False when not the user's.
 */
export function deleteConnection(userId: string, id: string): boolean {
  const running = getDb()
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(and(eq(importJobs.connectionId, id), inArray(importJobs.status, ["pending", "processing"])))
    .get();
  if (running && getConnection(userId, id)) throw new ConnectionRuleError(CONNECTION_MESSAGES.deleteWhileSyncing);
  const result = getDb().delete(apiConnections).where(owned(userId, id)).run();
  if (result.changes > 0) logEvent("connection.deleted", { userId, connectionId: id });
  return result.changes > 0;
}

/**
 * Activer / Désactiver. Activating also clears an error (the user says "try again"); the next
 * sync sets it back if the endpoint still fails. Returns undefined when not the user's.
 */
export function setConnectionActive(
  userId: string,
  id: string,
  active: boolean,
): ConnectionView | undefined {
  const result = getDb()
    .update(apiConnections)
    .set(active ? { status: "active", statusMessage: null } : { status: "inactive" })
    .where(owned(userId, id))
    .run();
  return result.changes > 0 ? getConnection(userId, id) : undefined;
}

/**
 * The clear key, for its owner only. `undefined`: no such connection of this user; `null`: the
 * connection has no key, or its ciphertext can no longer be read (secret rotated).
 */
export function revealConnectionKey(userId: string, id: string): string | null | undefined {
  const row = getDb()
    .select({ cipher: apiConnections.apiKeyCipher })
    .from(apiConnections)
    .where(owned(userId, id))
    .get();
  if (!row) return undefined;
  return row.cipher ? decryptSecret(row.cipher) : null;
}

/** What a sync needs: the endpoint, the clear key and the config. Server-side only. */
export type SyncTarget = {
  id: string;
  name: string;
  apiType: "import" | "export";
  status: ConnectionStatus;
  endpoint: string;
  apiKey: string | null;
  /** A key is stored but cannot be decrypted any more (SESSION_SECRET rotated). */
  keyUnreadable: boolean;
  config: unknown;
};

export function getSyncTarget(userId: string, id: string): SyncTarget | undefined {
  const row = getDb()
    .select({
      id: apiConnections.id,
      name: apiConnections.name,
      apiType: apiConnections.apiType,
      status: apiConnections.status,
      endpoint: apiConnections.apiEndpoint,
      cipher: apiConnections.apiKeyCipher,
      config: apiConnections.config,
    })
    .from(apiConnections)
    .where(owned(userId, id))
    .get();
  if (!row) return undefined;
  const { cipher, ...rest } = row;
  const apiKey = cipher ? decryptSecret(cipher) : null;
  return { ...rest, apiKey, keyUnreadable: cipher !== null && apiKey === null };
}

/**
 * Import connections a user can sync from /properties: enabled ones, including those whose last
 * sync failed (status 'error'), since a successful sync is what puts them back to 'active'.
 */
export function listSyncableConnections(
  userId: string,
): Array<Pick<ConnectionView, "id" | "name" | "platformType" | "status">> {
  return getDb()
    .select({
      id: apiConnections.id,
      name: apiConnections.name,
      platformType: apiConnections.platformType,
      status: apiConnections.status,
    })
    .from(apiConnections)
    .where(
      and(
        eq(apiConnections.createdBy, userId),
        eq(apiConnections.apiType, "import"),
        inArray(apiConnections.status, ["active", "error"]),
      ),
    )
    .orderBy(apiConnections.name)
    .limit(CONNECTIONS_MAX_PER_USER)
    .all();
}

/** After a successful sync: counts what it wrote and clears any previous error. */
export function recordSyncSuccess(connectionId: string, synced: number) {
  getDb()
    .update(apiConnections)
    .set({
      status: "active",
      statusMessage: null,
      totalSynced: sql`${apiConnections.totalSynced} + ${synced}`,
      lastSync: new Date(),
    })
    .where(eq(apiConnections.id, connectionId))
    .run();
}

/** After a failed sync: 'Erreur' on the card, with the French reason beside it. */
export function recordSyncFailure(connectionId: string, reason: string) {
  getDb()
    .update(apiConnections)
    .set({ status: "error", statusMessage: reason.slice(0, 500) })
    .where(eq(apiConnections.id, connectionId))
    .run();
  logEvent("connection.sync_failed", { connectionId, reason });
}
