import type Database from "better-sqlite3";
import { EXPORT_PAGE_CACHE, EXPORT_STREAM_FLOOR } from "~/config";
import { getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { DocumentCache, type CachedDocument } from "./export-document-cache.server";

/**
 * Reading the active listings for the export API. Their JSON documents are stored, already
 * serialised, in export_documents (kept by the triggers of migration 0004): a page or an
 * export copies bytes and never builds JSON per listing (docs/decisions/007-export-api.md).
 *
 * - Pages (readListingsPage) use an in-memory copy of the ordered ids of active listings, so
 *   `offset` costs nothing and `total` is its length: COUNT(*) and OFFSET over 100 000 index
 *   entries cost 4 to 7 ms each, which would cap the API at ~100 pages per second. The
 *   documents pages read are kept in memory too (export-document-cache.server.ts).
 * - Each listing has two stored documents: `doc` with its owner, for keys of the listing's own
 *   account, and `public_doc` with `owner: null`, for every other key (migration 0009): a
 *   private owner's contact details never leave the account that holds them.
 * - Cursor pages (readListingsAfter) seek in that index after the previous page's last listing:
 *   a page costs the same at the first and at the 100 000th listing (issue 18).
 * - Full exports (openListingsExport) read keyset chunks after the last listing sent, each in
 *   its own short read: a slow client holds no read transaction (issue 23 item 4).
 */

/** The order of DECISIONS.md item 3, served by the index export_documents_order_idx. */
const ORDER = `order by created_at desc, property_id desc`;
/** The document a key may see: with the owner for its own account's listings only (documentForKey in JS). */
export const DOC_FOR_KEY = `case when user_id = @keyUserId then doc else coalesce(public_doc, doc) end`;

// Temp objects live only on this connection (no migration): they count the connection's own
// changes to export_documents, `order_changes` those to the set or order of exported listings
// (the cached order), `doc_changes` every change (the cached documents); `pragma data_version`
// covers other connections (CLIs, another process). Together they say when a cache is stale.
const CHANGE_COUNTER = `
create temp table if not exists export_listing_changes (order_changes integer not null, doc_changes integer not null);
insert into export_listing_changes (order_changes, doc_changes) select 0, 0 where not exists (select 1 from export_listing_changes);
create temp trigger if not exists export_listing_changes_insert after insert on main.export_documents
  begin update export_listing_changes set order_changes = order_changes + 1, doc_changes = doc_changes + 1; end;
create temp trigger if not exists export_listing_changes_delete after delete on main.export_documents
  begin update export_listing_changes set order_changes = order_changes + 1, doc_changes = doc_changes + 1; end;
create temp trigger if not exists export_listing_changes_update after update on main.export_documents
  begin update export_listing_changes set order_changes = order_changes + (old.created_at <> new.created_at), doc_changes = doc_changes + 1; end;`;

/** A listing's place in export order: what a listing cursor remembers. */
export type ListingPosition = { createdAt: number; id: number };

type PageState = {
  generation: Database.Statement<[], { dataVersion: number; orderChanges: number; docChanges: number }>;
  orderedIds: Database.Statement<[], number>;
  byIds: Database.Statement<[string], [number, string | null, Buffer, Buffer | null]>;
  createdAtOf: Database.Statement<[number], number>;
  after: Database.Statement<[{ createdAt: number; id: number; limit: number; keyUserId: string }], [number, number, Buffer]>;
  readInSnapshot: (offset: number, limit: number, keyUserId: string) => ListingsPage;
  readAfter: (after: ListingPosition, limit: number, keyUserId: string) => ListingsPage;
  cache: { generation: string; ids: number[] } | null;
  documents: DocumentCache;
};

/**
 * A page: the total of active listings, the number of listings in the page, their documents
 * (UTF-8 JSON) in order and separated by commas, and the position of its last listing when more
 * follow (null at the end of the export). The bytes may be shared: never modify them.
 */
export type ListingsPage = { total: number; count: number; docs: Buffer; next: ListingPosition | null };

const COMMA = Buffer.from(",");
const EMPTY = Buffer.alloc(0);

/** `prefix`, the documents separated by commas, `suffix`: one buffer, no text round trip. */
export function joinDocuments(prefix: string, docs: Buffer[], suffix: string): Buffer<ArrayBuffer> {
  const parts: Buffer[] = [Buffer.from(prefix, "utf8")];
  docs.forEach((doc, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(doc);
  });
  parts.push(Buffer.from(suffix, "utf8"));
  return Buffer.concat(parts);
}

const states = new WeakMap<Database.Database, PageState>();

function pageState(sqlite: Database.Database): PageState {
  const existing = states.get(sqlite);
  if (existing) return existing;
  sqlite.exec(CHANGE_COUNTER);
  const state: PageState = {
    generation: sqlite.prepare(
      `select (select data_version from pragma_data_version) as dataVersion, order_changes as orderChanges, doc_changes as docChanges
         from temp.export_listing_changes`,
    ),
    orderedIds: sqlite.prepare<[], number>(`select property_id from export_documents ${ORDER}`).pluck(),
    byIds: sqlite
      .prepare<[string], [number, string | null, Buffer, Buffer | null]>(
        `select property_id, user_id, doc, public_doc from export_documents where property_id in (select value from json_each(?))`,
      )
      .raw(),
    createdAtOf: sqlite.prepare<[number], number>(`select created_at from export_documents where property_id = ?`).pluck(),
    after: sqlite
      .prepare<[{ createdAt: number; id: number; limit: number; keyUserId: string }], [number, number, Buffer]>(
        `select created_at, property_id, ${DOC_FOR_KEY} from export_documents
         where (created_at, property_id) < (@createdAt, @id) ${ORDER} limit @limit`,
      )
      .raw(),
    cache: null,
    documents: new DocumentCache(EXPORT_PAGE_CACHE),
    // One deferred transaction: the version check, the ids and the rows share one snapshot.
    readInSnapshot: sqlite.transaction((offset: number, limit: number, keyUserId: string): ListingsPage => {
      const { orderGeneration, docGeneration } = generations(state);
      const ids = orderedIds(state, orderGeneration).slice(offset, offset + limit);
      const total = state.cache!.ids.length;
      if (ids.length === 0) return { total, count: 0, docs: EMPTY, next: null };
      const documents = state.documents
        .documents(docGeneration, ids, (missing) =>
          state.byIds.all(JSON.stringify(missing)).map(([id, userId, doc, publicDoc]) => [id, { userId, doc, publicDoc }] as [number, CachedDocument]),
        )
        .filter((document) => document !== undefined);
      const page = state.documents.page(docGeneration, `${offset}:${limit}`, keyUserId, documents);
      return { total, ...page, next: nextAfter(state, offset, page.count) };
    }),
    readAfter: sqlite.transaction((after: ListingPosition, limit: number, keyUserId: string): ListingsPage => {
      const total = orderedIds(state, generations(state).orderGeneration).length;
      // One row more than asked says whether the export goes on, without counting what is left.
      const rows = state.after.all({ ...after, limit: limit + 1, keyUserId });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        total,
        count: page.length,
        docs: joinDocuments("", page.map((row) => row[2]), ""),
        next: rows.length > limit && last ? { createdAt: last[0], id: last[1] } : null,
      };
    }),
  };
  states.set(sqlite, state);
  return state;
}

