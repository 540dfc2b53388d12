import type Database from "better-sqlite3";
import { getSqlite } from "~/utils/db.server";
import { createPacer } from "./pacer";
import type { ModerationListing } from "./types";

/**
 * Reads listings as the moderation engine sees them. Raw better-sqlite3 with prepared statements
 * returning arrays (`raw` mode): a run streams every listing of the platform, and named row
 * objects cost ~40 % more than arrays there, Drizzle's mapping several times more.
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

// The order of these columns is the layout of a raw row (see listingFromRow).
const COLUMNS = `p.id, p.title, p.description, p.price, p.property_charges, p.property_type, p.transaction_type,
  p.surface_area, p.rooms, p.bedrooms, p.floor, p.total_floors, p.year_built, p.energy_rating, p.city,
  p.postal_code, p.images, p.features, p.created_at, ${OWNER_KEY} as owner_key, p.status`;
const BATCH_COLUMNS = `${COLUMNS}, p.updated_at`;

const FROM = `from properties p left join property_owners o on o.property_id = p.id`;

/** A row of COLUMNS (then status and updated_at for a batch), as better-sqlite3 returns it raw. */
type RawRow = unknown[];

/** What a write needs of a listing: which row, and the state it was analysed in. */
export type BatchKey = { id: number; status: "pending" | "suspicious" | "active"; updated_at: number };

/** A listing of a batch, with what the write must find unchanged. */
export type BatchListing = { key: BatchKey; listing: ModerationListing };

function parseList(json: unknown): string[] {
  if (typeof json !== "string") return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export function listingFromRow(row: RawRow): ModerationListing {
  return {
    id: String(row[0]),
    title: row[1] as string,
    description: row[2] as string | null,
    price: row[3] as number | null,
    propertyCharges: row[4] as number | null,
    propertyType: row[5] as string | null,
    transactionType: row[6] as "sale" | "rental",
    surfaceArea: row[7] as number | null,
    rooms: row[8] as number | null,
    bedrooms: row[9] as number | null,
    floor: row[10] as number | null,
    totalFloors: row[11] as number | null,
    yearBuilt: row[12] as number | null,
    energyRating: row[13] as string | null,
    city: row[14] as string | null,
    postalCode: row[15] as string | null,
    images: parseList(row[16]),
    features: parseList(row[17]),
    publishedAt: row[18] as number,
    ownerKey: row[19] as string | null,
    // A listing already flagged or blacklisted is no market reference (SPEC's pending ones are
    // what a run moderates: excluding them would leave a first run without comparables).
    excludedFromComparables: row[20] === "suspicious" || row[20] === "rejected",
  };
}


type Statements = {
  contextChunk: Database.Statement<[number, number], RawRow>;
  countPending: Database.Statement<[string], { n: number }>;
  countReanalyze: Database.Statement<[string], { n: number }>;
};

const cache = new WeakMap<Database.Database, Statements>();

function statements(sqlite: Database.Database): Statements {
  let prepared = cache.get(sqlite);
  if (prepared) return prepared;
  prepared = {
    // Keyset on the rowid: every chunk is an index range, whatever the table size.
    contextChunk: sqlite.prepare<[number, number], RawRow>(`select ${COLUMNS} ${FROM} where p.id > ? order by p.id limit ?`).raw(true),
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
    const chunk = st.contextChunk.all(lastId, CONTEXT_CHUNK);
    for (const row of chunk) {
      onListing(listingFromRow(row));
      const pause = pace();
      if (pause) await pause;
    }
    seen += chunk.length;
    if (chunk.length < CONTEXT_CHUNK || options.signal?.aborted) return seen;
    lastId = chunk[chunk.length - 1]![0] as number;
    const pause = pace();
    if (pause) await pause;
  }
}

/**
 * What a run decides on. Its listings are listed once, by id, then read batch by batch in rowid
 * order: neighbouring rows share pages, so reading and writing touch far fewer pages than in any
 * other order (demo data, for one, has creation dates unrelated to ids).
 */
export type TargetMode = "pending" | "ids" | "reanalyze" | "rescore";

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
  // Validated listings an import changed (price, description): still active, verdict cleared (issue 25 section 4).
  if (mode === "rescore") return `${col("created_by")} = ? and ${col("status")} = 'active' and ${col("ai_checked_at")} is null`;
  return `${col("created_by")} = ? and ${col("status")} = 'suspicious' and ${col("ai_confidence")} is null`;
}

/** The ids of a run's listings, ascending (served by the (created_by, status, ...) indexes). */
export function targetIds(db: Database.Database, userId: string, mode: TargetMode, given: number[] = []): number[] {
  if (mode === "ids" || mode === "rescore") return [...new Set(given)].sort((a, b) => a - b);
  return db
    .prepare(`select p.id from properties p where ${targetFilter(mode)} order by p.id`)
    .pluck()
    .all(userId) as number[];
}

const batchStatements = new WeakMap<Database.Database, Map<string, Database.Statement<unknown[], RawRow>>>();

/** The listings among `ids` (one batch) still to decide, with the state they are analysed in. */
export function batchByIds(db: Database.Database, userId: string, mode: TargetMode, ids: number[]): BatchListing[] {
  if (ids.length === 0) return [];
  let prepared = batchStatements.get(db);
  if (!prepared) batchStatements.set(db, (prepared = new Map()));
  const key = `${mode}:${ids.length}`;
  let statement = prepared.get(key);
  if (!statement) {
    statement = db
      .prepare<unknown[], RawRow>(
        `select ${BATCH_COLUMNS} ${FROM}
          where ${targetFilter(mode, true)} and p.id in (${ids.map(() => "?").join(", ")})
          order by p.id`,
      )
      .raw(true);
    prepared.set(key, statement);
  }
  return statement.all(userId, ...ids).map((row) => ({
    key: { id: row[0] as number, status: row[20] as BatchKey["status"], updated_at: row[21] as number },
    listing: listingFromRow(row),
  }));
}

export function countPending(userId: string): number {
  return statements(getSqlite()).countPending.get(userId)?.n ?? 0;
}

export function countReanalyze(userId: string): number {
  return statements(getSqlite()).countReanalyze.get(userId)?.n ?? 0;
}

export function countIds(userId: string, ids: number[], mode: "ids" | "rescore" = "ids"): number {
  let total = 0;
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    const row = getSqlite()
      .prepare(
        `select count(*) as n from properties p
          where ${targetFilter(mode, true)} and p.id in (${chunk.map(() => "?").join(", ")})`,
      )
      .get(userId, ...chunk) as { n: number };
    total += row.n;
  }
  return total;
}

/**
 * Every listing an agent decided (Valider / Blacklister, a corrected decision, a report as a scam
 * after validation), scored by the engine or not, with the last decision as its label
 * (rejected = scam): the agents' share of the training data of `npm run moderation:fit`.
 */
export function decidedListings(db: Database.Database): Array<{ listing: ModerationListing; label: "scam" | "legit" }> {
  const rows = db
    .prepare<[], RawRow>(
      `select ${COLUMNS}, d.to_status ${FROM}
         join listing_decisions d on d.listing_id = p.id
        where d.id = (select max(id) from listing_decisions where listing_id = p.id)
        order by p.id`,
    )
    .raw(true)
    .all();
  return rows.map((row) => ({ listing: listingFromRow(row), label: row[row.length - 1] === "rejected" ? "scam" : "legit" }));
}
