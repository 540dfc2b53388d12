import fs from "node:fs";
import { test as base } from "@playwright/test";
import Database from "better-sqlite3";
import { seedListings } from "~/services/platform/demo-data.server";
import { closeDb, getSqlite } from "~/utils/db.server";
import { createSession } from "~/utils/session.server";
import { Janitor } from "../../testing/server-process";

/**
 * Helpers of the resilience specs (tests/e2e/resilience*.spec.ts): each test runs its own server
 * processes on its own database; `janitor` stops them and removes the folders even on failure.
 */
export const test = base.extend<{ janitor: Janitor }>({
  // Playwright fixtures must destructure their dependencies, even when there are none.
  // eslint-disable-next-line no-empty-pattern
  janitor: async ({}, use) => {
    const janitor = new Janitor();
    try {
      await use(janitor);
    } finally {
      await janitor.cleanup();
    }
  },
});
export { expect } from "@playwright/test";

/**
 * Runs `fn` with the app's database helpers (getDb, factories, services) pointed at another
 * file, then closes it and points them back. Playwright runs one test at a time per worker, so
 * the swap cannot leak into a concurrent test.
 */
export async function withDatabase<T>(databasePath: string, fn: () => T | Promise<T>): Promise<T> {
  const previous = process.env.DATABASE_PATH;
  process.env.DATABASE_PATH = databasePath;
  try {
    return await fn();
  } finally {
    closeDb();
    if (previous === undefined) delete process.env.DATABASE_PATH;
    else process.env.DATABASE_PATH = previous;
  }
}

/** `name=value` of a fresh session of this user, for a Cookie header. */
export async function sessionCookie(userId: string): Promise<string> {
  const session = await createSession(userId);
  return session.setCookie.split(";")[0]!;
}

/** `total` demo listings for a user, all waiting for moderation. */
export function seedPendingListings(userId: string, total: number) {
  seedListings(userId, total, 4242);
  getSqlite()
    .prepare(`update properties set status = 'pending', ai_checked_at = null, ai_flag_reason = null, ai_confidence = null where created_by = ?`)
    .run(userId);
}

/**
 * A read-only connection for polling while a server writes. Read-only, so that closing it never
 * checkpoints the WAL: what the server left on disk stays as it was.
 */
export function openReader(databasePath: string): Database.Database {
  const reader = new Database(databasePath, { readonly: true, fileMustExist: true });
  reader.pragma("busy_timeout = 5000");
  return reader;
}

export type JobRow = {
  id: string;
  status: string;
  message: string | null;
  errors: string;
  current_page: number;
  imported: number;
  updated: number;
  skipped: number;
  total_processed: number;
  moderated: number;
  flagged: number;
  remaining: number;
};

/** The user's latest job of a kind, as stored. */
export function latestJob(reader: Database.Database, kind: "import" | "moderation", userId: string): JobRow | undefined {
  const table = kind === "import" ? "import_jobs" : "moderation_jobs";
  return reader.prepare(`select * from ${table} where user_id = ? order by created_at desc, rowid desc limit 1`).get(userId) as
    | JobRow
    | undefined;
}

export function countRows(reader: Database.Database, sql: string, ...params: unknown[]): number {
  return (reader.prepare(sql).pluck().get(...params) as number | undefined) ?? 0;
}

/** Polls `read` until `done` holds; throws with the last value seen once the deadline passes. */
export async function waitUntil<T>(
  read: () => T,
  done: (value: T) => boolean,
  options: { timeoutMs: number; intervalMs?: number; what: string },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${options.what} : non atteint à temps (dernier état : ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
  }
}

/** A form POST as a browser without JavaScript sends it (same origin: no Origin header). */
export function postForm(url: string, cookie: string, form: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

export function walSize(databasePath: string): number | null {
  const wal = `${databasePath}-wal`;
  return fs.existsSync(wal) ? fs.statSync(wal).size : null;
}

/** PRAGMA integrity_check over a read-write connection (after any assertion on the WAL file). */
export function integrityCheck(databasePath: string): string {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    return String(db.pragma("integrity_check", { simple: true }));
  } finally {
    db.close();
  }
}