/** The ordered ids of active listings, read again when the order changed. */
function orderedIds(state: PageState, orderGeneration: string): number[] {
  if (state.cache?.generation !== orderGeneration) state.cache = { generation: orderGeneration, ids: state.orderedIds.all() };
  return state.cache.ids;
}

/** Where a cursor continues after a page of `count` listings at `offset` (null: nothing follows). */
function nextAfter(state: PageState, offset: number, count: number): ListingPosition | null {
  const ids = state.cache!.ids;
  if (count === 0 || offset + count >= ids.length) return null;
  const id = ids[offset + count - 1]!;
  return { createdAt: state.createdAtOf.get(id)!, id };
}

function generations(state: PageState) {
  const { dataVersion, orderChanges, docChanges } = state.generation.get()!;
  return { orderGeneration: `${dataVersion}:${orderChanges}`, docGeneration: `${dataVersion}:${docChanges}` };
}

/** One page of active listings in export order, as the key of `keyUserId`'s account sees them, with the total, from one snapshot. */
export function readListingsPage(offset: number, limit: number, keyUserId: string, sqlite = getSqlite()): ListingsPage {
  const state = pageState(sqlite);
  // A page held for the current generations is that snapshot already: one query, no transaction
  // (BEGIN and COMMIT cost more than the rest of a held page).
  const { orderGeneration, docGeneration } = generations(state);
  const held = state.cache?.generation === orderGeneration ? state.documents.heldPage(docGeneration, `${offset}:${limit}`, keyUserId) : undefined;
  return held
    ? { total: state.cache!.ids.length, ...held, next: nextAfter(state, offset, held.count) }
    : state.readInSnapshot(offset, limit, keyUserId);
}

