import type Database from "better-sqlite3";
import { getSqlite } from "~/utils/db.server";
import { verdictColumns, type StoredListing } from "./listing-verdict";

/**
 * Computes a listing's verdict and stores it in properties.compliance_* (status, checked_at,
 * findings as JSON). A row is written only when its verdict changed: every write of an active
 * listing rewrites its export document (migration 0010's triggers), so an unchanged verdict
 * keeps the date it was established (docs/decisions/021-compliance.md).
 */
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
