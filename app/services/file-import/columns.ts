/**
 * The columns a listing file may contain, as data: the import reads its header synonyms from
 * here and the /properties page renders its documentation table from the same list, so the two
 * cannot drift. Client-safe (no Node import).
 */
import { LISTING_FIELDS, type ListingField } from "../listings/listing-fields";
export type FileImportColumnKey =
  | "reference"
  | "title"
  | "description"
  | "price"
  | "charges"
  | "propertyType"
  | "transactionType"
  | "address"
  | "city"
  | "postalCode"
  | "surfaceArea"
  | "rooms"
  | "bedrooms"
  | "bathrooms"
  | "images"
  | "sourceUrl"
  | "features"
  | "floor"
  | "totalFloors"
  | "yearBuilt"
  | "energyRating"
  | "publisherType"
  | "ownerFirstName"
  | "ownerLastName"
  | "ownerEmail";

export type FileImportColumn = {
  key: FileImportColumnKey;
  /** Accepted headers (JSON keys), the first being the one we recommend. */
  labels: string[];
  required: boolean;
  /** French name used in error messages ('prix invalide (« abc »)'). */
  name: string;
  /** Agreement of `name`, for 'manquant' / 'manquante' / 'invalides'. */
  feminine: boolean;
  plural: boolean;
  description: string;
  example: string;
};

