import crypto from "node:crypto";
import type Database from "better-sqlite3";
import { WEBHOOKS } from "~/config";
import { getSqlite } from "~/utils/db.server";
import { DOC_FOR_KEY } from "../export/export-api-listings.server";

/**
 * Webhook batches of an export connection (issue 18), stored by reference (issue 23 items 5 and
 * 10): a batch is the export events first_seq..last_seq after the connection's position
 * (api_connections.webhook_seq), at most WEBHOOKS.maxEvents, in seq order. Its id and its events
 * never change, so a retry after a failure or a restart sends the same events under the same id,
 * which the receiver de-duplicates on `webhook-id`. Its documents are read when it is sent:
 * a batch row costs the same few bytes whatever the listings weigh, and an owner deleted by the
 * retention purge is never sent again by a retry or "Renvoyer".
 *
 * An activated or updated event carries `listing`, the document the connection's account's key
 * gets when the batch is sent (owner only for that account's own listings); when the listing has
 * left the export since, it has no `listing` and its `listing.removed` event follows.
 */

type EventRow = { seq: number; propertyId: number; type: "activated" | "updated" | "removed"; occurredAt: number; doc: Buffer | null };

type Statements = {
  events: Database.Statement<[{ from: number; to: number; keyUserId: string }], EventRow>;
  lastSeqs: Database.Statement<[{ from: number; limit: number }], number>;
  insert: Database.Statement<[{ id: string; connectionId: string; firstSeq: number; lastSeq: number; count: number; now: number }]>;
  advance: Database.Statement<[{ connectionId: string; seq: number }]>;
  position: Database.Statement<[string], { seq: number; pending: number }>;
  cut: Database.Transaction<(connectionId: string, now: number) => number>;
};

const cache = new WeakMap<Database.Database, Statements>();

const iso = (ms: number) => new Date(ms).toISOString();

const CLOSE = Buffer.from("}");

/** One event's JSON as bytes: the stored document is copied, never decoded to text and back. */
function pushEventJson(parts: Buffer[], row: EventRow) {
  const head = `{"type":"listing.${row.type}","id":${row.propertyId},"occurred_at":"${iso(row.occurredAt)}"`;
  if (row.doc && row.type !== "removed") parts.push(Buffer.from(`${head},"listing":`), row.doc, CLOSE);
  else parts.push(Buffer.from(`${head}}`));
}

function statements(sqlite: Database.Database): Statements {
  const existing = cache.get(sqlite);
  if (existing) return existing;
  const s: Statements = {
    events: sqlite.prepare(
      `select e.seq, e.property_id as propertyId, e.type, e.occurred_at as occurredAt,
         case when e.type = 'removed' then null else (select ${DOC_FOR_KEY} from export_documents d where d.property_id = e.property_id) end as doc
       from export_events e where e.seq >= @from and e.seq <= @to order by e.seq`,
    ),
    lastSeqs: sqlite.prepare<[{ from: number; limit: number }], number>(`select seq from export_events where seq > @from order by seq limit @limit`).pluck(),
    insert: sqlite.prepare(
      `insert into webhook_deliveries (id, connection_id, kind, first_seq, last_seq, event_count, events, status, next_attempt_at, created_at)
       values (@id, @connectionId, 'events', @firstSeq, @lastSeq, @count, null, 'pending', @now, @now)`,
    ),
    advance: sqlite.prepare(`update api_connections set webhook_seq = @seq where id = @connectionId`),
    position: sqlite.prepare(
      `select webhook_seq as seq, (select count(*) from webhook_deliveries d where d.connection_id = c.id and d.kind = 'events' and d.status = 'pending') as pending
       from api_connections c where id = ?`,
    ),
    // One immediate transaction per batch: the position and the batch move together or not at all.
    cut: sqlite.transaction((connectionId: string, now: number): number => {
      const at = s.position.get(connectionId);
      // A connection whose receiver is behind keeps its events in the log, not in batches.
      if (!at || at.pending >= WEBHOOKS.maxPendingBatches) return 0;
      const seqs = s.lastSeqs.all({ from: at.seq, limit: WEBHOOKS.maxEvents });
      if (seqs.length === 0) return 0;
      const last = seqs.at(-1)!;
      s.insert.run({ id: crypto.randomUUID(), connectionId, firstSeq: seqs[0]!, lastSeq: last, count: seqs.length, now });
      s.advance.run({ connectionId, seq: last });
      return seqs.length;
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

/**
 * A webhook body, `prefix` + the batch's events as a JSON array + `suffix`, in UTF-8, with the
 * listings as the account `keyUserId` sees them now.
 */
export function batchBody(prefix: string, batch: { firstSeq: number; lastSeq: number }, keyUserId: string, suffix: string, sqlite = getSqlite()): Buffer {
  const rows = statements(sqlite).events.all({ from: batch.firstSeq, to: batch.lastSeq, keyUserId });
  const parts: Buffer[] = [Buffer.from(`${prefix}[`)];
  rows.forEach((row, index) => {
    if (index > 0) parts.push(COMMA);
    pushEventJson(parts, row);
  });
  parts.push(Buffer.from(`]${suffix}`));
  return Buffer.concat(parts);
}

const COMMA = Buffer.from(",");
