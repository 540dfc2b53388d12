import type Database from "better-sqlite3";
import { getSqlite } from "~/utils/db.server";
import { communeByCode, municipalityCode, resolveCommune } from "../geo/communes.server";
import { checkCompliance } from "./checker";
import type { ComplianceListing, ListingCommune } from "./types";

/**
 * Computes a listing's verdict and stores it in properties.compliance_* (status, checked_at,
 * findings as JSON). A row is written only when its verdict changed: every write of an active
 * listing rewrites its export document (migration 0010's triggers), so an unchanged verdict
 * keeps the date it was established (docs/decisions/021-compliance.md).
 */
export type StoredListing = ComplianceListing & { city: string | null };

/**
 * Reads the commune data (about 2 s on this machine) before a job's first write rather than
 * inside it: an import warms it before asking the partner for its first page.
 */
export function warmComplianceData() {
  communeByCode("75056");
}

// Listings share few addresses: a re-check of 100 000 listings resolves each pair once.
const RESOLVED_MAX = 20_000;
const resolved = new Map<string, ListingCommune | null>();

/** The commune of the address, by INSEE code (an arrondissement counts as its city). */
export function listingCommune(postalCode: string | null, city: string | null): ListingCommune | null {
  const key = `${postalCode ?? ""}\u0000${city ?? ""}`;
  const known = resolved.get(key);
  if (known !== undefined) return known;
  const commune = resolveCommune(postalCode, city);
  const found = commune ? { code: municipalityCode(commune), name: commune.name, department: commune.department } : null;
  if (resolved.size >= RESOLVED_MAX) resolved.clear();
  resolved.set(key, found);
  return found;
}

export function verdictColumns(listing: StoredListing, now: number) {
  const verdict = checkCompliance(listing, { now: new Date(now), commune: listingCommune(listing.postalCode, listing.city) });
  return { status: verdict.status, findings: JSON.stringify(verdict.findings), checkedAt: now };
}

const statements = new WeakMap<Database.Database, Database.Statement<{ id: number; status: string; findings: string; checkedAt: number }>>();

function writeStatement(sqlite: Database.Database) {
  let statement = statements.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare(
      `update properties set compliance_status = @status, compliance_findings = @findings, compliance_checked_at = @checkedAt
        where id = @id and (compliance_status is not @status or compliance_findings is not @findings)`,
    );
    statements.set(sqlite, statement);
  }
  return statement;
}

/** Checks one listing and stores its verdict if it changed; returns whether it was written. */
export function recordListingCompliance(id: number, listing: StoredListing, now = Date.now()): boolean {
  const columns = verdictColumns(listing, now);
  return writeStatement(getSqlite()).run({ id, ...columns }).changes > 0;
}
