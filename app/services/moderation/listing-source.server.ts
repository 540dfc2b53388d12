import type Database from "better-sqlite3";
import { getSqlite } from "~/utils/db.server";
import { createPacer } from "./pacer";
import type { ModerationListing } from "./types";

/**
 * Reads listings as the moderation engine sees them. Raw better-sqlite3 with prepared statements:
 * the context of a run streams every listing of the platform, which Drizzle's object mapping would
 * slow down several times over.
 */

/**
 * Rows read per context chunk. The connection is shared with every request, so a cursor is never
 * left open across a yield: each chunk is read whole, then handed over under a time budget.
 */
const CONTEXT_CHUNK = 1_000;

/** The owner's identity: e-mail, else name, else the account that imported the listing. */
const OWNER_KEY = `coalesce(
  nullif(lower(trim(o.email)), ''),
  nullif(lower(trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, ''))), ''),
  p.created_by)`;

const COLUMNS = `p.id, p.title, p.description, p.price, p.property_charges, p.property_type, p.transaction_type,
  p.surface_area, p.rooms, p.bedrooms, p.floor, p.total_floors, p.year_built, p.energy_rating, p.city,
  p.postal_code, p.images, p.features, p.created_at, ${OWNER_KEY} as owner_key`;

const FROM = `from properties p left join property_owners o on o.property_id = p.id`;

export type ListingRow = {
  id: number;
  title: string;
  description: string | null;
  price: number | null;
  property_charges: number | null;
  property_type: string | null;
  transaction_type: "sale" | "rental";
  surface_area: number | null;
  rooms: number | null;
  bedrooms: number | null;
  floor: number | null;
  total_floors: number | null;
  year_built: number | null;
  energy_rating: string | null;
  city: string | null;
  postal_code: string | null;
  images: string;
  features: string;
  created_at: number;
  owner_key: string | null;
};

/** A listing of a batch, with what the write must find unchanged. */
export type BatchRow = ListingRow & { status: "pending" | "suspicious"; updated_at: number };

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export function toModerationListing(row: ListingRow): ModerationListing {
  return {
    id: String(row.id),
    title: row.title,
    description: row.description,
    price: row.price,
    propertyCharges: row.property_charges,
    propertyType: row.property_type,
    transactionType: row.transaction_type,
    surfaceArea: row.surface_area,
    rooms: row.rooms,
    bedrooms: row.bedrooms,
    floor: row.floor,
    totalFloors: row.total_floors,
    yearBuilt: row.year_built,
    energyRating: row.energy_rating,
    city: row.city,
    postalCode: row.postal_code,
    images: parseList(row.images),
    features: parseList(row.features),
    ownerKey: row.owner_key,
    publishedAt: row.created_at,
  };
}

type Statements = {
  contextChunk: Database.Statement<[number, number], ListingRow>;
  countPending: Database.Statement<[string], { n: number }>;
  countReanalyze: Database.Statement<[string], { n: number }>;
};

const cache = new WeakMap<Database.Database, Statements>();

function statements(sqlite: Database.Database): Statements {
  let prepared = cache.get(sqlite);
  if (prepared) return prepared;
  prepared = {
    // Keyset on the rowid: every chunk is an index range, whatever the table size.
    contextChunk: sqlite.prepare(`select ${COLUMNS} ${FROM} where p.id > ? order by p.id limit ?`),
    countPending: sqlite.prepare(`select count(*) as n from properties where created_by = ? and status = 'pending'`),
    countReanalyze: sqlite.prepare(
      `select count(*) as n from properties where created_by = ? and status = 'suspicious' and ai_confidence is null`,
    ),
  };
  cache.set(sqlite, prepared);
  return prepared;
}

/**
 * Streams every listing of the platform (all users: comparables are market data) in chunks.
 * `pace` is called between listings and may return a promise to await (a yield to the event
 * loop); `db` is the main connection or the analysis worker's own read-only one.
 */