export const FILE_IMPORT_COLUMNS: FileImportColumn[] = [
  {
    key: "reference",
    labels: ["référence", "ref", "id", "identifiant", "source_platform_id", "unique_id"],
    required: false,
    name: "référence",
    feminine: true,
    plural: false,
    description:
      "Votre identifiant de l'annonce. Réimporter une ligne de même référence met l'annonce à jour au lieu de la dupliquer. Sans référence, une empreinte du titre, du prix, de la ville, de la surface et de la description en tient lieu.",
    example: "APT-2024-017",
  },
  {
    key: "title",
    labels: ["titre", "title", "intitulé", "titre de l'annonce"],
    required: true,
    name: "titre",
    feminine: false,
    plural: false,
    description: "Titre de l'annonce, 300 caractères au plus.",
    example: "Appartement T3 lumineux avec balcon",
  },
  {
    key: "description",
    labels: ["description", "descriptif", "texte", "texte de l'annonce"],
    required: false,
    name: "description",
    feminine: true,
    plural: false,
    description: "Texte de l'annonce ; les retours à la ligne sont conservés.",
    example: "Au 3e étage avec ascenseur, séjour double, cuisine équipée…",
  },
  {
    key: "price",
    labels: ["prix", "price", "loyer", "rent", "montant", "prix de vente", "loyer mensuel"],
    required: true,
    name: "prix",
    feminine: false,
    plural: false,
    description:
      "Prix de vente ou loyer mensuel en euros, supérieur à 0. Formats acceptés : 1250, 1 250, 1 250,50, 1.250,50, 1 250 €, 1,250.50.",
    example: "1 250",
  },
  {
    key: "charges",
    labels: ["charges", "property_charges", "charges mensuelles", "monthly_charges"],
    required: false,
    name: "charges",
    feminine: true,
    plural: true,
    description: "Charges mensuelles en euros, 0 ou plus, mêmes formats que le prix.",
    example: "80",
  },
  {
    key: "propertyType",
    labels: ["type de bien", "type", "property_type", "type_bien", "catégorie", "category"],
    required: false,
    name: "type de bien",
    feminine: false,
    plural: false,
    description:
      "Appartement, Maison, Immeuble, Terrain, Bureau, Local commercial, Commerce, Parking ou Autre (les équivalents anglais flat, house, land… sont acceptés). Un autre texte est conservé tel quel.",
    example: "Appartement",
  },
  {
    key: "transactionType",
    labels: ["transaction", "type de transaction", "transaction_type", "offre"],
    required: false,
    name: "transaction",
    feminine: true,
    plural: false,
    description:
      "« vente » ou « location » (« à vendre », « à louer », sale, rental, rent acceptés). Vide : location.",
    example: "location",
  },
  {
    key: "address",
    labels: ["adresse", "address", "rue", "street"],
    required: false,
    name: "adresse",
    feminine: true,
    plural: false,
    description: "Adresse du bien.",
    example: "12 rue de la République",
  },
  {
    key: "city",
    labels: ["ville", "city", "commune", "localité", "town"],
    required: true,
    name: "ville",
    feminine: true,
    plural: false,
    description: "Ville du bien.",
    example: "Lyon",
  },
  {
    key: "postalCode",
    labels: ["code postal", "postal_code", "cp", "code_postal", "zip", "zip_code", "zipcode"],
    required: false,
    name: "code postal",
    feminine: false,
    plural: false,
    description:
      "5 chiffres. Un code de 4 chiffres (zéro initial perdu par Excel, ex. 1000) est complété : 01000.",
    example: "69002",
  },
  {
    key: "surfaceArea",
    labels: [
      "surface",
      "surface_area",
      "m2",
      "surface (m²)",
      "superficie",
      "surface habitable",
      "area",
      "living_area",
    ],
    required: false,
    name: "surface",
    feminine: true,
    plural: false,
    description: "Surface en m², supérieure à 0 ; décimales et unité acceptées (45,5 ou 45,5 m²).",
    example: "65,5",
  },
  {
    key: "rooms",
    labels: ["pièces", "rooms", "nombre de pièces", "nb pièces", "nb_rooms"],
    required: false,
    name: "nombre de pièces",
    feminine: false,
    plural: false,
    description: "Nombre de pièces, entier de 0 à 1000.",
    example: "3",
  },
  {
    key: "bedrooms",
    labels: ["chambres", "bedrooms", "nombre de chambres", "nb chambres", "nb_bedrooms"],
    required: false,
    name: "nombre de chambres",
    feminine: false,
    plural: false,
    description: "Nombre de chambres, entier de 0 à 1000.",
    example: "2",
  },
  {
    key: "bathrooms",
    labels: [
      "salles de bain",
      "bathrooms",
      "salle de bain",
      "salles de bains",
      "sdb",
      "nb_bathrooms",
    ],
    required: false,
    name: "nombre de salles de bain",
    feminine: false,
    plural: false,
    description: "Nombre de salles de bain, entier de 0 à 1000.",
    example: "1",
  },
  {
    key: "images",
    labels: ["images", "photos", "image", "photo", "image_urls", "pictures"],
    required: false,
    name: "images",
    feminine: true,
    plural: true,
    description:
      "Adresses http(s) des photos, séparées par | (ou par une virgule, ou un retour à la ligne). En JSON : un tableau. Les adresses invalides sont ignorées et signalées.",
    example: "https://exemple.fr/1.jpg|https://exemple.fr/2.jpg",
  },
  {
    key: "sourceUrl",
    labels: ["url", "lien", "source_url", "link", "lien de l'annonce", "url de l'annonce"],
    required: false,
    name: "url",
    feminine: true,
    plural: false,
    description:
      "Lien vers l'annonce d'origine (http ou https). Un lien invalide est ignoré et signalé.",
    example: "https://exemple.fr/annonces/017",
  },
  {
    key: "features",
    labels: ["caractéristiques", "features", "équipements", "prestations", "atouts"],
    required: false,
    name: "caractéristiques",
    feminine: true,
    plural: true,
    description: "Atouts du bien séparés par | ou par une virgule. En JSON : un tableau.",
    example: "Balcon|Ascenseur|Cave",
  },
  {
    key: "floor",
    labels: ["étage", "floor", "niveau"],
    required: false,
    name: "étage",
    feminine: false,
    plural: false,
    description:
      "Étage du bien, entier de -10 à 300 : 0 ou RDC pour le rez-de-chaussée, « 1er », « 3e » acceptés, négatif pour un sous-sol.",
    example: "3",
  },
  {
    key: "totalFloors",
    labels: ["étages", "total_floors", "nombre d'étages", "nb étages", "floors"],
    required: false,
    name: "nombre d'étages",
    feminine: false,
    plural: false,
    description: "Nombre d'étages de l'immeuble, entier de 0 à 300.",
    example: "5",
  },
  {
    key: "yearBuilt",
    labels: ["année de construction", "année", "year_built", "year", "construction"],
    required: false,
    name: "année de construction",
    feminine: true,
    plural: false,
    description: "Année de construction, de 1000 à l'année en cours + 5.",
    example: "1975",
  },
  {
    key: "energyRating",
    labels: ["dpe", "energy_rating", "classe énergie", "classe énergétique", "energy_class"],
    required: false,
    name: "dpe",
    feminine: false,
    plural: false,
    description: "Classe énergie du DPE, une lettre de A à G (NC ou vide si non communiquée).",
    example: "C",
  },
  {
    key: "publisherType",
    labels: ["type d'annonceur", "type annonceur", "annonceur", "publisher_type", "publisher type"],
    required: false,
    name: "type d'annonceur",
    feminine: false,
    plural: false,
    description:
      "« professionnel » ou « particulier » : les mentions d'honoraires ne sont exigées que d'un professionnel. Vide : inconnu.",
    example: "professionnel",
  },
  {
    key: "ownerFirstName",
    // Nested JSON ('owner': { 'first_name' }) arrives as 'owner.first_name', i.e. 'ownerfirstname'.
    labels: [
      "propriétaire prénom",
      "prénom du propriétaire",
      "prénom propriétaire",
      "owner_first_name",
      "prénom",
      "first_name",
    ],
    required: false,
    name: "prénom du propriétaire",
    feminine: false,
    plural: false,
    description: "Prénom du propriétaire.",
    example: "Marie",
  },
  {
    key: "ownerLastName",
    labels: [
      "propriétaire nom",
      "nom du propriétaire",
      "nom propriétaire",
      "owner_last_name",
      "nom",
      "last_name",
    ],
    required: false,
    name: "nom du propriétaire",
    feminine: false,
    plural: false,
    description: "Nom du propriétaire.",
    example: "Durand",
  },
  {
    key: "ownerEmail",
    labels: [
      "propriétaire email",
      "email du propriétaire",
      "email propriétaire",
      "owner_email",
      "email",
      "courriel",
    ],
    required: false,
    name: "email du propriétaire",
    feminine: false,
    plural: false,
    description: "Adresse email du propriétaire ; une adresse mal formée rend la ligne invalide.",
    example: "marie.durand@exemple.fr",
  },
];

