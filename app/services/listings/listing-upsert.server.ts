import type Database from "better-sqlite3";
import { getSqlite } from "~/utils/db.server";
import { verdictColumns } from "../compliance/listing-verdict";
import type { ListingInput } from "./listing-input";

/** `priceDrops`: known listings whose price went down (each new price is also kept in price_changes). */
export type UpsertCounts = { imported: number; updated: number; skipped: number; priceDrops: number };

type ExistingRow = {
  id: number;
  status: string;
  title: string;
  description: string | null;
  price: number | null;
  property_charges: number | null;
  property_type: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  surface_area: number | null;
  rooms: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  images: string;
  features: string;
  floor: number | null;
  total_floors: number | null;
  year_built: number | null;
  energy_rating: string | null;
  ges_rating: string | null;
  publisher_type: string | null;
  source_url: string | null;
  source_origin: string | null;
  transaction_type: string;
  has_owner: number;
  withdrawn: number;
};

/** Column values of a listing as stored (JSON lists serialised). */
function columns(input: ListingInput) {
  return {
    title: input.title,
    description: input.description,
    price: input.price,
    property_charges: input.propertyCharges,
    property_type: input.propertyType,
    address: input.address,
    city: input.city,
    postal_code: input.postalCode,
    surface_area: input.surfaceArea,
    rooms: input.rooms,
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    images: JSON.stringify(input.images),
    features: JSON.stringify(input.features),
    floor: input.floor,
    total_floors: input.totalFloors,
    year_built: input.yearBuilt,
    energy_rating: input.energyRating,
    ges_rating: input.gesRating ?? null,
    publisher_type: input.publisherType ?? null,
    source_url: input.sourceUrl,
    source_origin: input.sourceOrigin,
    transaction_type: input.transactionType,
  };
}
type Columns = ReturnType<typeof columns>;
const COLUMN_NAMES = Object.keys(columns({ images: [], features: [] } as unknown as ListingInput)) as Array<
  keyof Columns
>;

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
    // A listing found again in the results is back on the market: no longer withdrawn. Its
    // compliance verdict keeps the date it was established while it does not change (ADR 021).
    update: sqlite.prepare(
      `update properties set ${assignments}, updated_at = @now, withdrawn_at = null,
              compliance_checked_at = case when compliance_status is @compliance_status and compliance_findings is @compliance_findings
                then compliance_checked_at else @now end,
              compliance_status = @compliance_status, compliance_findings = @compliance_findings,
              status = case when @remoderate = 1 and status <> 'rejected' then 'pending' else status end,
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
  const counts: UpsertCounts = { imported: 0, updated: 0, skipped: 0, priceDrops: 0 };
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
    const changed = existing.withdrawn === 1 || COLUMN_NAMES.some((c) => existing[c] !== values[c]);
    if (!existing.has_owner && input.owner) insertOwner(st, existing.id, input, now);
    if (!changed) {
      counts.skipped += 1;
      continue;
    }
    const remoderate = existing.price !== values.price || existing.description !== values.description;
    st.update.run({ ...values, ...complianceOf(input, now), id: existing.id, now, remoderate: remoderate ? 1 : 0 });
    counts.updated += 1;
    // A price that appears or disappears is not a change of price: there is nothing to compare.
    if (existing.price !== null && values.price !== null && existing.price !== values.price) {
      st.insertPriceChange.run({ property_id: existing.id, user_id: userId, now, old_price: existing.price, new_price: values.price });
      if (values.price < existing.price) counts.priceDrops += 1;
    }
  }
  return counts;
}
