import crypto from "node:crypto";
import type Database from "better-sqlite3";
import { WEBHOOKS } from "~/config";
import { getSqlite } from "~/utils/db.server";
import { DOC_FOR_KEY } from "../export/export-api-listings.server";

/**
 * Cutting an export connection's webhook batches (issue 18): the export events after the
 * connection's position (api_connections.webhook_seq), at most WEBHOOKS.maxEvents per batch, in
 * seq order, which is the order of the changes of each listing. A batch is frozen when it is cut:
 * its id and its events never change, so a retry after a failure or a restart sends the same
 * POST, which the receiver de-duplicates on X-Vigimmo-Delivery.
 *
 * An activated or updated event carries `listing`, the document the connection's account's key
 * gets when the batch is cut (owner only for that account's own listings); when the listing has
 * left the export since, it has no `listing` and its `listing.removed` event follows.
 */

type EventRow = { seq: number; propertyId: number; type: "activated" | "updated" | "removed"; occurredAt: number; doc: Buffer | null };

type Statements = {
  events: Database.Statement<[{ from: number; limit: number; keyUserId: string }], EventRow>;
  insert: Database.Statement<[{ id: string; connectionId: string; firstSeq: number; lastSeq: number; count: number; events: string; now: number }]>;
  advance: Database.Statement<[{ connectionId: string; seq: number }]>;
  position: Database.Statement<[string], { seq: number; userId: string }>;
  cut: Database.Transaction<(connectionId: string, now: number) => number>;
};

const cache = new WeakMap<Database.Database, Statements>();

const iso = (ms: number) => new Date(ms).toISOString();

function eventJson(row: EventRow): string {
  const head = `{"type":"listing.${row.type}","id":${row.propertyId},"occurred_at":"${iso(row.occurredAt)}"`;
  return row.doc && row.type !== "removed" ? `${head},"listing":${row.doc.toString("utf8")}}` : `${head}}`;
}

function statements(sqlite: Database.Database): Statements {
  const existing = cache.get(sqlite);
  if (existing) return existing;
  const s: Statements = {
    events: sqlite.prepare(
      `select e.seq, e.property_id as propertyId, e.type, e.occurred_at as occurredAt,
         case when e.type = 'removed' then null else (select ${DOC_FOR_KEY} from export_documents d where d.property_id = e.property_id) end as doc
       from export_events e where e.seq > @from order by e.seq limit @limit`,
    ),
    insert: sqlite.prepare(
      `insert into webhook_deliveries (id, connection_id, kind, first_seq, last_seq, event_count, events, status, next_attempt_at, created_at)
       values (@id, @connectionId, 'events', @firstSeq, @lastSeq, @count, @events, 'pending', @now, @now)`,
    ),
    advance: sqlite.prepare(`update api_connections set webhook_seq = @seq where id = @connectionId`),
    position: sqlite.prepare(`select webhook_seq as seq, created_by as userId from api_connections where id = ?`),
    // One immediate transaction per batch: the position and the batch move together or not at all.
    cut: sqlite.transaction((connectionId: string, now: number): number => {
      const at = s.position.get(connectionId);
      if (!at) return 0;
      const rows = s.events.all({ from: at.seq, limit: WEBHOOKS.maxEvents, keyUserId: at.userId });
      if (rows.length === 0) return 0;
      const last = rows.at(-1)!.seq;
      s.insert.run({ id: crypto.randomUUID(), connectionId, firstSeq: rows[0]!.seq, lastSeq: last, count: rows.length, events: `[${rows.map(eventJson).join(",")}]`, now });
      s.advance.run({ connectionId, seq: last });
      return rows.length;
    }),
  };
  cache.set(sqlite, s);
  return s;
}

/** Cuts the connection's pending events into batches (WEBHOOKS.batchesPerRun at most); returns how many batches. */
export function cutWebhookBatches(connectionId: string, now: number, sqlite = getSqlite()): number {
  const { cut } = statements(sqlite);
  let batches = 0;
  while (batches < WEBHOOKS.batchesPerRun && cut.immediate(connectionId, now) > 0) batches += 1;
  return batches;
}
