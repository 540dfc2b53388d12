import type Database from "better-sqlite3";
import { getSqlite } from "~/utils/db.server";
import { verdictColumns } from "../compliance/listing-verdict";
import { LISTING_FIELDS, type ListingColumn } from "./listing-fields";
import type { ListingInput } from "./listing-input";

/**
 * `priceDrops`: known listings whose price went down (each new price is also kept in price_changes).
 * `changedFields`: for each column, how many known listings it changed in (the job's summary).
 * `rescore`: validated listings whose price or description changed, to re-score before the import ends.
 */
export type UpsertCounts = {
  imported: number;
  updated: number;
  skipped: number;
  priceDrops: number;
  changedFields: Partial<Record<ListingColumn, number>>;
  rescore: number[];
};

/** The written columns, from the field table, with how each value is stored (lists as JSON). */
const FIELDS = LISTING_FIELDS.map((field) => ({
  key: field.key as keyof ListingInput,
  column: field.column as ListingColumn,
  list: field.kind === "list",
}));
const COLUMN_NAMES = FIELDS.map((field) => field.column);
const OPTIONAL = FIELDS.filter((field) => LISTING_FIELDS.some((f) => f.column === field.column && "optional" in f));

type Columns = Record<ListingColumn, string | number | null>;
type ExistingRow = Columns & { id: number; status: string; has_owner: number; withdrawn: number };

/** Column values of a listing as stored (JSON lists serialised); an optional field the source left out is null. */
function columns(input: ListingInput): Columns {
  const values = {} as Columns;
  for (const { key, column, list } of FIELDS) {
    const value = input[key] ?? (list ? [] : null);
    values[column] = list ? JSON.stringify(value) : (value as string | number | null);
  }
  return values;
}

/** The columns an update leaves as stored: those the input says, and optional fields it leaves out. */
function keptColumns(input: ListingInput): readonly ListingColumn[] {
  const kept = input.keepStored ?? [];
  const absent = OPTIONAL.filter((field) => input[field.key] === undefined).map((field) => field.column);
  return absent.length === 0 ? kept : [...kept, ...absent];
}

/** The listing as it will be stored once the columns it keeps are merged in (for its compliance verdict). */
function mergedInput(input: ListingInput, existing: ExistingRow, kept: readonly ListingColumn[]): ListingInput {
  const merged: Record<string, unknown> = { ...input };
  for (const { key, column, list } of FIELDS) {
    if (!kept.includes(column)) continue;
    const stored = existing[column];
    merged[key] = list ? parseList(stored) : stored;
  }
  return merged as ListingInput;
}

