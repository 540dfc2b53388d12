import { count, desc, eq, like, or, sql, type SQL } from "drizzle-orm";
import { profiles, properties, userRoles, users } from "#db/schema";
import { ADMIN_USERS_PAGE_SIZE } from "~/config";
import { getDb } from "~/utils/db.server";

/**
 * The administrators' user list on /admin-panel (SPEC.md section 2, "gestion des utilisateurs"):
 * read-only; the admin role is still granted by the CLI only.
 */

export type UserListRow = {
  id: string;
  email: string;
  fullName: string | null;
  companyName: string | null;
  isAdmin: boolean;
  listings: number;
  signedUpAt: Date;
  lastActiveAt: Date | null;
};

export type UserListPage = { rows: UserListRow[]; total: number; page: number; pageCount: number };

/** `%` and `_` typed by the administrator are searched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchCondition(query: string): SQL | undefined {
  if (!query) return undefined;
  const pattern = likePattern(query.toLowerCase());
  const matches = (column: SQL | typeof users.email) => like(sql`lower(${column})`, pattern);
  return or(
    sql`${matches(users.email)} escape '\\'`,
    sql`${matches(sql`coalesce(${profiles.fullName}, '')`)} escape '\\'`,
    sql`${matches(sql`coalesce(${profiles.companyName}, '')`)} escape '\\'`,
  );
}

/** Newest sign-ups first; `page` starts at 1 and is brought back within the pages that exist. */
export function listUsers({ query, page }: { query: string; page: number }): UserListPage {
  const db = getDb();
  const where = searchCondition(query);
  const total = db.select({ n: count() }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(where).get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = db
    .select({
      id: users.id,
      email: users.email,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      isAdmin: sql<number>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`.mapWith(Boolean),
      // Counted for the page's users only, each on the (created_by, ...) index.
      listings: sql<number>`(select count(*) from ${properties} where ${properties.createdBy} = ${users.id})`,
      signedUpAt: users.createdAt,
      lastActiveAt: users.lastActiveAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(ADMIN_USERS_PAGE_SIZE)
    .offset((current - 1) * ADMIN_USERS_PAGE_SIZE)
    .all();
  return { rows, total, page: current, pageCount };
}