export async function streamPlatformListings(
  db: Database.Database,
  onListing: (listing: ModerationListing) => void,
  options: { signal?: AbortSignal; pace?: () => Promise<void> | undefined } = {},
): Promise<number> {
  const st = statements(db);
  const pace = options.pace ?? createPacer();
  let lastId = 0;
  let seen = 0;
  for (;;) {
    const chunk: ListingRow[] = [];
    for (const row of st.contextChunk.iterate(lastId, CONTEXT_CHUNK)) chunk.push(row);
    for (const row of chunk) {
      onListing(toModerationListing(row));
      const pause = pace();
      if (pause) await pause;
    }
    seen += chunk.length;
    if (chunk.length < CONTEXT_CHUNK || options.signal?.aborted) return seen;
    lastId = chunk[chunk.length - 1]!.id;
    const pause = pace();
    if (pause) await pause;
  }
}

/**
 * What a run decides on. Its listings are listed once, by id, then read batch by batch in rowid
 * order: neighbouring rows share pages, so reading and writing touch far fewer pages than in any
 * other order (demo data, for one, has creation dates unrelated to ids).
 */
export type TargetMode = "pending" | "ids" | "reanalyze";

/**
 * The condition on a run's listings. `rowLookup` prefixes the columns with a unary plus, which
 * keeps SQLite from answering "id in (...)" by scanning the (created_by, status) index range of
 * every pending listing for each batch instead of looking the 100 rowids up.
 */
function targetFilter(mode: TargetMode, rowLookup = false): string {
  const col = (name: string) => `${rowLookup ? "+" : ""}p.${name}`;
  if (mode === "pending") return `${col("created_by")} = ? and ${col("status")} = 'pending'`;
  // Given ids: whatever moderation may still decide on (not validated, not blacklisted).
  if (mode === "ids") return `${col("created_by")} = ? and ${col("status")} in ('pending', 'suspicious')`;
  return `${col("created_by")} = ? and ${col("status")} = 'suspicious' and ${col("ai_confidence")} is null`;
}

/** The ids of a run's listings, ascending (served by the (created_by, status, ...) indexes). */
export function targetIds(db: Database.Database, userId: string, mode: TargetMode, given: number[] = []): number[] {
  if (mode === "ids") return [...new Set(given)].sort((a, b) => a - b);
  return db
    .prepare(`select p.id from properties p where ${targetFilter(mode)} order by p.id`)
    .pluck()
    .all(userId) as number[];
}

const batchStatements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** The listings among `ids` (one batch) still to decide, with the state they are analysed in. */
export function batchByIds(db: Database.Database, userId: string, mode: TargetMode, ids: number[]): BatchRow[] {
  if (ids.length === 0) return [];
  let prepared = batchStatements.get(db);
  if (!prepared) batchStatements.set(db, (prepared = new Map()));
  const key = `${mode}:${ids.length}`;
  let statement = prepared.get(key);
  if (!statement) {
    statement = db.prepare(
      `select ${COLUMNS}, p.status, p.updated_at ${FROM}
        where ${targetFilter(mode, true)} and p.id in (${ids.map(() => "?").join(", ")})
        order by p.id`,
    );
    prepared.set(key, statement);
  }
  return statement.all(userId, ...ids) as BatchRow[];
}

export function countPending(userId: string): number {
  return statements(getSqlite()).countPending.get(userId)?.n ?? 0;
}

export function countReanalyze(userId: string): number {
  return statements(getSqlite()).countReanalyze.get(userId)?.n ?? 0;
}

export function countIds(userId: string, ids: number[]): number {
  let total = 0;
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    const row = getSqlite()
      .prepare(
        `select count(*) as n from properties p
          where ${targetFilter("ids", true)} and p.id in (${chunk.map(() => "?").join(", ")})`,
      )
      .get(userId, ...chunk) as { n: number };
    total += row.n;
  }
  return total;
}
