import crypto from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { passwordResetTokens } from "#db/schema";
import { PASSWORD_RESET_LIMIT, PASSWORD_RESET_MIN_ANSWER_MS, PASSWORD_RESET_TTL_MS } from "~/config";
import { findUserIdByEmail } from "~/services/users/users.server";
import { sha256 } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { appUrl } from "~/utils/app-url.server";
import { logEvent } from "~/utils/log.server";
import { mailConfigured, sendMail } from "./mailer.server";
import { setPassword } from "./profile.server";
import { openResetLinks } from "./reset-tokens.server";

/** Where a reset link leads: /auth/reinitialiser/<token> (app/routes/auth_.reinitialiser.$token.tsx). */
export function resetLink(token: string): string {
  return `${appUrl()}/auth/reinitialiser/${token}`;
}

/**
 * A new single-use link for the account of this e-mail, valid PASSWORD_RESET_TTL_MS; null when no
 * account has it. Only the token's SHA-256 is stored: a copy of the database opens no account.
 */
export function createResetLink(email: string, now = Date.now()): string | null {
  const userId = findUserIdByEmail(email);
  if (!userId) return null;
  return createResetLinkFor(userId, now);
}

function createResetLinkFor(userId: string, now: number): string {
  const token = crypto.randomBytes(32).toString("base64url");
  const db = getDb();
  db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date(now))).run();
  db.insert(passwordResetTokens)
    .values({ tokenHash: sha256(token), userId, expiresAt: new Date(now + PASSWORD_RESET_TTL_MS) })
    .run();
  return resetLink(token);
}

/**
 * The forgotten-password form: sends the link when the e-mail has an account, and always takes at
 * least PASSWORD_RESET_MIN_ANSWER_MS, so that neither the answer nor its delay tells whether it
 * has (the mail leaves in the background).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const started = Date.now();
  const link = mailableResetLink(email, started);
  if (link) deliverResetLink(email, link);
  const left = PASSWORD_RESET_MIN_ANSWER_MS - (Date.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/**
 * A new link for the form to mail, unless the account already has PASSWORD_RESET_LIMIT.openLinks
 * open ones: whoever asks, the mailbox then receives nothing more, and its owner still holds a
 * valid link (the newest is less than an hour old, and a request never spends the others). So
 * nobody can flood a mailbox, nor, by asking in the owner's place, deny the owner a reset.
 */
function mailableResetLink(email: string, now: number): string | null {
  const userId = findUserIdByEmail(email);
  if (!userId || openResetLinks(userId, now) >= PASSWORD_RESET_LIMIT.openLinks) return null;
  return createResetLinkFor(userId, now);
}

/** By SMTP when configured; otherwise the server log carries the link for an administrator. */
function deliverResetLink(email: string, link: string) {
  if (!mailConfigured()) {
    logEvent("password_reset.link", { email, link });
    return;
  }
  sendMail({
    to: email,
    subject: "Vigimmo : réinitialisation de votre mot de passe",
    text: [
      "Bonjour,",
      "",
      "Pour choisir un nouveau mot de passe Vigimmo, ouvrez ce lien (valable 1 heure, une seule fois) :",
      link,
      "",
      "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe ne change pas.",
    ].join("\n"),
  }).then(
    () => logEvent("password_reset.mail_sent", { email }),
    (error: Error) => logEvent("password_reset.mail_error", { email, error: error.message }),
  );
}

/** Whether the link's token still opens the reset form (unknown, used and expired tokens do not). */
export function isResetTokenValid(token: string, now = Date.now()): boolean {
  return Boolean(
    getDb()
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date(now))))
      .get(),
  );
}

/**
 * Sets the new password through a valid link and signs every session of the account out. The
 * token is spent first, in one statement, so two submissions of the same link cannot both pass.
 * Returns false for an unknown, used or expired link.
 */
export async function resetPassword(token: string, password: string, now = Date.now()): Promise<boolean> {
  const db = getDb();
  const spent = db
    .update(passwordResetTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date(now))))
    .returning({ userId: passwordResetTokens.userId })
    .get();
  if (!spent) return false;
  // The other links sent to this account die with this one (setPassword revokes them).
  await setPassword(spent.userId, password, null);
  logEvent("password_reset.done", { userId: spent.userId });
  return true;
}
