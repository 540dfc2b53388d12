import { and, count, eq, gt, ne, sql } from "drizzle-orm";
import { apiKeyRequests, users } from "#db/schema";
import { getDb } from "~/utils/db.server";
import { isPrimaryInstance } from "~/utils/litefs.server";

/**
 * The navigation's notifications (issue 17, item 11): administrators see how many key requests
 * wait for them; a user sees that a request of theirs was decided since their last visit of
 * /export-api-keys, where the new key (or the refusal) shows.
 */

export type NavBadges = {
  /** Pending key requests of the whole platform; administrators only, 0 for others. */
  pendingKeyRequests: number;
  /** A request of the user was approved or refused after their last visit of the keys page. */
  keyDecisionUnseen: boolean;
};

export function navBadges(user: { id: string; isAdmin: boolean }): NavBadges {
  const pendingKeyRequests = user.isAdmin
    ? (getDb().select({ n: count() }).from(apiKeyRequests).where(eq(apiKeyRequests.status, "pending")).get()?.n ?? 0)
    : 0;
  return { pendingKeyRequests, keyDecisionUnseen: hasUnseenKeyDecision(user.id) };
}

function hasUnseenKeyDecision(userId: string): boolean {
  const unseen = getDb()
    .select({ id: apiKeyRequests.id })
    .from(apiKeyRequests)
    .innerJoin(users, eq(users.id, apiKeyRequests.userId))
    .where(
      and(
        eq(apiKeyRequests.userId, userId),
        ne(apiKeyRequests.status, "pending"),
        gt(apiKeyRequests.reviewedAt, sql`coalesce(${users.keyDecisionsSeenAt}, 0)`),
      ),
    )
    .limit(1)
    .get();
  return Boolean(unseen);
}

/**
 * The user opened /export-api-keys: the decisions made so far are seen (written only when some
 * were not). Not on a LiteFS replica (ADR 029): the badge stays until a visit served by the primary.
 */
export function markKeyDecisionsSeen(userId: string, now = new Date()) {
  if (!hasUnseenKeyDecision(userId) || !isPrimaryInstance()) return;
  getDb().update(users).set({ keyDecisionsSeenAt: now }).where(eq(users.id, userId)).run();
}
