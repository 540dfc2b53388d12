import type Database from "better-sqlite3";
import { and, count, desc, eq, gte } from "drizzle-orm";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { apiUsageLogs, exportApiKeys, profiles } from "#db/schema";
import type * as schema from "#db/schema";
import { EXPORT_KEY_PREFIX, EXPORT_KEY_RANDOM_LENGTH, EXPORT_KEYS_SHOWN, USAGE_HISTORY } from "~/config";
import { decryptSecret, encryptSecret, randomAlphanumeric, sha256 } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";

/** The database or an open transaction: approvals create the key inside their own transaction. */
export type DbExecutor = BaseSQLiteDatabase<"sync", Database.RunResult, typeof schema>;

export const EXPORT_KEY_PATTERN = new RegExp(`^${EXPORT_KEY_PREFIX}[A-Za-z0-9]{${EXPORT_KEY_RANDOM_LENGTH}}$`);
export const EXPORT_KEY_NAME_MAX = 200;
export const EXPORT_KEY_DESCRIPTION_MAX = 2000;

/** `efi_` + 32 letters and digits from the cryptographic RNG (DECISIONS.md, architecture mapping). */
export function generateExportKey(): string {
  return EXPORT_KEY_PREFIX + randomAlphanumeric(EXPORT_KEY_RANDOM_LENGTH);
}

/**
 * Creates an active key for a user and returns it in clear, the only time the caller gets it
 * without a decryption. At rest: a SHA-256 digest for lookup, an AES-256-GCM ciphertext for the
 * owner's reveal (DECISIONS.md item 4). Used by approvals and by `npm run create-api-key`.
 */
export function createExportKey(
  userId: string,
  input: { name: string; description?: string | null },
  db: DbExecutor = getDb(),
): { id: string; apiKey: string } {
  const name = input.name.trim().slice(0, EXPORT_KEY_NAME_MAX);
  if (!name) throw new Error("Le nom de la clé est requis");
  const apiKey = generateExportKey();
  const id = crypto.randomUUID();
  db.insert(exportApiKeys)
    .values({
      id,
      keyHash: sha256(apiKey),
      keyCipher: encryptSecret(apiKey),
      name,
      description: input.description?.trim().slice(0, EXPORT_KEY_DESCRIPTION_MAX) || null,
      status: "active",
      userId,
    })
    .run();
  return { id, apiKey };
}

export type ExportKeySummary = {
  id: string;
  name: string;
  description: string | null;
  status: "active" | "inactive";
  ownerEmail: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
};

/**
 * The user's own keys, newest first, at most EXPORT_KEYS_SHOWN, and how many older ones are not
 * listed. The clear key is not part of it: see revealExportKey.
 */
export function listExportKeys(userId: string): { keys: ExportKeySummary[]; olderKeys: number } {
  const db = getDb();
  const keys = db
    .select({
      id: exportApiKeys.id,
      name: exportApiKeys.name,
      description: exportApiKeys.description,
      status: exportApiKeys.status,
      ownerEmail: profiles.email,
      createdAt: exportApiKeys.createdAt,
      lastUsedAt: exportApiKeys.lastUsedAt,
    })
    .from(exportApiKeys)
    .leftJoin(profiles, eq(profiles.userId, exportApiKeys.userId))
    .where(eq(exportApiKeys.userId, userId))
    .orderBy(desc(exportApiKeys.createdAt), desc(exportApiKeys.id))
    .limit(EXPORT_KEYS_SHOWN)
    .all();
  const total = keys.length < EXPORT_KEYS_SHOWN ? keys.length : (db.select({ n: count() }).from(exportApiKeys).where(eq(exportApiKeys.userId, userId)).get()?.n ?? 0);
  return { keys, olderKeys: total - keys.length };
}

export type RevealResult = { status: "ok"; apiKey: string } | { status: "not_found" } | { status: "unreadable" };

/** Decrypts one of the user's keys; another user's key is "not found". */
export function revealExportKey(userId: string, keyId: string): RevealResult {
  const row = getDb()
    .select({ cipher: exportApiKeys.keyCipher })
    .from(exportApiKeys)
    .where(and(eq(exportApiKeys.id, keyId), eq(exportApiKeys.userId, userId)))
    .get();
  if (!row) return { status: "not_found" };
  const apiKey = decryptSecret(row.cipher);
  return apiKey ? { status: "ok", apiKey } : { status: "unreadable" };
}

/** Flips a key between active and inactive; null when the key is not the user's. */
export function toggleExportKey(userId: string, keyId: string): "active" | "inactive" | null {
  const db = getDb();
  return db.transaction(
    (tx) => {
      const row = tx
        .select({ status: exportApiKeys.status })
        .from(exportApiKeys)
        .where(and(eq(exportApiKeys.id, keyId), eq(exportApiKeys.userId, userId)))
        .get();
      if (!row) return null;
      const status = row.status === "active" ? "inactive" : "active";
      tx.update(exportApiKeys).set({ status }).where(eq(exportApiKeys.id, keyId)).run();
      return status;
    },
    { behavior: "immediate" },
  );
}

/** Deletes one of the user's keys; its usage logs stay, with api_key_id set to null. */
export function deleteExportKey(userId: string, keyId: string): boolean {
  const result = getDb()
    .delete(exportApiKeys)
    .where(and(eq(exportApiKeys.id, keyId), eq(exportApiKeys.userId, userId)))
    .run();
  return result.changes === 1;
}

export type UsageRow = {
  id: string;
  createdAt: Date;
  /** The key's name, or null once the key was deleted ('Clé supprimée'). */
  keyName: string | null;
  propertiesCount: number;
  limitRequested: number | null;
  offsetRequested: number;
};

/** The user's API calls of the last 30 days, the 50 latest (SPEC.md section 9). */
export function usageHistory(userId: string, now = Date.now()): UsageRow[] {
  const since = new Date(now - USAGE_HISTORY.days * 24 * 60 * 60 * 1000);
  return getDb()
    .select({
      id: apiUsageLogs.id,
      createdAt: apiUsageLogs.createdAt,
      keyName: exportApiKeys.name,
      propertiesCount: apiUsageLogs.propertiesCount,
      limitRequested: apiUsageLogs.limitRequested,
      offsetRequested: apiUsageLogs.offsetRequested,
    })
    .from(apiUsageLogs)
    .leftJoin(exportApiKeys, eq(exportApiKeys.id, apiUsageLogs.apiKeyId))
    .where(and(eq(apiUsageLogs.userId, userId), gte(apiUsageLogs.createdAt, since)))
    .orderBy(desc(apiUsageLogs.createdAt), desc(apiUsageLogs.id))
    .limit(USAGE_HISTORY.rows)
    .all();
}