/** The page that follows the listing at `after` in export order (a cursor page), from one snapshot. */
export function readListingsAfter(after: ListingPosition, limit: number, keyUserId: string, sqlite = getSqlite()): ListingsPage {
  return pageState(sqlite).readAfter(after, limit, keyUserId);
}

export type ListingsExport = {
  total: number;
  count: number;
  /** The last streamed listing's position when listings follow it (a `limit` smaller than what is left). */
  next: ListingPosition | null;
  /** The body: `prefix`, the listings separated by commas, `suffix`. Releases the export's place at the end. */
  stream(prefix: string, suffix: string, options?: StreamOptions): ReadableStream<Uint8Array>;
};

export type StreamOptions = {
  /** Stops reading when the client goes away. */
  signal?: AbortSignal;
  /** Resolves when the socket has room again (backpressure), if the server provides it. */
  waitForDrain?: () => Promise<void> | void;
  /** The slowest reading accepted (EXPORT_STREAM_FLOOR by default). */
  floor?: { bytesPerSecond: number; graceMs: number };
};

/** Rows sent per pull: big enough to amortise the pull, small enough to keep latency low. */
const ROWS_PER_CHUNK = 500;
/** The first chunk is smaller so that the client sees the first bytes sooner. */
const ROWS_IN_FIRST_CHUNK = 50;

type ChunkRow = [createdAt: number, id: number, doc: Buffer];
type ExportStatements = {
  total: Database.Statement<[], number>;
  positionAt: Database.Statement<[number], ListingPosition>;
  from: Database.Statement<[{ createdAt: number; id: number; keyUserId: string; limit: number }], ChunkRow>;
  after: Database.Statement<[{ createdAt: number; id: number; keyUserId: string; limit: number }], ChunkRow>;
  open: Database.Transaction<(offset: number, limit: number | null) => { total: number; count: number; first: ListingPosition | null; next: ListingPosition | null }>;
};

const exportStatements = new WeakMap<Database.Database, ExportStatements>();

function statementsForExport(sqlite: Database.Database): ExportStatements {
  const existing = exportStatements.get(sqlite);
  if (existing) return existing;
  const s: ExportStatements = {
    total: sqlite.prepare<[], number>(`select count(*) from export_documents`).pluck(),
    positionAt: sqlite.prepare<[number], ListingPosition>(`select created_at as createdAt, property_id as id from export_documents ${ORDER} limit 1 offset ?`),
    from: sqlite
      .prepare<[{ createdAt: number; id: number; keyUserId: string; limit: number }], ChunkRow>(
        `select created_at, property_id, ${DOC_FOR_KEY} from export_documents where (created_at, property_id) <= (@createdAt, @id) ${ORDER} limit @limit`,
      )
      .raw(),
    after: sqlite
      .prepare<[{ createdAt: number; id: number; keyUserId: string; limit: number }], ChunkRow>(
        `select created_at, property_id, ${DOC_FOR_KEY} from export_documents where (created_at, property_id) < (@createdAt, @id) ${ORDER} limit @limit`,
      )
      .raw(),
    // One short read: the total, the count, the first listing to send and where the next page would start.
    open: sqlite.transaction((offset: number, limit: number | null) => {
      const total = s.total.get() ?? 0;
      const count = Math.max(0, Math.min(limit ?? Number.MAX_SAFE_INTEGER, total - offset));
      const first = count > 0 ? (s.positionAt.get(offset) ?? null) : null;
      const next = count > 0 && offset + count < total ? (s.positionAt.get(offset + count - 1) ?? null) : null;
      return { total, count, first, next };
    }),
  };
  exportStatements.set(sqlite, s);
  return s;
}

