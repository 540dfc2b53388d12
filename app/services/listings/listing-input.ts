import type { ComplianceStatus } from "#db/schema";
import type { LISTING_FIELDS, ListingColumn } from "./listing-fields";
/**
 * What every import source (MoteurImmo, demo feed, file, API connection) produces before it is
 * written: one listing, already validated and normalised. The import service upserts it keyed on
 * (created_by, source_platform, source_platform_id).
 */
export type TransactionType = "sale" | "rental";
/** Who publishes an ad (MoteurImmo's publisher type, the file's « type d'annonceur »). */
export type PublisherType = "professional" | "private";

export type ListingOwnerInput = {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

/** The value of each kind of listing field (listing-fields.ts). */
type FieldValues = {
  text: string | null;
  requiredText: string;
  amount: number | null;
  integer: number | null;
  list: string[];
  transaction: TransactionType;
  publisher: PublisherType | null;
};
type Field = (typeof LISTING_FIELDS)[number];
/** The listing's fields, from the field table: what each means is said there. */
type ListingFieldValues = { [F in Field as F extends { optional: true } ? never : F["key"]]: FieldValues[F["kind"]] } & {
  [F in Field as F extends { optional: true } ? F["key"] : never]?: FieldValues[F["kind"]];
};

export type ListingInput = ListingFieldValues & {
  /** 'moteurimmo', 'fichier', or 'connexion:<id>' */
  sourcePlatform: string;
  /** Stable id inside the source (MoteurImmo uniqueId, file reference or content hash). */
  sourcePlatformId: string;
  owner: ListingOwnerInput | null;
  /**
   * The compliance verdict (status and findings as JSON), when the thread that parsed the listing
   * already computed it (the import's workers): the write then only stores it.
   */
  compliance?: { status: ComplianceStatus; findings: string };
  /**
   * Columns an update of a known listing leaves as stored: a partial file says nothing of them
   * (issue 24 item 2). A new listing takes the values above whatever this says.
   */
  keepStored?: ListingColumn[];
};

/** Category keys of the partner API mapped to the French labels stored in properties.property_type. */
export const PROPERTY_TYPE_LABELS: Record<string, string> = {
  flat: "Appartement",
  house: "Maison",
  block: "Immeuble",
  land: "Terrain",
  office: "Bureau",
  premises: "Local commercial",
  shop: "Commerce",
  parking: "Parking",
  misc: "Autre",
};
