import { eq } from "drizzle-orm";
import { passwords, profiles } from "#db/schema";
import { hashPassword, verifyPassword } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { deleteUserSessions } from "~/utils/session.server";
import { revokeResetLinks } from "./reset-tokens.server";

export function updateProfile(userId: string, input: { fullName: string; companyName?: string | null }) {
  getDb()
    .update(profiles)
    .set({ fullName: input.fullName.trim(), companyName: input.companyName?.trim() || null })
    .where(eq(profiles.userId, userId))
    .run();
}

/** Whether `password` is the user's current one (same scrypt cost whatever the answer). */
export async function checkPassword(userId: string, password: string): Promise<boolean> {
  const row = getDb().select({ hash: passwords.hash }).from(passwords).where(eq(passwords.userId, userId)).get();
  return row ? verifyPassword(password, row.hash) : false;
}

/**
 * Replaces the password and closes every session but `keepSessionId` (null: all of them), in one
 * transaction: a stolen session must not outlive the password it was opened with, nor a
 * forgotten-password link sent before (a mailbox read by someone else).
 */
export async function setPassword(userId: string, password: string, keepSessionId: string | null): Promise<number> {
  const hash = await hashPassword(password);
  const closed = getDb().transaction(() => {
    getDb().insert(passwords).values({ userId, hash }).onConflictDoUpdate({ target: passwords.userId, set: { hash } }).run();
    revokeResetLinks(userId);
    return deleteUserSessions(userId, keepSessionId);
  });
  logEvent("account.password_set", { userId, sessionsClosed: closed });
  return closed;
}

/** /compte's password change: the current password is required; false when it is wrong. */
export async function changePassword(userId: string, input: { currentPassword: string; newPassword: string }, currentSessionId: string): Promise<boolean> {
  if (!(await checkPassword(userId, input.currentPassword))) return false;
  await setPassword(userId, input.newPassword, currentSessionId);
  return true;
}