export const REQUIRED_COLUMNS: FileImportColumn[] = FILE_IMPORT_COLUMNS.filter((c) => c.required);

export const COLUMN_BY_KEY = Object.fromEntries(
  FILE_IMPORT_COLUMNS.map((column) => [column.key, column]),
) as Record<FileImportColumnKey, FileImportColumn>;

/**
 * 'Code postal', 'code_postal', 'CodePostal', 'Surface (m²)' -> 'codepostal', 'surfacem2':
 * accents and case dropped (NFKD also turns '²' into '2'), then everything but letters and
 * digits, which removes spaces, underscores, dots of nested JSON keys and a trailing ' *'.
 */
export function normaliseHeader(header: string): string {
  const decomposed = header.normalize("NFKD").toLowerCase();
  let out = "";
  for (let i = 0; i < decomposed.length; i++) {
    const code = decomposed.charCodeAt(i);
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) out += decomposed[i];
  }
  return out;
}

type HeaderMatch = { key: FileImportColumnKey; priority: number };

/** Normalised header -> column and the rank of the synonym (lower wins when several columns match). */
export const HEADER_INDEX: ReadonlyMap<string, HeaderMatch> = (() => {
  const index = new Map<string, HeaderMatch>();
  for (const column of FILE_IMPORT_COLUMNS) {
    column.labels.forEach((label, priority) => {
      const normalised = normaliseHeader(label);
      const existing = index.get(normalised);
      if (existing && existing.key !== column.key) {
        throw new Error(`Synonyme en double « ${label} » (${existing.key} et ${column.key})`);
      }
      if (!existing) index.set(normalised, { key: column.key, priority });
    });
  }
  return index;
})();

export function matchHeader(header: string): HeaderMatch | null {
  return HEADER_INDEX.get(normaliseHeader(header)) ?? null;
}

/** Headers of the CSV export's record columns (listing-csv.ts), after the re-importable ones. */
export const RECORD_CSV_HEADERS = ["statut", "confiance IA", "raison IA", "analysée le", "conformité", "constats de conformité"] as const;

/**
 * Fields of Vigimmo's own export that describe our record rather than the property (status,
 * moderation, dates): re-importing an export is expected, so they are skipped without being
 * listed as ignored columns.
 */
const VIGIMMO_METADATA = new Set(
  [
    "created_at",
    "updated_at",
    "status",
    "ai_checked_at",
    "ai_confidence",
    "compliance",
    "ai_flag_reason",
    "source_platform",
    "source_origin",
    "created_by",
    ...RECORD_CSV_HEADERS,
    // Exported fields that files do not fill (listing-fields.ts): a re-imported export skips them too.
    ...(LISTING_FIELDS as readonly ListingField[]).flatMap((field) => (field.fileColumn === null && field.exportKey ? [field.exportKey] : [])),
  ].map(normaliseHeader),
);

export function isVigimmoMetadata(header: string): boolean {
  return VIGIMMO_METADATA.has(normaliseHeader(header));
}

export type ColumnMapping = {
  /** For each column key, the source indexes (CSV) or names (JSON) to read, best synonym first. */
  sources: Partial<Record<FileImportColumnKey, number[]>>;
  /** Headers that matched no column, shown to the user so a typo does not go unnoticed. */
  ignored: string[];
  missingRequired: FileImportColumn[];
};

/** Maps a header row (or the union of JSON keys) to columns. */
export function mapHeaders(headers: readonly string[]): ColumnMapping {
  const found = new Map<FileImportColumnKey, Array<{ index: number; priority: number }>>();
  const ignored: string[] = [];
  headers.forEach((header, index) => {
    const match = matchHeader(header);
    if (!match) {
      if (header.trim() !== "" && !isVigimmoMetadata(header)) ignored.push(header.trim());
      return;
    }
    const list = found.get(match.key) ?? [];
    list.push({ index, priority: match.priority });
    found.set(match.key, list);
  });
  const sources: ColumnMapping["sources"] = {};
  for (const [key, list] of found) {
    sources[key] = list
      .sort((a, b) => a.priority - b.priority || a.index - b.index)
      .map((m) => m.index);
  }
  const missingRequired = REQUIRED_COLUMNS.filter((column) => !found.has(column.key));
  return { sources, ignored, missingRequired };
}
