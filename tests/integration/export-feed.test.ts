import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetExportApiGuards } from "~/services/export/export-api.server";
import type { ExportChangesResponse, ExportedListing, ExportResponse } from "~/services/export/export-api-contract";
import { updateListingDescription } from "~/services/listings/listings.server";
import { getSqlite } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { makeUser, giveOwner } from "../setup/factories";
import { callExportApi, makeActiveListings, makeExportKey } from "../setup/export-factories";

/**
 * Issue 18's change feed: cursors, updatedSince, removed, and a client that keeps an exact copy
 * of the export through random changes (docs/decisions/022-change-feed-webhooks.md).
 */

let userId = "";
let apiKey = "";
let otherApiKey = "";

beforeAll(async () => {
  userId = (await makeUser()).id;
  makeActiveListings(userId, 30, { owner: { firstName: "Claire", lastName: "Martin", email: "claire@example.fr" } });
  apiKey = makeExportKey(userId).apiKey;
  otherApiKey = makeExportKey((await makeUser()).id, "Clé d'un autre compte").apiKey;
});

beforeEach(() => {
  resetRateLimits();
  resetExportApiGuards();
});

async function page<T>(body: Record<string, unknown>): Promise<T> {
  const answer = await callExportApi({ apiKey, ...body });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as T;
}

/** Every listing of the export, in one call (the reference a synchronised copy is compared with). */
async function fullExport(key = apiKey): Promise<ExportedListing[]> {
  const answer = await callExportApi({ apiKey: key });
  return (answer.json as ExportResponse).properties;
}

const sql = () => getSqlite();

describe("sans les nouveaux paramètres", () => {
  it("la réponse est celle d'avant, octet pour octet, plus updated_at dans chaque annonce et next_cursor à la fin", async () => {
    const answer = await callExportApi({ apiKey, limit: 5, offset: 3 });
    const docs = sql()
      .prepare<[string], string>(
        `select cast(case when user_id = ? then doc else coalesce(public_doc, doc) end as text) from export_documents order by created_at desc, property_id desc limit 5 offset 3`,
      )
      .pluck()
      .all(userId);
    const total = sql().prepare<[], number>("select count(*) from export_documents").pluck().get()!;
    const before = `{"success":true,"count":5,"total":${total},"limit":5,"offset":3,"properties":[${docs.join(",")}]`;
    expect(answer.text.startsWith(before)).toBe(true);
    expect(answer.text.slice(before.length)).toMatch(/^,"next_cursor":"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+"\}$/);
    for (const doc of docs) expect(doc).toMatch(/,"updated_at":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"\}$/);
  });

  it("next_cursor est null sur la dernière page et sur l'export complet", async () => {
    const { total } = await page<ExportResponse>({ limit: 1 });
    expect((await page<ExportResponse>({ limit: 10, offset: total - 10 })).next_cursor).toBeNull();
    expect((await page<ExportResponse>({})).next_cursor).toBeNull();
    // A streamed page (limit above the buffered size) that does not reach the end has a cursor.
    makeActiveListings(userId, 510);
    const streamed = await page<ExportResponse>({ limit: 501 });
    expect(streamed.count).toBe(501);
    const next = await page<ExportResponse>({ cursor: streamed.next_cursor, limit: 1 });
    const reference = await page<ExportResponse>({ offset: 501, limit: 1 });
    expect(next.properties.map((listing) => listing.id)).toEqual(reference.properties.map((listing) => listing.id));
  });
});

