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
};

export type ModerationVerdict = {
  flagged: boolean;
  /** 0..1, higher = more likely a scam. */
  confidence: number;
  /** Short French sentences with evidence, strongest first. */
  reasons: string[];
};

/** One piece of evidence produced by a signal, in log-odds units. */
export type Evidence = {
  /** Signals of the same family do not add up (see scoring.ts); families do. */
  family: EvidenceFamily;
  /** Log-odds contribution (> 0 = points to a scam). */
  weight: number;
  /** Short French sentence shown to moderators. */
  reason: string;
};

export type EvidenceFamily =
  | "price"
  | "untraceablePayment"
  | "foreignAccount"
  | "paymentBeforeVisit"
  | "refundPromise"
  | "escrowStory"
  | "keysByPost"
  | "absentOwner"
  | "offPlatform"
  | "pressure"
  | "translation"
  | "vagueProcedure"
  | "distressStory"
  | "documentsBeforeVisit"
  | "photoReuse"
  | "textReuse"
  | "incoherentRooms"
  | "incoherentSurface"
  | "incoherentPrice"
  | "incoherentFloor";

/** Joins the evidence of a verdict in `ai_flag_reason`, strongest first. */
export const FLAG_REASON_SEPARATOR = " · ";
