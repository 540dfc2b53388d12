import { communeByCode, municipalityCode, resolveCommune } from "../geo/communes.server";
import { checkCompliance } from "./checker";
import type { ComplianceListing, ListingCommune } from "./types";

/**
 * A listing's compliance verdict as stored in properties.compliance_*, computed without I/O: by
 * the writer (compliance-writer.server.ts) and by the import's parsing workers, which hand the
 * verdict along with each listing so that the write only stores it.
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


/** Each listing with its verdict attached (ListingInput.compliance): done off the main thread by the import workers. */
export function attachCompliance<T extends StoredListing & { compliance?: { status: string; findings: string } }>(listings: T[], now = Date.now()): T[] {
  for (const listing of listings) {
    const { status, findings } = verdictColumns(listing, now);
    listing.compliance = { status, findings };
  }
  return listings;
}
