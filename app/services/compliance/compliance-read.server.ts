import { eq, sql } from "drizzle-orm";
import { COMPLIANCE_STATUSES, properties } from "#db/schema";
import { getDb } from "~/utils/db.server";
import { parseStoredFindings, type ComplianceCounts, type ComplianceView } from "./compliance-view";

/** The stored verdict of a listing the caller may already see (the route checked access). */
export function readListingCompliance(listingId: number): ComplianceView {
  const row = getDb()
    .select({ status: properties.complianceStatus, checkedAt: properties.complianceCheckedAt, findings: properties.complianceFindings })
    .from(properties)
    .where(eq(properties.id, listingId))
    .get();
  return {
    status: row?.status ?? null,
    checkedAt: row?.checkedAt ? row.checkedAt.toISOString() : null,
    findings: parseStoredFindings(row?.findings ?? null),
  };
}

/** Listings by compliance status: one user's (dashboard), or every user's (/admin, userId null). */
export function countByCompliance(userId: string | null): ComplianceCounts {
  const rows = getDb()
    .select({ status: properties.complianceStatus, n: sql<number>`count(*)` })
    .from(properties)
    .where(userId === null ? undefined : eq(properties.createdBy, userId))
    .groupBy(properties.complianceStatus)
    .all();
  const counts: ComplianceCounts = { conforme: 0, a_completer: 0, non_conforme: 0, unchecked: 0 };
  for (const row of rows) {
    if (row.status && (COMPLIANCE_STATUSES as readonly string[]).includes(row.status)) counts[row.status] = row.n;
    else counts.unchecked += row.n;
  }
  return counts;
}
