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
  /** The commune as written (the rules need it for the "commune et arrondissement" mention). */
  city?: string | null;
  /**
   * Who publishes the ad: most fee mentions are owed by professionals only (arrêté du 10 janvier
   * 2017). Unknown (null or absent): no finding that concerns only one kind of publisher.
   */
  publisherType?: PublisherType | null;
  /** The climate (GES) class A..G given by the feed, when it gives one. */
  gesRating?: string | null;
  /** Furnished as a structured field (the "Meublé" feature is read too); null: not said. */
  furnished?: boolean | null;
  /**
   * The price is the rent without charges (the check:compliance input says so); otherwise the
   * stored price may include charges or not, which only the ad's words tell.
   */
  priceExcludesCharges?: boolean;
};

export const PUBLISHER_TYPES = ["professional", "private"] as const;
export type PublisherType = (typeof PUBLISHER_TYPES)[number];

/** The listing's commune by INSEE code (an arrondissement's parent already applied). */
export type ListingCommune = { code: string; name: string; department: string };

export type ComplianceContext = { now: Date; commune: ListingCommune | null };

/** A legal text, its article and the date the rule applies from (ISO day). */
export type LegalReference = { text: string; article: string; since: string };

/**
 * `missing`: a mention is absent or unreadable (→ à compléter); `breach`: a rule is broken (→ non
 * conforme); `verify`: the rule may apply but the checker cannot tell (the list of communes, a
 * text whose extension is unknown): shown "à vérifier", it never changes the verdict.
 */
export const FINDING_KINDS = ["missing", "breach", "verify"] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

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
