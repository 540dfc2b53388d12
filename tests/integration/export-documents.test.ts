import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { updateListingDescription } from "~/services/listings/listings.server";
import { upsertListings } from "~/services/listings/listing-upsert.server";
import { getSqlite } from "~/utils/db.server";
import { listingInput, makeUser, giveOwner } from "../setup/factories";

/**
 * export_documents is a copy kept by triggers (migration 0004): whatever happens to listings and
 * their owners, it must hold exactly the active listings, each with its current document.
 */

type Row = { property_id: number; created_at: number; user_id: string; doc: string; public_doc: string };

const COLUMNS = "property_id, created_at, user_id, cast(doc as text) as doc, cast(public_doc as text) as public_doc";

const STAMP = /,"updated_at":"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)"\}$/;

/** A stored document without the `updated_at` its triggers append (migration 0016), checked against the column. */
function unstamped(doc: string, updatedAt: number): string {
  const match = STAMP.exec(doc);
  expect(match?.[1]).toBe(new Date(updatedAt).toISOString());
  return doc.replace(STAMP, "}");
}

function stored(): Row[] {
  return getSqlite()
    .prepare<[], Row & { updated_at: number }>(`select ${COLUMNS}, updated_at from export_documents order by property_id`)
    .all()
    .map(({ updated_at, ...row }) => ({
      ...row,
      doc: unstamped(row.doc, updated_at),
      public_doc: row.public_doc === null ? row.public_doc : unstamped(row.public_doc, updated_at),
    }));
}

function expected(): Row[] {
  return getSqlite()
    .prepare<[], Row>(`select ${COLUMNS} from export_listing_documents order by property_id`)
    .all();
}

/** Per listing ever exported, its last event: what the change feed and webhooks replay. */
function lastEvents() {
  return getSqlite()
    .prepare<[], { property_id: number; seq: number }>(
      `select property_id, seq from export_events e where seq = (select max(seq) from export_events where property_id = e.property_id)
         and type <> 'removed' order by property_id`,
    )
    .all();
}

function documentPositions() {
  return getSqlite().prepare<[], { property_id: number; seq: number }>("select property_id, change_seq as seq from export_documents order by property_id").all();
}

const STATUSES = ["pending", "suspicious", "active", "rejected"] as const;
let users: string[] = [];

beforeAll(async () => {
  users = [(await makeUser()).id, (await makeUser()).id];
});

const listingIds = () => getSqlite().prepare<[], number>("select id from properties order by id").pluck().all();

