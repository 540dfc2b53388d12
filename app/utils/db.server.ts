import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "#db/schema";
import { DEFAULT_DATABASE_PATH, env } from "./env.server";
import { isPrimaryInstance } from "./litefs.server";

export type Db = BetterSQLite3Database<typeof schema>;
type Handle = { path: string; sqlite: Database.Database; db: Db };

// Survives Vite's dev reloads and is shared by every module of the process.
const globalHandle = globalThis as unknown as { __vigimmoDb?: Handle };

function migrationsFolder() {
  return process.env.MIGRATIONS_DIR ?? path.join(process.cwd(), "drizzle");
}

/**
 * Opens (creating the folder), tunes and migrates a database file. `readonly` (a LiteFS replica,
 * docs/decisions/029-litefs-replicas.md): the primary's file as it is, never migrated, any write
 * failing with SQLITE_READONLY as it would on LiteFS.
 */
export function openDatabase(file: string, { readonly = false }: { readonly?: boolean } = {}): Handle {
  if (readonly) {
    const sqlite = new Database(file, { readonly: true, fileMustExist: true });
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("cache_size = -64000");
    sqlite.pragma("temp_store = MEMORY");
    return { path: file, sqlite, db: drizzle(sqlite, { schema }) };
  }
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  // The server, the CLIs and the queue share the file: wait for a writer instead of failing.
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("cache_size = -64000");
  sqlite.pragma("temp_store = MEMORY");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsFolder() });
  return { path: file, sqlite, db };
}

function handle(): Handle {
  const current = globalHandle.__vigimmoDb;
  // Hot path (every query): skip the full environment parse while the path is unchanged.
  if (current && current.path === (process.env.DATABASE_PATH || DEFAULT_DATABASE_PATH)) return current;
  const file = env().databasePath;
  if (current) current.sqlite.close();
  globalHandle.__vigimmoDb = openDatabase(file, { readonly: !isPrimaryInstance() });
  return globalHandle.__vigimmoDb;
}

export function getDb(): Db {
  return handle().db;
}

export function getSqlite(): Database.Database {
  return handle().sqlite;
}

/** Checkpoints the WAL into the main file and closes the connection (shutdown, tests). */
export function closeDb() {
  const current = globalHandle.__vigimmoDb;
  if (!current) return;
  globalHandle.__vigimmoDb = undefined;
  try {
    if (!current.sqlite.readonly) current.sqlite.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    current.sqlite.close();
  }
}
