import { z } from "zod";
import type { FileImportColumnKey } from "../file-import/columns";

/**
 * The listing record, declared once (issue 26). Every field a listing carries from an import to
 * the export is one entry here, and the rest derives from this table:
 * - the upsert's columns and its comparison (listing-upsert.server.ts),
 * - the fields a partial file import may leave alone and the job's summary of changed fields,
 * - the export document: its SQL view and triggers (export-view-sql.ts, written into a migration
 *   by `npm run db:export-view`), its zod schema and key list (export-listing-schema.ts),
 *   the /api-docs field table and sample,
 * - the CSV export's columns and the reader of another Vigimmo's export.
 *
 * Adding an exported field: one entry here, a column in db/schema.ts's `properties` if it is
 * stored, `npm run db:export-view -- --name <what>`, and its tests. Client-safe (no Node import).
 */

/** How a value is stored and exported; the SQL and the zod schema of each kind are below. */
/** `publisher`: who publishes the ad, "professional" or "private" (null: unknown), read by the compliance checker. */
export type ListingFieldKind = "text" | "requiredText" | "amount" | "integer" | "list" | "transaction" | "publisher";

export type ListingField = {
  /** Property of ListingInput and of the Drizzle row (camelCase). */
  key: string;
  /** Column of `properties`. */
  column: string;
  kind: ListingFieldKind;
  /** French name, in sentences ('prix', 'nombre de pièces'): job summaries, documentation. */
  label: string;
  /** The file-import column that fills it (columns.ts holds its headers and synonyms). */
  fileColumn: FileImportColumnKey | null;
  /** Key in the export document (snake_case), or null when the field is not exported. */
  exportKey: string | null;
  /** What /api-docs says of it. */
  description: string;
  /** Value of the /api-docs sample. */
  sample: unknown;
  /**
   * Not every import source knows it: a source that leaves it out writes null in a new listing
   * and leaves a known listing's value alone.
   */
  optional?: true;
};

export const LISTING_FIELDS = [
  { key: "title", column: "title", kind: "requiredText", label: "titre", fileColumn: "title", exportKey: "title", description: "Titre de l'annonce", sample: "Appartement T3 lumineux avec balcon" },
  { key: "description", column: "description", kind: "text", label: "description", fileColumn: "description", exportKey: "description", description: "Texte de l'annonce", sample: "Au 3e étage avec ascenseur, proche du tramway…" },
  { key: "price", column: "price", kind: "amount", label: "prix", fileColumn: "price", exportKey: "price", description: "Prix de vente ou loyer mensuel, en euros", sample: 1150 },
  { key: "propertyType", column: "property_type", kind: "text", label: "type de bien", fileColumn: "propertyType", exportKey: "property_type", description: "Appartement, Maison, Immeuble, Terrain, Bureau, Local commercial, Commerce, Parking ou Autre", sample: "Appartement" },
  { key: "transactionType", column: "transaction_type", kind: "transaction", label: "transaction", fileColumn: "transactionType", exportKey: "transaction_type", description: "« sale » (vente) ou « rental » (location)", sample: "rental" },
  { key: "address", column: "address", kind: "text", label: "adresse", fileColumn: "address", exportKey: "address", description: "Adresse du bien", sample: "12 rue de la République" },
  { key: "city", column: "city", kind: "text", label: "ville", fileColumn: "city", exportKey: "city", description: "Ville", sample: "Lyon" },
  { key: "postalCode", column: "postal_code", kind: "text", label: "code postal", fileColumn: "postalCode", exportKey: "postal_code", description: "Code postal (5 chiffres)", sample: "69002" },
  { key: "surfaceArea", column: "surface_area", kind: "amount", label: "surface", fileColumn: "surfaceArea", exportKey: "surface_area", description: "Surface en m²", sample: 68 },
  { key: "rooms", column: "rooms", kind: "integer", label: "nombre de pièces", fileColumn: "rooms", exportKey: "rooms", description: "Nombre de pièces", sample: 3 },
  { key: "bedrooms", column: "bedrooms", kind: "integer", label: "nombre de chambres", fileColumn: "bedrooms", exportKey: "bedrooms", description: "Nombre de chambres", sample: 2 },
  { key: "bathrooms", column: "bathrooms", kind: "integer", label: "nombre de salles de bain", fileColumn: "bathrooms", exportKey: "bathrooms", description: "Nombre de salles de bain", sample: 1 },
  { key: "images", column: "images", kind: "list", label: "images", fileColumn: "images", exportKey: "images", description: "Adresses des photos", sample: ["https://images.example.fr/4821-1.jpg"] },
  { key: "features", column: "features", kind: "list", label: "caractéristiques", fileColumn: "features", exportKey: "features", description: "Atouts du bien", sample: ["Balcon", "Ascenseur"] },
  { key: "propertyCharges", column: "property_charges", kind: "amount", label: "charges", fileColumn: "charges", exportKey: "property_charges", description: "Charges mensuelles, en euros", sample: 90 },
  { key: "floor", column: "floor", kind: "integer", label: "étage", fileColumn: "floor", exportKey: "floor", description: "Étage (0 : rez-de-chaussée)", sample: 3 },
  { key: "totalFloors", column: "total_floors", kind: "integer", label: "nombre d'étages", fileColumn: "totalFloors", exportKey: "total_floors", description: "Nombre d'étages de l'immeuble", sample: 6 },
  { key: "yearBuilt", column: "year_built", kind: "integer", label: "année de construction", fileColumn: "yearBuilt", exportKey: "year_built", description: "Année de construction", sample: 1975 },
  { key: "energyRating", column: "energy_rating", kind: "text", label: "dpe", fileColumn: "energyRating", exportKey: "energy_rating", description: "Classe énergie du DPE, de A à G", sample: "C" },
  { key: "sourceUrl", column: "source_url", kind: "text", label: "url", fileColumn: "sourceUrl", exportKey: "source_url", description: "Lien vers l'annonce d'origine", sample: "https://www.example.fr/annonces/4821" },
  { key: "sourceOrigin", column: "source_origin", kind: "text", label: "site d'origine", fileColumn: null, exportKey: null, description: "Site où l'annonce a d'abord paru", sample: null },
  // Read by the compliance checker (issue 29): the feed's climate class and who publishes.
  { key: "gesRating", column: "ges_rating", kind: "text", label: "classe GES", fileColumn: null, exportKey: null, description: "Classe climat (GES) du DPE, de A à G", sample: null, optional: true },
  { key: "publisherType", column: "publisher_type", kind: "publisher", label: "type d'annonceur", fileColumn: "publisherType", exportKey: null, description: "« professional » ou « private »", sample: null, optional: true },
] as const satisfies readonly ListingField[];

