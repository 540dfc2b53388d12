import { asc, eq } from "drizzle-orm";
import { apiConnections, apiKeyRequests, exportApiKeys, searchZones, sessions, webhookDeliveries } from "#db/schema";
import { getSessionUser } from "~/services/users/users.server";
import { getDb, getSqlite } from "~/utils/db.server";
import { deviceLabel } from "./device-label";

/**
 * « Télécharger mes données » (RGPD, right of access and portability): everything Vigimmo holds
 * about the account, as one JSON document. Listings and usage history can run to hundreds of
 * thousands of rows, so the document is produced piece by piece (one indexed page per pull) and
 * streamed, never built whole in memory. Secrets never leave: no password hash, no key digest or
 * ciphertext, no partner key, no session id. Every key is snake_case, like the export API and
 * the listings' own fields (issue 24, item 17: the first format mixed both).
 */

// About 200 kB of JSON per pull: 500 rows held the event loop up to 70 ms (npm run bench:account).
const PAGE = 200;

type Row = Record<string, unknown>;

const iso = (ms: unknown) => (typeof ms === "number" ? new Date(ms).toISOString() : null);

/** Keyset pages of a query ordered by (created_at, id), read one page per call. */
function* pages(sql: string, userId: string, shape: (row: Row) => Row): Generator<Row[]> {
  const statement = getSqlite().prepare(sql);
  let after: [number, string | number] = [-Infinity, ""];
  for (;;) {
    const rows = statement.all({ userId, afterCreated: after[0] === -Infinity ? -1 : after[0], afterId: after[1], limit: PAGE }) as Row[];
    if (rows.length === 0) return;
    yield rows.map(shape);
    const last = rows[rows.length - 1]!;
    after = [last.created_at as number, last.id as string | number];
    if (rows.length < PAGE) return;
  }
}

const LISTINGS_SQL = `
  select p.id, p.title, p.description, p.price, p.property_charges, p.property_type, p.transaction_type, p.status,
         p.address, p.city, p.postal_code, p.surface_area, p.rooms, p.bedrooms, p.bathrooms, p.floor, p.total_floors,
         p.year_built, p.energy_rating, p.images, p.features, p.source_platform, p.source_platform_id, p.source_url,
         p.ai_checked_at, p.ai_flag_reason, p.ai_confidence, p.created_at, p.updated_at,
         o.first_name as owner_first_name, o.last_name as owner_last_name, o.email as owner_email
  from properties p left join property_owners o on o.property_id = p.id
  where p.created_by = @userId and (p.created_at, p.id) > (@afterCreated, @afterId)
  order by p.created_at, p.id limit @limit`;

function listingOf(row: Row): Row {
  const { owner_first_name, owner_last_name, owner_email, images, features, created_at, updated_at, ai_checked_at, ...rest } = row;
  const hasOwner = owner_first_name !== null || owner_last_name !== null || owner_email !== null;
  return {
    ...rest,
    images: JSON.parse(String(images)) as unknown,
    features: JSON.parse(String(features)) as unknown,
    ai_checked_at: iso(ai_checked_at),
    created_at: iso(created_at),
    updated_at: iso(updated_at),
    owner: hasOwner ? { first_name: owner_first_name, last_name: owner_last_name, email: owner_email } : null,
  };
}

const USAGE_SQL = `
  select id, api_key_id, properties_count, limit_requested, offset_requested, created_at
  from api_usage_logs
  where user_id = @userId and (created_at, id) > (@afterCreated, @afterId)
  order by created_at, id limit @limit`;

const usageOf = (row: Row): Row => ({ ...row, created_at: iso(row.created_at) });

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The same object with snake_case keys (one level: the small sections' rows are flat, criteria stay as stored). */
function snakeKeys(row: object): Row {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [snake(key), value]));
}

/** Deliveries without their events: those are the account's own listings, already in "listings". */
function webhookDeliveriesOf(userId: string) {
  return getDb()
    .select({
      id: webhookDeliveries.id,
      connectionId: webhookDeliveries.connectionId,
      kind: webhookDeliveries.kind,
      eventCount: webhookDeliveries.eventCount,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastError: webhookDeliveries.lastError,
      httpStatus: webhookDeliveries.httpStatus,
      latencyMs: webhookDeliveries.latencyMs,
      createdAt: webhookDeliveries.createdAt,
      deliveredAt: webhookDeliveries.deliveredAt,
    })
    .from(webhookDeliveries)
    .innerJoin(apiConnections, eq(apiConnections.id, webhookDeliveries.connectionId))
    .where(eq(apiConnections.createdBy, userId))
    .orderBy(asc(webhookDeliveries.createdAt))
    .all()
    .map((row) => ({ ...row, createdAt: iso(row.createdAt), deliveredAt: iso(row.deliveredAt) }));
}