/**
 * A full export (or a page above EXPORT_API_BUFFERED_LIMIT) from `offset`, at most `limit`
 * listings (all when null). `total`, `count` and `next` come from one short read before the
 * first byte; the listings are then read in keyset chunks after the last one sent, each chunk
 * its own short read on the app's connection (issue 23 item 4): no read transaction stays open
 * while a slow client drains its socket, so the WAL checkpoints behind it. A listing added
 * meanwhile is newer than the first one sent, so it is not sent (as with a snapshot); the price
 * is that a listing leaving the export while the stream runs is not sent either (then fewer
 * listings than `count`), and an edit made meanwhile may be sent. The change feed
 * (`updatedSince`) reports both.
 */
export function openListingsExport(offset: number, limit: number | null, keyUserId: string, onRelease?: () => void, sqlite = getSqlite()): ListingsExport {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    onRelease?.();
  };
  try {
    const s = statementsForExport(sqlite);
    const { total, count, first, next } = s.open.deferred(offset, limit);
    // Inclusive for the first chunk (from `first`), exclusive after the last listing sent.
    let position: { at: ListingPosition; inclusive: boolean } | null = first && { at: first, inclusive: true };
    let left = count;
    const readChunk = (size: number): { docs: Buffer[]; done: boolean } => {
      const limit = Math.min(size, left);
      if (limit <= 0 || !position) return { docs: [], done: true };
      const rows = (position.inclusive ? s.from : s.after).all({ ...position.at, keyUserId, limit });
      const last = rows.at(-1);
      if (last) position = { at: { createdAt: last[0], id: last[1] }, inclusive: false };
      left -= rows.length;
      return { docs: rows.map((row) => row[2]), done: rows.length < limit || left <= 0 };
    };
    return {
      total,
      count,
      next,
      stream: (prefix, suffix, options = {}) => streamChunks(readChunk, prefix, suffix, options, release),
    };
  } catch (error) {
    release();
    throw error;
  }
}

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Thrown into a stream whose client reads slower than the floor. */
export class ExportTooSlowError extends Error {}

/**
 * The stream of a full export. A client must take the bytes at EXPORT_STREAM_FLOOR at least
 * (after a grace period): one that reads slower, or stops reading, is cut when it falls behind
 * (a watchdog armed after each chunk, so a client that never drains is cut too), and its place
 * goes back to others (issue 23 item 4).
 */
function streamChunks(
  readChunk: (size: number) => { docs: Buffer[]; done: boolean },
  prefix: string,
  suffix: string,
  { signal, waitForDrain, floor = EXPORT_STREAM_FLOOR }: StreamOptions,
  release: () => void,
): ReadableStream<Uint8Array> {
  let started = false;
  let finished = false;
  let onAbort: (() => void) | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  const startedAt = Date.now();
  let sentBytes = 0;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(watchdog);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
    release();
  };
  /** When the bytes sent so far must have been taken by the client. */
  const dueBy = () => startedAt + floor.graceMs + (sentBytes / floor.bytesPerSecond) * 1000;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        onAbort = () => {
          finish();
          try {
            controller.close();
          } catch {
            // already closed or errored
          }
        };
        if (signal?.aborted) onAbort();
        else signal?.addEventListener("abort", onAbort, { once: true });
      },
      async pull(controller) {
        try {
          if (started) {
            // Give other requests the event loop between chunks, and wait for a slow client.
            await nextMacrotask();
            if (waitForDrain) await waitForDrain();
            if (finished) return;
          }
          const chunk = readChunk(started ? ROWS_PER_CHUNK : ROWS_IN_FIRST_CHUNK);
          const separator = started && chunk.docs.length > 0 ? "," : "";
          const bytes = joinDocuments((started ? "" : prefix) + separator, chunk.docs, chunk.done ? suffix : "");
          controller.enqueue(bytes);
          started = true;
          sentBytes += bytes.length;
          clearTimeout(watchdog);
          if (chunk.done) {
            finish();
            controller.close();
            return;
          }
          watchdog = setTimeout(() => {
            if (finished) return;
            finish();
            logEvent("export_api.too_slow", { sentBytes, seconds: Math.round((Date.now() - startedAt) / 1000) });
            controller.error(new ExportTooSlowError("client trop lent"));
          }, Math.max(0, dueBy() - Date.now()));
          // Never what keeps a stopping process alive.
          watchdog.unref();
        } catch (error) {
          finish();
          controller.error(error);
        }
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: 0 },
  );
}
