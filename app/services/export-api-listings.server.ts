import Database from "better-sqlite3";
import { getSqlite } from "~/utils/db.server";

/**
 * Reading the active listings for the export API. Rows leave SQLite already serialised by
 * json_object (one string per listing), so neither path builds JS objects per listing.
 *
 * - Pages (readListingsPage) use an in-memory copy of the ordered ids of active listings, so
 *   `offset` costs nothing and `total` is its length: COUNT(*) and OFFSET over 100 000 index
 *   entries cost 4 to 7 ms each, which would cap the API at ~100 pages per second.
 * - Full exports (openListingsExport) run on their own read-only connection: an open iterator
 *   makes a better-sqlite3 connection refuse writes, and the export holds one snapshot from
 *   COUNT to the last row.
 */

const iso = (column: string) =>
  `case when ${column} is null then null else printf('%s.%03dZ', strftime('%Y-%m-%dT%H:%M:%S', ${column} / 1000, 'unixepoch'), ${column} % 1000) end`;
// Whole euros and m² read as 850, not 850.0 (SQLite prints every REAL with a decimal part).
const num = (column: string) => `iif(${column} = cast(${column} as integer), cast(${column} as integer), ${column})`;
// json() gives its argument the JSON subtype, so lists and the owner are embedded, not quoted.
const jsonList = (column: string) => `json(case when json_valid(${column}) then ${column} else '[]' end)`;

const LISTING_JSON = `json_object(
  'id', p.id, 'title', p.title, 'description', p.description, 'price', ${num("p.price")},
  'property_type', p.property_type, 'transaction_type', p.transaction_type,
  'address', p.address, 'city', p.city, 'postal_code', p.postal_code,
  'surface_area', ${num("p.surface_area")}, 'rooms', p.rooms, 'bedrooms', p.bedrooms, 'bathrooms', p.bathrooms,
  'images', ${jsonList("p.images")}, 'features', ${jsonList("p.features")},
  'property_charges', ${num("p.property_charges")}, 'floor', p.floor, 'total_floors', p.total_floors,
  'year_built', p.year_built, 'energy_rating', p.energy_rating, 'source_url', p.source_url,
  'created_at', ${iso("p.created_at")},
  'owner', json(case when o.id is null then null
    else json_object('first_name', o.first_name, 'last_name', o.last_name, 'email', o.email) end),
  'status', p.status, 'ai_checked_at', ${iso("p.ai_checked_at")}, 'ai_confidence', p.ai_confidence)`;

const FROM_ACTIVE = `from properties p left join property_owners o on o.property_id = p.id where p.status = 'active'`;
/** The order of DECISIONS.md item 3, served by the index properties_status_created_idx. */
const ORDER = `order by p.created_at desc, p.id desc`;

// Temp objects live only on this connection (no migration): they count the connection's own
// changes to the set or order of active listings; `pragma data_version` covers other
// connections (CLIs, another process). Together they say when the cached order is stale.
const CHANGE_COUNTER = `
create temp table if not exists export_listing_changes (n integer not null);
insert into export_listing_changes (n) select 0 where not exists (select 1 from export_listing_changes);
create temp trigger if not exists export_listing_changes_insert after insert on main.properties
  when new.status = 'active' begin update export_listing_changes set n = n + 1; end;
create temp trigger if not exists export_listing_changes_delete after delete on main.properties
  when old.status = 'active' begin update export_listing_changes set n = n + 1; end;
create temp trigger if not exists export_listing_changes_update after update of status, created_at on main.properties
  when old.status = 'active' or new.status = 'active' begin update export_listing_changes set n = n + 1; end;`;

type PageState = {
  generation: Database.Statement<[], string>;
  orderedIds: Database.Statement<[], number>;
  byIds: Database.Statement<[string], { id: number; doc: string }>;
  read: (offset: number, limit: number) => ListingsPage;
  cache: { generation: string; ids: number[] } | null;
};

export type ListingsPage = { total: number; docs: string[] };

const states = new WeakMap<Database.Database, PageState>();