describe("cursor", () => {
  it("parcourt tout l'export dans l'ordre, même quand des annonces arrivent entre deux pages", async () => {
    const expected = (await fullExport()).map((listing) => listing.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let first = true;
    while (first || cursor) {
      const answer: ExportResponse = await page<ExportResponse>(first ? { limit: 97 } : { cursor, limit: 97 });
      if (!first) expect(answer.offset).toBeNull();
      seen.push(...answer.properties.map((listing) => listing.id));
      // New listings arrive at the head of the export: an offset would shift, a cursor does not.
      makeActiveListings(userId, 3);
      cursor = answer.next_cursor;
      first = false;
    }
    expect(seen).toEqual(expected);
  });

  it("la page suivante par curseur lit l'index à sa position, sans parcourir ce qui précède", () => {
    const plan = sql()
      .prepare<[], { detail: string }>(
        `explain query plan select created_at, property_id, doc from export_documents
         where (created_at, property_id) < (1, 1) order by created_at desc, property_id desc limit 50`,
      )
      .all()
      .map((row) => row.detail)
      .join(" | ");
    // A SEARCH (a seek to the position), never a SCAN from the head of the export.
    expect(plan).toMatch(/^SEARCH export_documents USING INDEX export_documents_order_idx \(/);
    const feedPlan = sql()
      .prepare<[], { detail: string }>(`explain query plan select doc from export_documents where change_seq > 1 and change_seq <= 9 order by change_seq limit 50`)
      .all()
      .map((row) => row.detail)
      .join(" | ");
    expect(feedPlan).toMatch(/SEARCH export_documents USING INDEX export_documents_change_idx/);
  });

  it("un curseur modifié, inventé ou d'une autre clé : 400 en français", async () => {
    const { next_cursor: cursor } = await page<ExportResponse>({ limit: 2 });
    const [payload, mac] = cursor!.split(".") as [string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), i: 1 })).toString("base64url");
    const flipped = mac.startsWith("A") ? `B${mac.slice(1)}` : `A${mac.slice(1)}`;
    for (const bad of [`${forgedPayload}.${mac}`, `${payload}.${flipped}`, "bonjour", `${payload}.`, `${payload}.${mac}.x`, "x".repeat(300)]) {
      const answer = await callExportApi({ apiKey, cursor: bad });
      expect(answer.status, bad).toBe(400);
      expect(answer.json).toEqual({ success: false, error: "Curseur invalide : renvoyez tel quel le « next_cursor » ou le « sync_cursor » d'une réponse précédente" });
    }
    const stolen = await callExportApi({ apiKey: otherApiKey, cursor });
    expect(stolen.status).toBe(400);
    expect(stolen.json).toEqual({ success: false, error: "Ce curseur a été délivré à une autre clé API : chaque clé suit ses propres curseurs" });
  });
});