/** One change of the kinds the app makes, on the `pick`-th listing (modulo their number). */
type Operation =
  | { kind: "import"; user: number; count: number; active: boolean }
  | { kind: "reimport"; pick: number; title: string }
  | { kind: "status"; pick: number; status: (typeof STATUSES)[number] }
  | { kind: "description"; pick: number; text: string }
  | { kind: "price"; pick: number; price: number | null }
  | { kind: "createdAt"; pick: number; at: number }
  | { kind: "addOwner"; pick: number }
  | { kind: "editOwner"; pick: number; email: string }
  | { kind: "removeOwner"; pick: number }
  | { kind: "delete"; pick: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant("import" as const), user: fc.integer({ min: 0, max: 1 }), count: fc.integer({ min: 1, max: 3 }), active: fc.boolean() }),
  fc.record({ kind: fc.constant("reimport" as const), pick: fc.nat(), title: fc.string({ minLength: 1, maxLength: 30 }) }),
  fc.record({ kind: fc.constant("status" as const), pick: fc.nat(), status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant("description" as const), pick: fc.nat(), text: fc.string({ minLength: 1, maxLength: 80 }) }),
  fc.record({ kind: fc.constant("price" as const), pick: fc.nat(), price: fc.option(fc.double({ min: 0, max: 2e6, noNaN: true })) }),
  fc.record({ kind: fc.constant("createdAt" as const), pick: fc.nat(), at: fc.integer({ min: 1e12, max: 2e12 }) }),
  fc.record({ kind: fc.constant("addOwner" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("editOwner" as const), pick: fc.nat(), email: fc.emailAddress() }),
  fc.record({ kind: fc.constant("removeOwner" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
);

function apply(op: Operation) {
  const sqlite = getSqlite();
  if (op.kind === "import") {
    const inputs = Array.from({ length: op.count }, () => listingInput());
    upsertListings(users[op.user]!, inputs);
    if (op.active) sqlite.prepare("update properties set status = 'active' where id > (select max(id) from properties) - ?").run(op.count);
    return;
  }
  const ids = listingIds();
  if (ids.length === 0) return;
  const id = ids[op.pick % ids.length]!;
  const row = sqlite.prepare<[number], { created_by: string; source_platform_id: string }>("select created_by, source_platform_id from properties where id = ?").get(id)!;
  switch (op.kind) {
    case "reimport":
      // The same source reference again: an update through the import upsert.
      upsertListings(row.created_by, [listingInput({ sourcePlatformId: row.source_platform_id, title: op.title })]);
      break;
    case "status":
      sqlite.prepare("update properties set status = ? where id = ?").run(op.status, id);
      break;
    case "description":
      updateListingDescription(row.created_by, id, op.text);
      break;
    case "price":
      sqlite.prepare("update properties set price = ? where id = ?").run(op.price, id);
      break;
    case "createdAt":
      sqlite.prepare("update properties set created_at = ? where id = ?").run(op.at, id);
      break;
    case "addOwner":
      giveOwner(row.created_by, id);
      break;
    case "editOwner":
      sqlite.prepare("update property_owners set email = ? where property_id = ?").run(op.email, id);
      break;
    case "removeOwner":
      sqlite.prepare("delete from property_owners where property_id = ?").run(id);
      break;
    case "delete":
      sqlite.prepare("delete from properties where id = ?").run(id);
      break;
  }
}

it("après n'importe quelle suite de changements, les documents exportés sont ceux des annonces actives, à jour", () => {
  fc.assert(
    fc.property(fc.array(operation, { minLength: 1, maxLength: 25 }), (operations) => {
      for (const op of operations) apply(op);
      const rows = stored();
      expect(rows).toEqual(expected());
      const active = getSqlite().prepare<[], number>("select id from properties where status = 'active' order by id").pluck().all();
      expect(rows.map((row) => row.property_id)).toEqual(active);
      expect(lastEvents()).toEqual(documentPositions());
      // Bytes, not text: the API copies them as buffers.
      expect(getSqlite().prepare("select count(*) from export_documents where typeof(doc) <> 'blob' or typeof(public_doc) not in ('blob', 'null')").pluck().get()).toBe(0);
      expect(getSqlite().prepare("select count(*) from export_staging").pluck().get()).toBe(0);
    }),
    { numRuns: 60 },
  );
});

it("le document porte le propriétaire et suit la suppression du compte qui possède l'annonce", async () => {
  const user = await makeUser();
  upsertListings(user.id, [listingInput({ price: 1250, surfaceArea: 61.5 })]);
  const id = getSqlite().prepare<[string], number>("select max(id) from properties where created_by = ?").pluck().get(user.id)!;
  getSqlite().prepare("update properties set status = 'active' where id = ?").run(id);
  giveOwner(user.id, id);
  const doc = JSON.parse(stored().find((row) => row.property_id === id)!.doc) as Record<string, unknown>;
  expect(doc).toMatchObject({ id, price: 1250, surface_area: 61.5, status: "active" });
  expect(doc.owner).toEqual(expect.objectContaining({ email: expect.stringMatching(/@agence-exemple\.fr$/) }));
  expect(doc.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  // The public twin: the same bytes but for a null owner, and the listing's account.
  const row = stored().find((entry) => entry.property_id === id)!;
  expect(row.user_id).toBe(user.id);
  expect(row.public_doc).toBe(row.doc.replace(/"owner":\{[^}]*\}/, '"owner":null'));

  getSqlite().prepare("delete from users where id = ?").run(user.id);
  expect(stored().some((row) => row.property_id === id)).toBe(false);
  expect(stored()).toEqual(expected());
});
