import type { ComplianceStatus } from "#db/schema";

/**
 * What the compliance checker reads of a listing: the stored columns (camelCase, as Drizzle and
 * the import's ListingInput both spell them) plus the commune resolved by the caller, so the
 * checker itself stays pure (no I/O, the date passed in).
 */
export type ComplianceListing = {
  title: string;
  description: string | null;
  transactionType: "sale" | "rental";
  propertyType: string | null;
  /** EUR; the monthly rent for rentals (as advertised, usually charges included). */
  price: number | null;
  /** EUR per month. */
  propertyCharges: number | null;
  surfaceArea: number | null;
  energyRating: string | null;
  features: string[];
  postalCode: string | null;
};

/** The listing's commune by INSEE code (an arrondissement's parent already applied). */
export type ListingCommune = { code: string; name: string; department: string };

export type ComplianceContext = { now: Date; commune: ListingCommune | null };

/** A legal text, its article and the date the rule applies from (ISO day). */
export type LegalReference = { text: string; article: string; since: string };

/** `missing`: a mention is absent or unreadable; `breach`: a rule is broken. */
export type FindingKind = "missing" | "breach";

export type ComplianceFinding = {
  code: string;
  kind: FindingKind;
  message: string;
  /** The value or the words found in the ad, or "absent". */
  evidence: string;
  /** "Loi n° 89-462 du 6 juillet 1989, art. 22 (depuis le 1er janvier 2025)". */
  reference: string;
};

export type ComplianceVerdict = { status: ComplianceStatus; findings: ComplianceFinding[] };

export const ABSENT = "absent";
