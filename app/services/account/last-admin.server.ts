import { and, count, eq, ne } from "drizzle-orm";
import { userRoles } from "#db/schema";
import { isAdmin } from "~/services/users/users.server";
import { getDb } from "~/utils/db.server";

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
