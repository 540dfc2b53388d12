import crypto from "node:crypto";
import { and, eq, gt, ne } from "drizzle-orm";
import { sessions, users } from "#db/schema";
import { SESSION_LAST_USED_RESOLUTION_MS, SESSION_TTL_MS, USER_ACTIVITY_RESOLUTION_MS, VISIT_GAP_MS } from "~/config";
import { sessionCookie } from "./cookies.server";
import { getDb } from "./db.server";
import { isPrimaryInstance } from "./litefs.server";

// Writing the new expiry on every request would be a write per page view: slide once a day.
const SLIDE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Longest User-Agent kept: enough to name the browser and system, bounded against hostile headers. */
const USER_AGENT_MAX = 512;

/** Opens a session; `request` gives the User-Agent that /compte shows as the session's device. */
export async function createSession(userId: string, request?: Request): Promise<{ id: string; setCookie: string }> {
  const id = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  const userAgent = request?.headers.get("User-Agent")?.slice(0, USER_AGENT_MAX) || null;
  getDb()
    .insert(sessions)
    .values({ id, userId, userAgent, lastUsedAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_MS) })
    .run();
  return { id, setCookie: await sessionCookie().serialize(id) };
}

export async function readSessionId(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * The session's user id, or null when the session is unknown or expired; slides the expiry and
 * stamps the session's last use and the user's last activity (all throttled, so a page view is
 * rarely a write). A LiteFS replica skips these writes (ADR 029): the next request served by the
 * primary makes them.
 */
export function resolveSession(sessionId: string): string | null {
  const db = getDb();
  const now = Date.now();
  const row = db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, lastUsedAt: sessions.lastUsedAt, lastActiveAt: users.lastActiveAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date(now))))
    .get();
  if (!row) return null;
  if ((!row.lastActiveAt || now - row.lastActiveAt.getTime() >= USER_ACTIVITY_RESOLUTION_MS) && isPrimaryInstance()) {
    // After a long pause this request starts a new visit: the previous one ended at lastActiveAt.
    const newVisit = row.lastActiveAt !== null && now - row.lastActiveAt.getTime() >= VISIT_GAP_MS;
    db.update(users)
      .set(newVisit ? { lastActiveAt: new Date(now), previousVisitAt: row.lastActiveAt } : { lastActiveAt: new Date(now) })
      .where(eq(users.id, row.userId))
      .run();
  }
  const slide = row.expiresAt.getTime() - now < SESSION_TTL_MS - SLIDE_AFTER_MS;
  const stampUse = !row.lastUsedAt || now - row.lastUsedAt.getTime() >= SESSION_LAST_USED_RESOLUTION_MS;
  // The role (a file read) is checked only when a stamp is due.
  if ((slide || stampUse) && isPrimaryInstance()) {
    db.update(sessions)
      .set({ lastUsedAt: new Date(now), ...(slide ? { expiresAt: new Date(now + SESSION_TTL_MS) } : {}) })
      .where(eq(sessions.id, sessionId))
      .run();
  }
  return row.userId;
}

export async function destroySession(request: Request): Promise<string> {
  const id = await readSessionId(request);
  if (id) getDb().delete(sessions).where(eq(sessions.id, id)).run();
  return sessionCookie().serialize("", { maxAge: 0 });
}

/**
 * Signs the user out everywhere but `keepSessionId` (everywhere when null): after a password
 * change or reset. Returns how many sessions were closed.
 */
export function deleteUserSessions(userId: string, keepSessionId: string | null): number {
  const mine = eq(sessions.userId, userId);
  return getDb()
    .delete(sessions)
    .where(keepSessionId ? and(mine, ne(sessions.id, keepSessionId)) : mine)
    .run().changes;
}