export type ListingFieldKey = (typeof LISTING_FIELDS)[number]["key"];
export type ListingColumn = (typeof LISTING_FIELDS)[number]["column"];

/** The owner's fields: personal data (purged by retention, hidden from other agencies' keys). */
export const OWNER_FIELDS = [
  { key: "firstName", column: "first_name", label: "prénom du propriétaire", fileColumn: "ownerFirstName", sample: "Claire" },
  { key: "lastName", column: "last_name", label: "nom du propriétaire", fileColumn: "ownerLastName", sample: "Martin" },
  { key: "email", column: "email", label: "email du propriétaire", fileColumn: "ownerEmail", sample: "claire.martin@example.fr" },
] as const;

/** How /api-docs names each kind's exported type. */
export const KIND_TYPE_LABELS: Record<ListingFieldKind, string> = {
  text: "texte ou null",
  requiredText: "texte",
  amount: "nombre ou null",
  integer: "entier ou null",
  list: "liste de textes",
  transaction: "« sale » ou « rental »",
  publisher: "« professional », « private » ou null",
};

export const FIELD_BY_COLUMN = new Map<string, ListingField>(LISTING_FIELDS.map((field) => [field.column, field]));

/** The field a file-import column fills, if it fills a listing field. */
export const FIELD_BY_FILE_COLUMN = new Map<FileImportColumnKey, ListingField>(
  LISTING_FIELDS.flatMap((field) => (field.fileColumn ? [[field.fileColumn, field] as const] : [])),
);

/** The zod schema of each kind's exported value. */
export const EXPORT_VALUE_SCHEMAS = {
  text: z.string().nullable(),
  requiredText: z.string(),
  amount: z.number().nullable(),
  integer: z.number().int().nullable(),
  list: z.array(z.string()),
  transaction: z.enum(["sale", "rental"]),
  publisher: z.enum(["professional", "private"]).nullable(),
} as const satisfies Record<ListingFieldKind, z.ZodTypeAny>;
