import { and, desc, eq, gt } from "drizzle-orm";
import { sessions } from "#db/schema";
import { ACCOUNT_SESSIONS_SHOWN } from "~/config";
import { sha256 } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { deleteUserSessions } from "~/utils/session.server";
import { deviceLabel } from "./device-label";
import { revokeResetLinks } from "./reset-tokens.server";

export type AccountSession = {
  /** Not the session id: that one is the cookie's secret and never leaves the server. */
  handle: string;
  device: string;
  createdAt: Date;
  lastUsedAt: Date;
  current: boolean;
};

/** The user's open sessions, the current one first, then by last use. */
export function listAccountSessions(userId: string, currentSessionId: string | null): AccountSession[] {
  const rows = getDb()
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt))
    .limit(ACCOUNT_SESSIONS_SHOWN)
    .all();
  return rows
    .map((row) => ({
      handle: sessionHandle(row.id),
      device: deviceLabel(row.userAgent),
      createdAt: row.createdAt,
      // Sessions opened before the column existed have no last use yet: their opening stands in.
      lastUsedAt: row.lastUsedAt ?? row.createdAt,
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** The public name of a session on /compte, derived from its id without revealing it. */
function sessionHandle(sessionId: string): string {
  return sha256(`session:${sessionId}`).slice(0, 24);
}

/** Signs out one of the user's own sessions by its handle (never another user's); false when none matches. */
export function signOutSession(userId: string, handle: string): boolean {
  const db = getDb();
  const own = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).all();
  const match = own.find((row) => sessionHandle(row.id) === handle);
  if (!match) return false;
  return db.delete(sessions).where(and(eq(sessions.id, match.id), eq(sessions.userId, userId))).run().changes > 0;
}

/**
 * "Déconnecter les autres sessions": every session but the current one ends, and so do the
 * forgotten-password links sent before (whoever held a session may have asked for one).
 */
export function signOutOtherSessions(userId: string, currentSessionId: string): number {
  return getDb().transaction(() => {
    revokeResetLinks(userId);
    return deleteUserSessions(userId, currentSessionId);
  });
}
