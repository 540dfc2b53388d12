import { and, count, desc, eq } from "drizzle-orm";
import { apiKeyRequests, profiles, users } from "#db/schema";
import { ADMIN_KEY_REQUESTS_SHOWN, KEY_REQUESTS_SHOWN } from "~/config";
import { getDb } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { createExportKey, type DbExecutor } from "./export-keys.server";
import {
  COMPANY_NAME_MAX,
  KEY_REQUEST_MESSAGES,
  REJECTION_REASON_MAX,
  KEY_REQUEST_STATUSES,
  REQUEST_DESCRIPTION_MAX,
  type KeyRequestStatus,
} from "./key-request-rules";

export type KeyRequest = {
  id: string;
  companyName: string;
  description: string | null;
  status: KeyRequestStatus;
  createdAt: Date;
  reviewedAt: Date | null;
  rejectionReason: string | null;
};

export type AdminKeyRequest = KeyRequest & { requesterEmail: string };

const requestColumns = {
  id: apiKeyRequests.id,
  companyName: apiKeyRequests.companyName,
  description: apiKeyRequests.description,
  status: apiKeyRequests.status,
  createdAt: apiKeyRequests.createdAt,
  reviewedAt: apiKeyRequests.reviewedAt,
  rejectionReason: apiKeyRequests.rejectionReason,
};

export function createKeyRequest(userId: string, input: { companyName: string; description?: string | null }): string {
  const companyName = input.companyName.trim();
  if (!companyName) throw new Error(KEY_REQUEST_MESSAGES.companyRequired);
  const id = crypto.randomUUID();
  getDb()
    .insert(apiKeyRequests)
    .values({
      id,
      userId,
      companyName: companyName.slice(0, COMPANY_NAME_MAX),
      description: input.description?.trim().slice(0, REQUEST_DESCRIPTION_MAX) || null,
    })
    .run();
  logEvent("key_request.created", { requestId: id, userId });
  return id;
}

export type KeyRequestSubmission = { ok: true; id: string } | { ok: false; reason: "duplicate" };

/**
 * A request from the form: refused while the same user already has a pending request for the
 * same company (letter case and spaces aside), so that a double submit or a resend does not
 * give the administrators the same request twice (issue 24, item 16). Check and insert run in
 * one synchronous step: no other request can slip between them.
 */
export function submitKeyRequest(userId: string, input: { companyName: string; description?: string | null }): KeyRequestSubmission {
  const pending = getDb()
    .select({ companyName: apiKeyRequests.companyName })
    .from(apiKeyRequests)
    .where(and(eq(apiKeyRequests.userId, userId), eq(apiKeyRequests.status, "pending")))
    .all();
  const same = (name: string) => name.trim().replace(/\s+/g, " ").toLocaleLowerCase("fr");
  if (pending.some((row) => same(row.companyName) === same(input.companyName))) return { ok: false, reason: "duplicate" };
  return { ok: true, id: createKeyRequest(userId, input) };
}

/** The user's own requests, newest first ('Mes demandes'): the KEY_REQUESTS_SHOWN latest, and how many older ones are not listed. */
export function listKeyRequestsForUser(userId: string): { requests: KeyRequest[]; olderRequests: number } {
  const db = getDb();
  const mine = eq(apiKeyRequests.userId, userId);
  const requests = db
    .select(requestColumns)
    .from(apiKeyRequests)
    .where(mine)
    .orderBy(desc(apiKeyRequests.createdAt), desc(apiKeyRequests.id))
    .limit(KEY_REQUESTS_SHOWN)
    .all();
  const total = requests.length < KEY_REQUESTS_SHOWN ? requests.length : (db.select({ n: count() }).from(apiKeyRequests).where(mine).get()?.n ?? 0);
  return { requests, olderRequests: total - requests.length };
}

/**
 * For each status, the ADMIN_KEY_REQUESTS_SHOWN latest requests with their requester's e-mail,
 * newest first, and the count of every request of that status (the tabs show it, and how many
 * older ones are not listed).
 */
