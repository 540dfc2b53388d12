import { and, eq, sql } from "drizzle-orm";
import { passwords, profiles, userRoles, users, userStatistics } from "#db/schema";
import { hashPassword } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";

export type SessionUser = {
  id: string;
  email: string;
  fullName: string;
  companyName: string | null;
  isAdmin: boolean;
};

export class EmailTakenError extends Error {
  constructor() {
    super("User already registered");
  }
}

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

/** Creates the user, the password, the profile, the role `user` and the statistics row at once. */
export async function createUser(input: {
  email: string;
  password: string;
  fullName: string;
  companyName?: string | null;
}): Promise<string> {
  const email = normaliseEmail(input.email);
  const hash = await hashPassword(input.password);
  const db = getDb();
  return db.transaction((tx) => {
    const existing = tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    if (existing) throw new EmailTakenError();
    const id = crypto.randomUUID();
    tx.insert(users).values({ id, email }).run();
    tx.insert(passwords).values({ userId: id, hash }).run();
    tx.insert(profiles)
      .values({
        userId: id,
        email,
        fullName: input.fullName.trim(),
        companyName: input.companyName?.trim() || null,
      })
      .run();
    tx.insert(userRoles).values({ userId: id, role: "user" }).run();
    tx.insert(userStatistics).values({ userId: id }).run();
    return id;
    // Immediate: the e-mail check and the inserts hold the write lock together (no lock upgrade race).
  }, { behavior: "immediate" });
}

export function findUserForSignIn(email: string) {
  return getDb()
    .select({ id: users.id, hash: passwords.hash })
    .from(users)
    .innerJoin(passwords, eq(passwords.userId, users.id))
    .where(eq(users.email, normaliseEmail(email)))
    .get();
}

export function findUserIdByEmail(email: string): string | null {
  const row = getDb()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .get();
  return row?.id ?? null;
}

export function getSessionUser(userId: string): SessionUser | null {
  const row = getDb()
    .select({
      id: users.id,
      email: users.email,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      isAdmin: sql<number>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .get();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName ?? row.email,
    companyName: row.companyName ?? null,
    isAdmin: Boolean(row.isAdmin),
  };
}

export function isAdmin(userId: string): boolean {
  return Boolean(
    getDb()
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
      .get(),
  );
}

/** Grants the admin role (idempotent). Returns false when no account has that e-mail. */
export function grantAdmin(email: string): boolean {
  const userId = findUserIdByEmail(email);
  if (!userId) return false;
  getDb().insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing().run();
  return true;
}

/**
 * The account platform-wide jobs run under (compliance re-checks, retention): the first
 * administrator, else the oldest account; undefined on a platform without any account.
 */
export function systemAccountId(): string | undefined {
  const admin = getDb().select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin")).limit(1).get();
  return admin?.id ?? getDb().select({ id: users.id }).from(users).orderBy(users.createdAt).limit(1).get()?.id;
}