describe("updatedSince", () => {
  it("rend les annonces changées après l'instant, la plus ancienne d'abord, et celles sorties de l'export dans removed", async () => {
    const start = await page<ExportChangesResponse>({ updatedSince: new Date().toISOString() });
    const [a, b, c] = makeActiveListings(userId, 3) as [number, number, number];
    sql().prepare("update properties set price = price + 1000 where id = ?").run(a);
    sql().prepare("update properties set status = 'rejected' where id = ?").run(b);
    sql().prepare("update properties set withdrawn_at = ? where id = ?").run(Date.now(), c);
    const changes = await page<ExportChangesResponse>({ cursor: start.sync_cursor });
    expect(changes.properties.map((listing) => listing.id)).toEqual([a]);
    expect(changes.removed.map((entry) => entry.id)).toEqual([b, c]);
    for (const entry of changes.removed) expect(entry.removed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(changes.next_cursor).toBeNull();

    // The same stretch asked by instant: the listings changed after it, in order of change.
    const since = await page<ExportChangesResponse>({ updatedSince: new Date(Date.parse(changes.properties[0]!.updated_at) - 1).toISOString() });
    expect(since.properties.at(-1)!.id).toBe(a);
    expect(since.removed.map((entry) => entry.id)).toEqual([b, c]);

    // Nothing changed since: an empty page, the same position.
    const idle = await page<ExportChangesResponse>({ cursor: changes.sync_cursor });
    expect(idle).toMatchObject({ count: 0, properties: [], removed: [], next_cursor: null });
  });

  it("une écriture qui ne change pas le document ne le date pas de nouveau", async () => {
    const [id] = makeActiveListings(userId, 1) as [number];
    const before = sql().prepare<[number], number>("select updated_at from export_documents where property_id = ?").pluck().get(id);
    sql().prepare("update properties set updated_at = updated_at + 1, ai_flag_reason = 'x' where id = ?").run(id);
    expect(sql().prepare<[number], number>("select updated_at from export_documents where property_id = ?").pluck().get(id)).toBe(before);
  });

  it("refuse une date qui ne se lit pas", async () => {
    for (const updatedSince of ["hier", "2026-01-31", "2026-02-30T10:00:00Z", "2026-01-31T08:00:00", 1_700_000_000_000]) {
      const answer = await callExportApi({ apiKey, updatedSince });
      expect(answer.status, String(updatedSince)).toBe(400);
      expect((answer.json as { error: string }).error).toMatch(/^Le paramètre « updatedSince » doit être une date et heure ISO 8601/);
    }
  });
});

type Change =
  | { kind: "activate"; count: number; withOwner: boolean }
  | { kind: "edit"; pick: number; text: string }
  | { kind: "price"; pick: number; price: number }
  | { kind: "owner"; pick: number; email: string }
  | { kind: "blacklist"; pick: number }
  | { kind: "suspicious"; pick: number }
  | { kind: "withdraw"; pick: number }
  | { kind: "delete"; pick: number }
  | { kind: "reactivate"; pick: number }
  | { kind: "sync"; limit: number };

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant("activate" as const), count: fc.integer({ min: 1, max: 4 }), withOwner: fc.boolean() }),
  fc.record({ kind: fc.constant("edit" as const), pick: fc.nat(), text: fc.string({ minLength: 10, maxLength: 60 }) }),
  fc.record({ kind: fc.constant("price" as const), pick: fc.nat(), price: fc.integer({ min: 1, max: 2_000_000 }) }),
  fc.record({ kind: fc.constant("owner" as const), pick: fc.nat(), email: fc.emailAddress() }),
  fc.record({ kind: fc.constant("blacklist" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("suspicious" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("withdraw" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("reactivate" as const), pick: fc.nat() }),
  // The client synchronises between changes too, with small pages that changes interleave with.
  fc.record({ kind: fc.constant("sync" as const), limit: fc.integer({ min: 1, max: 5 }) }),
);

function apply(op: Exclude<Change, { kind: "sync" }>) {
  if (op.kind === "activate") {
    const ids = makeActiveListings(userId, op.count);
    if (op.withOwner) for (const id of ids) giveOwner(userId, id);
    return;
  }
  const ids = sql().prepare<[string], number>("select id from properties where created_by = ? order by id").pluck().all(userId);
  const id = ids[op.pick % ids.length]!;
  switch (op.kind) {
    case "edit":
      updateListingDescription(userId, id, op.text);
      break;
    case "price":
      sql().prepare("update properties set price = ? where id = ?").run(op.price, id);
      break;
    case "owner":
      if (!giveOwner(userId, id)) sql().prepare("update property_owners set email = ? where property_id = ?").run(op.email, id);
      break;
    case "blacklist":
      sql().prepare("update properties set status = 'rejected' where id = ?").run(id);
      break;
    case "suspicious":
      sql().prepare("update properties set status = 'suspicious' where id = ?").run(id);
      break;
    case "withdraw":
      sql().prepare("update properties set withdrawn_at = ? where id = ?").run(Date.now(), id);
      break;
    case "delete":
      sql().prepare("delete from properties where id = ?").run(id);
      break;
    case "reactivate":
      sql().prepare("update properties set status = 'active', withdrawn_at = null where id = ?").run(id);
      break;
  }
}

/** A customer's copy: what it would store from the feed, by listing id. */
class ClientCopy {
  listings = new Map<number, ExportedListing>();
  syncCursor: string | null = null;

  async sync(limit: number, between: () => void = () => undefined) {
    let body: Record<string, unknown> = this.syncCursor ? { cursor: this.syncCursor, limit } : { updatedSince: "1970-01-01T00:00:00.000Z", limit };
    for (;;) {
      const answer = await page<ExportChangesResponse>(body);
      for (const listing of answer.properties) this.listings.set(listing.id, listing);
      for (const { id } of answer.removed) this.listings.delete(id);
      this.syncCursor = answer.sync_cursor;
      if (!answer.next_cursor) return;
      between();
      body = { cursor: answer.next_cursor, limit };
    }
  }
}

it("une copie tenue par updatedSince + cursor reste égale à l'export complet, quels que soient les changements", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 30 }), fc.array(change, { maxLength: 4 }), async (changes, during) => {
      resetRateLimits();
      const copy = new ClientCopy();
      await copy.sync(50);
      for (const op of changes) {
        if (op.kind === "sync") await copy.sync(op.limit);
        else apply(op);
      }
      // Changes also land while the client pages through the feed.
      let pending = during.filter((op): op is Exclude<Change, { kind: "sync" }> => op.kind !== "sync");
      await copy.sync(3, () => {
        const next = pending[0];
        pending = pending.slice(1);
        if (next) apply(next);
      });
      await copy.sync(500);
      const reference = await fullExport();
      expect([...copy.listings.values()].sort((x, y) => x.id - y.id)).toEqual([...reference].sort((x, y) => x.id - y.id));
    }),
    { numRuns: 25 },
  );
});

it("la copie d'une autre clé n'a le propriétaire d'aucune annonce de ce compte", async () => {
  const answer = await callExportApi({ apiKey: otherApiKey, updatedSince: "1970-01-01T00:00:00Z" });
  const feed = answer.json as ExportChangesResponse;
  expect(feed.count).toBeGreaterThan(0);
  expect(feed.properties.every((listing) => listing.owner === null)).toBe(true);
  const own = await page<ExportChangesResponse>({ updatedSince: "1970-01-01T00:00:00Z" });
  expect(own.properties.some((listing) => listing.owner !== null)).toBe(true);
  const now = await page<ExportChangesResponse>({ updatedSince: new Date().toISOString() });
  // A listing whose only change is an owner edit shows up in the feed of the account's key.
  const [id] = makeActiveListings(userId, 1) as [number];
  giveOwner(userId, id);
  const after = await page<ExportChangesResponse>({ cursor: now.sync_cursor });
  expect(after.properties.map((listing) => listing.id)).toEqual([id]);
  expect(after.properties[0]!.owner).toEqual(expect.objectContaining({ email: expect.any(String) }));
});
