import { and, count, eq, gt, isNull } from "drizzle-orm";
import { passwordResetTokens } from "#db/schema";
import { getDb } from "~/utils/db.server";

/**
 * Forgotten-password links still able to open an account, counted and revoked here: a password
 * change and "sign out other sessions" revoke them (a link sent to a mailbox that was read by
 * someone else must not outlive the owner's reaction), and the forgotten-password form counts
 * them before mailing another.
 */

const open = (userId: string, now: number) =>
  and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date(now)));

/** Links of the account not used and not expired. */
export function openResetLinks(userId: string, now = Date.now()): number {
  return getDb().select({ links: count() }).from(passwordResetTokens).where(open(userId, now)).get()?.links ?? 0;
}

/** Every open link of the account stops working (marked used). */
export function revokeResetLinks(userId: string, now = Date.now()): number {
  return getDb().update(passwordResetTokens).set({ usedAt: new Date(now) }).where(open(userId, now)).run().changes;
}
