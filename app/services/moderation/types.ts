/**
 * Public types of the moderation engine. Pure data: no server-only import may ever land here,
 * because the engine also runs in scripts and unit tests.
 */

export type ModerationListing = {
  id: string;
  title: string;
  description: string | null;
  /** EUR; monthly rent for rentals. */
  price: number | null;
  /** EUR per month. */
  propertyCharges: number | null;
  /** French label: 'Appartement', 'Maison', 'Immeuble', 'Terrain', 'Bureau', 'Local commercial', 'Commerce', 'Parking', 'Autre'. */
  propertyType: string | null;
  transactionType: "sale" | "rental";
  /** m² */
  surfaceArea: number | null;
  rooms: number | null;
  bedrooms: number | null;
  floor: number | null;
  totalFloors: number | null;
  yearBuilt: number | null;
  energyRating: string | null;
  city: string | null;
  /** Department = first 2 characters (3 for overseas 97x). */
  postalCode: string | null;
  images: string[];
  features: string[];
  /** Who publishes it: owner name/e-mail or publisher name; used to tell "another owner". */
  ownerKey: string | null;
  /**
   * Optional publication date (Date, ISO string or epoch ms). When two listings share photos or
   * text, the earlier one is presumed to be the original and only the later one is blamed.
   * Without it, both sides of a suspicious reuse are reported.
   */
  publishedAt?: Date | string | number | null;
  /** True for listings already flagged or blacklisted: they never serve as price comparables. */
  excludedFromComparables?: boolean;
};

export type ModerationVerdict = {
  flagged: boolean;
  /** 0..1, higher = more likely a scam. */
  confidence: number;
  /** Short French sentences with evidence, strongest first. */
  reasons: string[];
  /** What speaks for the listing (owner shows it, payment only at signature...), strongest first. */
  favourable: string[];
  /** Version of the fitted model that produced this verdict (see model.ts). */
  engineVersion: string;
};

/**
 * One piece of evidence produced by a signal. Its weight is the signal's *strength*: an ordinal
 * grade inside its family (a photo reused by another owner is stronger than by the same owner);
 * how much a family counts against the others is fitted (model.ts), never set by hand.
 */
export type Evidence = {
  /** One feature of the fitted model: inside a family only the strongest piece counts. */
  family: EvidenceFamily;
  /** Strength (> 0); the fitted model multiplies it by the family's weight. */
  weight: number;
  /** Short French sentence shown to moderators, quoting the listing where it can. */
  reason: string;
};

/** Every feature of the model, in the fixed order of its weight vector. */
export const EVIDENCE_FAMILIES = [
  "price",
  "untraceablePayment",
  "foreignAccount",
  "paymentBeforeVisit",
  "moneyBeforeLease",
  "excessiveDeposit",
  "identityHarvest",
  "thirdPartyPayment",
  "refundPromise",
  "escrowStory",
  "keysByPost",
  "ownerAbroad",
  "cannotVisit",
  "email",
  "foreignPhone",
  "writtenPhone",
  "messagingApp",
  "refusesSite",
  "onlyOffPlatform",
  "pressure",
  "vagueProcedure",
  "distressStory",
  "documentsBeforeVisit",
  "photoReuse",
  "textReuse",
  "reuseUnordered",
  "textNearCopy",
  "reuseSameOwnerOrPlace",
  "incoherentRooms",
  "incoherentSurface",
  "incoherentPrice",
  "incoherentFloor",
  "notInFrench",
  "learnedText",
  // What speaks for the listing: fitted weights are expected to be negative.
  "ownerShowsIt",
  "paysAtSignature",
  "officialGuarantee",
  "professionalPublisher",
] as const;

export type EvidenceFamily = (typeof EVIDENCE_FAMILIES)[number];

/** Families that speak for the listing: their fitted weight is held at or below zero. */
export const FAVOURABLE_FAMILIES: ReadonlySet<EvidenceFamily> = new Set<EvidenceFamily>([
  "ownerShowsIt",
  "paysAtSignature",
  "officialGuarantee",
  "professionalPublisher",
]);

/** Joins the evidence of a verdict in `ai_flag_reason`, strongest first. */
export const FLAG_REASON_SEPARATOR = " · ";