/** The small sections, read at once (bounded by the product: a few connections, keys, requests, zones, kept deliveries). */
function smallSections(userId: string): Record<string, Row[]> {
  const sections = smallSectionsAsStored(userId);
  return Object.fromEntries(Object.entries(sections).map(([name, rows]) => [snake(name), rows.map(snakeKeys)]));
}

function smallSectionsAsStored(userId: string) {
  const db = getDb();
  return {
    connections: db
      .select({ id: apiConnections.id, name: apiConnections.name, platformType: apiConnections.platformType, apiType: apiConnections.apiType, apiEndpoint: apiConnections.apiEndpoint, status: apiConnections.status, totalSynced: apiConnections.totalSynced, lastSync: apiConnections.lastSync, createdAt: apiConnections.createdAt })
      .from(apiConnections)
      .where(eq(apiConnections.createdBy, userId))
      .orderBy(asc(apiConnections.createdAt))
      .all(),
    exportKeys: db
      .select({ id: exportApiKeys.id, name: exportApiKeys.name, description: exportApiKeys.description, status: exportApiKeys.status, createdAt: exportApiKeys.createdAt, lastUsedAt: exportApiKeys.lastUsedAt })
      .from(exportApiKeys)
      .where(eq(exportApiKeys.userId, userId))
      .orderBy(asc(exportApiKeys.createdAt))
      .all(),
    keyRequests: db
      .select({ id: apiKeyRequests.id, companyName: apiKeyRequests.companyName, description: apiKeyRequests.description, status: apiKeyRequests.status, createdAt: apiKeyRequests.createdAt, reviewedAt: apiKeyRequests.reviewedAt, rejectionReason: apiKeyRequests.rejectionReason })
      .from(apiKeyRequests)
      .where(eq(apiKeyRequests.userId, userId))
      .orderBy(asc(apiKeyRequests.createdAt))
      .all(),
    sessions: db
      .select({ userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .all()
      .map(({ userAgent, ...rest }) => ({ device: deviceLabel(userAgent), userAgent, ...rest })),
    searchZones: db
      .select({
        id: searchZones.id,
        name: searchZones.name,
        criteria: searchZones.criteria,
        frequencyHours: searchZones.frequencyHours,
        autoModeration: searchZones.autoModeration,
        nextRunAt: searchZones.nextRunAt,
        createdAt: searchZones.createdAt,
        updatedAt: searchZones.updatedAt,
      })
      .from(searchZones)
      .where(eq(searchZones.userId, userId))
      .orderBy(asc(searchZones.createdAt))
      .all(),
    webhookDeliveries: webhookDeliveriesOf(userId),
  };
}

/** The document's text, piece by piece: `{"profile":…,"listings":[…],…}`. */
export function* accountExportChunks(userId: string, now = new Date()): Generator<string> {
  const user = getSessionUser(userId);
  if (!user) return;
  const profile = { email: user.email, full_name: user.fullName, company_name: user.companyName, role: user.isAdmin ? "admin" : "user" };
  yield `{"format":"vigimmo-donnees/2","exported_at":${JSON.stringify(now.toISOString())},"profile":${JSON.stringify(profile)}`;
  for (const [name, value] of Object.entries(smallSections(userId))) yield `,${JSON.stringify(name)}:${JSON.stringify(value)}`;
  for (const [name, sql, shape] of [
    ["listings", LISTINGS_SQL, listingOf],
    ["usage_history", USAGE_SQL, usageOf],
  ] as const) {
    yield `,${JSON.stringify(name)}:[`;
    let first = true;
    for (const rows of pages(sql, userId, shape)) {
      yield (first ? "" : ",") + rows.map((row) => JSON.stringify(row)).join(",");
      first = false;
    }
    yield "]";
  }
  yield "}";
}

/** The document as a byte stream: one page of rows per pull, so the event loop breathes between them. */
export function accountExportStream(userId: string): ReadableStream<Uint8Array> {
  const chunks = accountExportChunks(userId);
  const encoder = new TextEncoder();
  return new ReadableStream({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    cancel() {
      chunks.return(undefined);
    },
  });
}