function parseList(stored: string | number | null): string[] {
  try {
    const value: unknown = JSON.parse(String(stored));
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

type Statements = {
  find: Database.Statement<[string, string, string], ExistingRow>;
  insert: Database.Statement<Record<string, unknown>, unknown>;
  update: Database.Statement<Record<string, unknown>, unknown>;
  insertOwner: Database.Statement<Record<string, unknown>, unknown>;
  insertPriceChange: Database.Statement<Record<string, unknown>, unknown>;
};

// Prepared once per connection: the import hot path runs thousands of these per second.
const cache = new WeakMap<Database.Database, Statements>();

function statements(sqlite: Database.Database): Statements {
  let prepared = cache.get(sqlite);
  if (prepared) return prepared;
  const assignments = COLUMN_NAMES.map((c) => `${c} = @${c}`).join(", ");
  prepared = {
    find: sqlite.prepare(
      `select p.id, p.status, ${COLUMN_NAMES.map((c) => `p.${c}`).join(", ")},
              exists(select 1 from property_owners o where o.property_id = p.id) as has_owner,
              p.withdrawn_at is not null as withdrawn
         from properties p
        where p.created_by = ? and p.source_platform = ? and p.source_platform_id = ?`,
    ),
    insert: sqlite.prepare(
      `insert into properties (${COLUMN_NAMES.join(", ")}, source_platform, source_platform_id, status, created_by, created_at, updated_at,
                               compliance_status, compliance_findings, compliance_checked_at)
       values (${COLUMN_NAMES.map((c) => `@${c}`).join(", ")}, @source_platform, @source_platform_id, 'pending', @created_by, @now, @now,
               @compliance_status, @compliance_findings, @now)`,
    ),
    // A changed price or description is a new fact to moderate, unless the listing is blacklisted.
    // A validated listing stays active (customers keep it) with its verdict cleared: the import
    // re-scores it before it ends (issue 25 section 4); the others go back to pending.
    // A listing found again in the results is back on the market: no longer withdrawn. Its
    // compliance verdict keeps the date it was established while it does not change (ADR 021).
    update: sqlite.prepare(
      `update properties set ${assignments}, updated_at = @now, withdrawn_at = null,
              compliance_checked_at = case when compliance_status is @compliance_status and compliance_findings is @compliance_findings
                then compliance_checked_at else @now end,
              compliance_status = @compliance_status, compliance_findings = @compliance_findings,
              status = case when @remoderate = 1 and status not in ('rejected', 'active') then 'pending' else status end,
              ai_checked_at = case when @remoderate = 1 and status <> 'rejected' then null else ai_checked_at end,
              ai_flag_reason = case when @remoderate = 1 and status <> 'rejected' then null else ai_flag_reason end,
              ai_confidence = case when @remoderate = 1 and status <> 'rejected' then null else ai_confidence end
        where id = @id`,
    ),
    insertOwner: sqlite.prepare(
      `insert into property_owners (id, property_id, first_name, last_name, email, created_at)
       values (@id, @property_id, @first_name, @last_name, @email, @now)
       on conflict(property_id) do nothing`,
    ),
    insertPriceChange: sqlite.prepare(
      `insert into price_changes (property_id, user_id, changed_at, old_price, new_price)
       values (@property_id, @user_id, @now, @old_price, @new_price)`,
    ),
  };
  cache.set(sqlite, prepared);
  return prepared;
}

/** The compliance verdict written with the listing itself (issue 15): no second statement per listing. */
function complianceOf(input: ListingInput, now: number) {
  const verdict = input.compliance ?? verdictColumns(input, now);
  return { compliance_status: verdict.status, compliance_findings: verdict.findings };
}

function insertOwner(st: Statements, propertyId: number, input: ListingInput, now: number) {
  if (!input.owner) return;
  st.insertOwner.run({
    id: crypto.randomUUID(),
    property_id: propertyId,
    first_name: input.owner.firstName,
    last_name: input.owner.lastName,
    email: input.owner.email,
    now,
  });
}

/**
 * Upserts one page of listings for a user in ONE transaction, keyed on
 * (created_by, source_platform, source_platform_id): new → imported, changed → updated,
 * identical → skipped. Either the whole page is written or none of it.
 */
export function upsertListings(userId: string, inputs: ListingInput[]): UpsertCounts {
  const sqlite = getSqlite();
  return sqlite.transaction((batch: ListingInput[]) => upsertListingsInTransaction(userId, batch)).immediate(inputs);
}

/**
 * The same upsert for a caller that already holds a write transaction (the import's page
 * writer). It opens no savepoint on purpose: FTS5 flushes its pending index at every savepoint
 * boundary, and each flush adds a segment that later has to be merged, which doubled the cost of
 * an import written in small nested batches.
 */
export function upsertListingsInTransaction(userId: string, batch: ListingInput[]): UpsertCounts {
  const sqlite = getSqlite();
  if (!sqlite.inTransaction) throw new Error("upsertListingsInTransaction: transaction requise");
  const st = statements(sqlite);
  const counts: UpsertCounts = { imported: 0, updated: 0, skipped: 0, priceDrops: 0, changedFields: {}, rescore: [] };
  const now = Date.now();
  for (const input of batch) {
    const values = columns(input);
    const existing = st.find.get(userId, input.sourcePlatform, input.sourcePlatformId);
    if (!existing) {
      const result = st.insert.run({
        ...values,
        ...complianceOf(input, now),
        source_platform: input.sourcePlatform,
        source_platform_id: input.sourcePlatformId,
        created_by: userId,
        now,
      }) as Database.RunResult;
      insertOwner(st, Number(result.lastInsertRowid), input, now);
      counts.imported += 1;
      continue;
    }
    // A partial file leaves some columns as they are: they are written back unchanged.
    const kept = keptColumns(input);
    for (const column of kept) values[column] = existing[column];
    const changedColumns = COLUMN_NAMES.filter((c) => existing[c] !== values[c]);
    if (!existing.has_owner && input.owner) insertOwner(st, existing.id, input, now);
    if (existing.withdrawn !== 1 && changedColumns.length === 0) {
      counts.skipped += 1;
      continue;
    }
    for (const column of changedColumns) counts.changedFields[column] = (counts.changedFields[column] ?? 0) + 1;
    const remoderate = existing.price !== values.price || existing.description !== values.description;
    const verdictOf = kept.length > 0 ? { ...mergedInput(input, existing, kept), compliance: undefined } : input;
    st.update.run({ ...values, ...complianceOf(verdictOf, now), id: existing.id, now, remoderate: remoderate ? 1 : 0 });
    counts.updated += 1;
    if (remoderate && existing.status === "active") counts.rescore.push(existing.id);
    // A price that appears or disappears is not a change of price: there is nothing to compare.
    const [oldPrice, newPrice] = [existing.price as number | null, values.price as number | null];
    if (oldPrice !== null && newPrice !== null && oldPrice !== newPrice) {
      st.insertPriceChange.run({ property_id: existing.id, user_id: userId, now, old_price: oldPrice, new_price: newPrice });
      if (newPrice < oldPrice) counts.priceDrops += 1;
    }
  }
  return counts;
}