export function listKeyRequestsForAdmin(): { requests: AdminKeyRequest[]; counts: Record<KeyRequestStatus, number> } {
  const db = getDb();
  const counts: Record<KeyRequestStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  const grouped = db.select({ status: apiKeyRequests.status, n: count() }).from(apiKeyRequests).groupBy(apiKeyRequests.status).all();
  for (const { status, n } of grouped) counts[status] = n;
  const requests = KEY_REQUEST_STATUSES.flatMap((status) =>
    db
      .select({ ...requestColumns, profileEmail: profiles.email, accountEmail: users.email })
      .from(apiKeyRequests)
      .innerJoin(users, eq(users.id, apiKeyRequests.userId))
      .leftJoin(profiles, eq(profiles.userId, apiKeyRequests.userId))
      .where(eq(apiKeyRequests.status, status))
      .orderBy(desc(apiKeyRequests.createdAt), desc(apiKeyRequests.id))
      .limit(ADMIN_KEY_REQUESTS_SHOWN)
      .all(),
  );
  return {
    requests: requests.map(({ profileEmail, accountEmail, ...request }) => ({ ...request, requesterEmail: profileEmail ?? accountEmail })),
    counts,
  };
}

export type DecisionResult = { ok: true } | { ok: false; status: 400 | 404 | 409; error: string };

/**
 * Approves a pending request: stamps it (status, reviewer, time), creates the requester's key
 * and links it, in ONE immediate transaction. The stamp only applies to a row that is still
 * pending, so when two administrators approve at once, exactly one key is created.
 */
export function approveKeyRequest(requestId: string, reviewerId: string): DecisionResult & { keyId?: string } {
  const db = getDb();
  const result = db.transaction(
    (tx) => {
      const claimed = tx
        .update(apiKeyRequests)
        .set({ status: "approved", reviewedBy: reviewerId, reviewedAt: new Date() })
        .where(and(eq(apiKeyRequests.id, requestId), eq(apiKeyRequests.status, "pending")))
        .returning({ userId: apiKeyRequests.userId, companyName: apiKeyRequests.companyName, description: apiKeyRequests.description })
        .get();
      if (!claimed) return undecidable(tx, requestId);
      const key = createExportKey(claimed.userId, { name: claimed.companyName, description: claimed.description }, tx);
      tx.update(apiKeyRequests).set({ exportKeyId: key.id }).where(eq(apiKeyRequests.id, requestId)).run();
      return { ok: true as const, keyId: key.id };
    },
    { behavior: "immediate" },
  );
  if (result.ok) logEvent("key_request.approved", { requestId, reviewerId, keyId: result.keyId });
  return result;
}

/** Refuses a pending request with a reason; same single-decision guarantee as approval. */
export function rejectKeyRequest(requestId: string, reviewerId: string, reason: string): DecisionResult {
  const text = reason.trim();
  if (!text) return { ok: false, status: 400, error: KEY_REQUEST_MESSAGES.reasonRequired };
  const db = getDb();
  const result = db.transaction(
    (tx) => {
      const changed = tx
        .update(apiKeyRequests)
        .set({ status: "rejected", reviewedBy: reviewerId, reviewedAt: new Date(), rejectionReason: text.slice(0, REJECTION_REASON_MAX) })
        .where(and(eq(apiKeyRequests.id, requestId), eq(apiKeyRequests.status, "pending")))
        .run();
      return changed.changes === 1 ? { ok: true as const } : undecidable(tx, requestId);
    },
    { behavior: "immediate" },
  );
  if (result.ok) logEvent("key_request.rejected", { requestId, reviewerId });
  return result;
}

function undecidable(tx: DbExecutor, requestId: string): DecisionResult & { ok: false } {
  const exists = tx.select({ id: apiKeyRequests.id }).from(apiKeyRequests).where(eq(apiKeyRequests.id, requestId)).get();
  return exists
    ? { ok: false, status: 409, error: KEY_REQUEST_MESSAGES.alreadyDecided }
    : { ok: false, status: 404, error: KEY_REQUEST_MESSAGES.notFound };
}