function pageState(sqlite: Database.Database): PageState {
  const existing = states.get(sqlite);
  if (existing) return existing;
  sqlite.exec(CHANGE_COUNTER);
  const state: PageState = {
    generation: sqlite
      .prepare<[], string>(`select (select data_version from pragma_data_version) || ':' || (select n from temp.export_listing_changes)`)
      .pluck(),
    orderedIds: sqlite.prepare<[], number>(`select p.id from properties p where p.status = 'active' ${ORDER}`).pluck(),
    // `+p.status` keeps the planner on rowid lookups: through the status index it would walk
    // every active listing to find the 50 asked for.
    byIds: sqlite.prepare(
      `select p.id, ${LISTING_JSON} as doc from properties p left join property_owners o on o.property_id = p.id
        where p.id in (select value from json_each(?)) and +p.status = 'active'`,
    ),
    cache: null,
    // One deferred transaction: the version check, the ids and the rows share one snapshot.
    read: sqlite
      .transaction((offset: number, limit: number): ListingsPage => {
        const generation = state.generation.get()!;
        if (state.cache?.generation !== generation) state.cache = { generation, ids: state.orderedIds.all() };
        const ids = state.cache.ids.slice(offset, offset + limit);
        const total = state.cache.ids.length;
        if (ids.length === 0) return { total, docs: [] };
        const docs = new Map(state.byIds.all(JSON.stringify(ids)).map((row) => [row.id, row.doc]));
        return { total, docs: ids.flatMap((id) => docs.get(id) ?? []) };
      }),
  };
  states.set(sqlite, state);
  return state;
}

/** One page of active listings in export order, with the total, from one snapshot. */
export function readListingsPage(offset: number, limit: number, sqlite = getSqlite()): ListingsPage {
  return pageState(sqlite).read(offset, limit);
}

export type ListingsExport = {
  total: number;
  count: number;
  /** The body: `prefix`, the listings separated by commas, `suffix`. Releases the snapshot at the end. */
  stream(prefix: string, suffix: string, options?: StreamOptions): ReadableStream<Uint8Array>;
  /** Releases the snapshot without streaming (nothing to send, or an error before sending). */
  close(): void;
};

export type StreamOptions = {
  /** Stops reading when the client goes away. */
  signal?: AbortSignal;
  /** Resolves when the socket has room again (backpressure), if the server provides it. */
  waitForDrain?: () => Promise<void> | void;
};

/** Rows serialised per pull: big enough to amortise the pull, small enough to keep latency low. */
const ROWS_PER_CHUNK = 500;
/** The first chunk is smaller so that the client sees the first bytes sooner. */
const ROWS_IN_FIRST_CHUNK = 50;

/**
 * Opens a snapshot of the active listings from `offset`, at most `limit` of them (all when
 * null), and counts them before the first byte is sent: `count` is exact for the snapshot.
 */
export function openListingsExport(offset: number, limit: number | null, onRelease?: () => void): ListingsExport {
  let reader: Database.Database;
  try {
    reader = new Database(getSqlite().name, { readonly: true, fileMustExist: true });
  } catch (error) {
    onRelease?.();
    throw error;
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      if (reader.inTransaction) reader.exec("commit");
    } finally {
      reader.close();
      onRelease?.();
    }
  };
  try {
    reader.pragma("busy_timeout = 5000");
    reader.exec("begin");
    const total = reader.prepare<[], number>(`select count(*) from properties p where p.status = 'active'`).pluck().get() ?? 0;
    const count = Math.max(0, Math.min(limit ?? Number.MAX_SAFE_INTEGER, total - offset));
    const rows = reader.prepare<[number, number], string>(`select ${LISTING_JSON} ${FROM_ACTIVE} ${ORDER} limit ? offset ?`).pluck();
    return {
      total,
      count,
      close: release,
      stream: (prefix, suffix, options = {}) => streamRows(count === 0 ? null : rows.iterate(count, offset), prefix, suffix, options, release),
    };
  } catch (error) {
    release();
    throw error;
  }
}

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

function streamRows(
  rows: IterableIterator<string> | null,
  prefix: string,
  suffix: string,
  { signal, waitForDrain }: StreamOptions,
  release: () => void,
): ReadableStream<Uint8Array> {
  let started = false;
  let finished = false;
  let onAbort: (() => void) | undefined;
  const finish = () => {
    if (finished) return;
    finished = true;
    if (onAbort) signal?.removeEventListener("abort", onAbort);
    rows?.return?.();
    release();
  };
  const nextChunk = (size: number): { text: string; done: boolean } => {
    const parts: string[] = [];
    while (rows && parts.length < size) {
      const next = rows.next();
      if (next.done) return { text: parts.join(","), done: true };
      parts.push(next.value);
    }
    return { text: parts.join(","), done: !rows };
  };
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
          const chunk = nextChunk(started ? ROWS_PER_CHUNK : ROWS_IN_FIRST_CHUNK);
          const separator = started && chunk.text ? "," : "";
          const text = (started ? "" : prefix) + separator + chunk.text + (chunk.done ? suffix : "");
          started = true;
          controller.enqueue(Buffer.from(text, "utf8"));
          if (chunk.done) {
            finish();
            controller.close();
          }
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
