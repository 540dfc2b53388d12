import { and, count, eq, ne } from "drizzle-orm";
import { userRoles, users } from "#db/schema";
import { deleteAllOwnListings } from "~/services/imports/delete-listings.server";
import { isAdmin } from "~/services/users/users.server";
import { getDb } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { deleteUserSessions } from "~/utils/session.server";
import { checkPassword } from "./profile.server";

export type DeletionRefusal = "wrong-password" | "last-admin";

/** Whether deleting this account would leave the platform without any administrator. */
export function isLastAdmin(userId: string): boolean {
  if (!isAdmin(userId)) return false;
  const others = getDb()
    .select({ n: count() })
    .from(userRoles)
    .where(and(eq(userRoles.role, "admin"), ne(userRoles.userId, userId)))
    .get();
  return (others?.n ?? 0) === 0;
}

/**
 * « Supprimer mon compte » (RGPD, right to erasure), confirmed by the password. The listings go
 * first, in chunks (each one updates the search index and the export copy), so that the server
 * keeps answering; then the user row, whose foreign keys take the rest in one statement:
 * owners (with their listings), connections, export keys, key requests, jobs, sessions, reset
 * links, profile, password and roles are deleted, and the export API usage logs stay, anonymised
 * (user and key set to null: the platform's figures keep the calls, docs/decisions/018-account.md).
 */
export async function deleteAccount(userId: string, password: string): Promise<DeletionRefusal | null> {
  if (!(await checkPassword(userId, password))) return "wrong-password";
  if (isLastAdmin(userId)) return "last-admin";
  // Signed out everywhere first: a large account's listings take a while to go (about 40 s for
  // 100 000, npm run bench:account), and no other session may act on it meanwhile. If the server
  // stops halfway, the account is still there, with fewer listings, and can be deleted again.
  deleteUserSessions(userId, null);
  await deleteAllOwnListings(userId);
  const db = getDb();
  const deleted = db.transaction(
    () => {
      // Checked again under the write lock: two administrators deleting themselves at once.
      if (isLastAdmin(userId)) return false;
      return db.delete(users).where(eq(users.id, userId)).run().changes > 0;
    },
    { behavior: "immediate" },
  );
  if (!deleted) return "last-admin";
  logEvent("account.deleted", { userId });
  return null;
}
