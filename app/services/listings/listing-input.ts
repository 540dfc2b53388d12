import type { ComplianceStatus } from "#db/schema";
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

export type ListingInput = {
  /** 'moteurimmo', 'fichier', or 'connexion:<id>' */
  sourcePlatform: string;
  /** Stable id inside the source (MoteurImmo uniqueId, file reference or content hash). */
  sourcePlatformId: string;
  /** Site the ad was first published on (leboncoin, seloger, ...), shown on the source card. */
  sourceOrigin: string | null;
  sourceUrl: string | null;
  title: string;
  description: string | null;
  /** EUR; monthly rent for rentals. */
  price: number | null;
  /** EUR per month. */
  propertyCharges: number | null;
  /** French label: 'Appartement', 'Maison', 'Immeuble', 'Terrain', 'Bureau', 'Local commercial', 'Commerce', 'Parking', 'Autre'. */
  propertyType: string | null;
  transactionType: TransactionType;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  /** m² */
  surfaceArea: number | null;
  rooms: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  images: string[];
  /** French labels, e.g. 'Balcon', 'Meublé'. */
  features: string[];
  floor: number | null;
  totalFloors: number | null;
  yearBuilt: number | null;
  /** DPE letter A..G */
  energyRating: string | null;
  /** Climate (GES) class A..G when the source gives it; absent: unknown. */
  gesRating?: string | null;
  /** Absent or null: unknown. */
  publisherType?: PublisherType | null;
  owner: ListingOwnerInput | null;
  /**
   * The compliance verdict (status and findings as JSON), when the thread that parsed the listing
   * already computed it (the import's workers): the write then only stores it.
   */
  compliance?: { status: ComplianceStatus; findings: string };
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
