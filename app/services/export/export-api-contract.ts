/**
 * The public contract of `POST /functions/v1/get-properties` (DECISIONS.md item 3): path,
 * accepted parameters, limits and every French error message. Shared by the API itself and by
 * /api-docs, so that the documentation cannot drift from what the server answers.
 */
export const EXPORT_API_PATH = "/functions/v1/get-properties";
export const EXPORT_API_FIELDS = ["apiKey", "limit", "offset"] as const;

/** A body is three small fields; anything bigger is a mistake or an attack. */
export const EXPORT_API_BODY_MAX_BYTES = 10 * 1024;
/** Per key: enough to page through 100 000 listings by 50 in under 4 minutes. */
export const EXPORT_API_KEY_RATE = { limit: 600, windowMs: 60_000 } as const;
/** Per client address, failures with unknown keys only: slows down key guessing. */
export const EXPORT_API_GUESS_RATE = { limit: 20, windowMs: 5 * 60_000 } as const;
/** Full exports running at once in this process (each holds a read snapshot). */
export const EXPORT_API_MAX_STREAMS = 4;
/** Pages up to this size are answered in one piece (about 8 ms of SQLite at most); bigger ones and "all" are streamed. */
export const EXPORT_API_BUFFERED_LIMIT = 500;

const MAX = Number.MAX_SAFE_INTEGER;

export const EXPORT_API_ERRORS = {
  invalidJson: "Corps de requête invalide : un objet JSON est attendu",
  notObject: "Corps de requête invalide : un objet JSON est attendu (par exemple {\"apiKey\": \"efi_...\"})",
  unknownField: (field: string) =>
    `Paramètre inconnu : « ${field} » (paramètres acceptés : apiKey, limit, offset)`,
  apiKeyType: "Le paramètre « apiKey » doit être une chaîne de caractères",
  limit: `Le paramètre « limit » doit être un nombre entier compris entre 1 et ${MAX}`,
  offset: `Le paramètre « offset » doit être un nombre entier compris entre 0 et ${MAX}`,
  tooLarge: "Corps de requête trop volumineux (10 Ko maximum)",
  missingKey: "Clé API manquante : ajoutez « apiKey » au corps de la requête",
  unknownKey: "Clé API invalide",
  inactiveKey: "Clé API désactivée : réactivez-la dans « Clés API Export »",
  method: "Méthode non autorisée : utilisez POST",
  keyRate: (seconds: number) => `Trop de requêtes pour cette clé API : réessayez dans ${seconds} s`,
  guessRate: (seconds: number) =>
    `Trop de tentatives avec une clé API invalide : réessayez dans ${seconds} s`,
  streams: "Trop d'exports complets en cours : réessayez dans quelques secondes",
  internal: "Erreur interne du serveur : réessayez plus tard",
} as const;

/** The error table of /api-docs: status, when it happens, the exact message. */
export const EXPORT_API_ERROR_TABLE: Array<{ status: number; when: string; message: string }> = [
  { status: 400, when: "Corps absent ou qui n'est pas du JSON", message: EXPORT_API_ERRORS.invalidJson },
  { status: 400, when: "JSON qui n'est pas un objet ([], \"texte\", null…)", message: EXPORT_API_ERRORS.notObject },
  { status: 400, when: "Paramètre non prévu (ici « foo »)", message: EXPORT_API_ERRORS.unknownField("foo") },
  { status: 400, when: "apiKey n'est pas une chaîne", message: EXPORT_API_ERRORS.apiKeyType },
  { status: 400, when: "limit absent des entiers positifs (0, -1, 2.5, \"50\"…)", message: EXPORT_API_ERRORS.limit },
  { status: 400, when: "offset négatif ou non entier", message: EXPORT_API_ERRORS.offset },
  { status: 401, when: "apiKey absente ou vide", message: EXPORT_API_ERRORS.missingKey },
  { status: 401, when: "Clé inconnue ou supprimée", message: EXPORT_API_ERRORS.unknownKey },
  { status: 403, when: "Clé désactivée", message: EXPORT_API_ERRORS.inactiveKey },
  { status: 405, when: "Méthode autre que POST (ou OPTIONS)", message: EXPORT_API_ERRORS.method },
  { status: 413, when: "Corps de plus de 10 Ko", message: EXPORT_API_ERRORS.tooLarge },
  { status: 429, when: "Plus de 600 appels par minute pour une clé (en-tête Retry-After)", message: EXPORT_API_ERRORS.keyRate(42) },
  { status: 429, when: "Trop de clés invalides depuis une même adresse", message: EXPORT_API_ERRORS.guessRate(120) },
  { status: 429, when: "Plus de 4 exports complets simultanés", message: EXPORT_API_ERRORS.streams },
];

/** Fields of each exported listing, in the order they appear in the JSON. */
export const EXPORTED_LISTING_FIELDS = [
  "id",
  "title",
  "description",
  "price",
  "property_type",
  "transaction_type",
  "address",
  "city",
  "postal_code",
  "surface_area",
  "rooms",
  "bedrooms",
  "bathrooms",
  "images",
  "features",
  "property_charges",
  "floor",
  "total_floors",
  "year_built",
  "energy_rating",
  "source_url",
  "created_at",
  "owner",
  "status",
  "ai_checked_at",
  "ai_confidence",
  "compliance",
] as const;

export const EXPORTED_COMPLIANCE_STATUSES = ["conforme", "a_completer", "non_conforme"] as const;

export type ExportedListing = {
  id: number;
  title: string;
  description: string | null;
  price: number | null;
  property_type: string | null;
  transaction_type: "sale" | "rental";
  address: string | null;
  city: string | null;
  postal_code: string | null;
  surface_area: number | null;
  rooms: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  images: string[];
  features: string[];
  property_charges: number | null;
  floor: number | null;
  total_floors: number | null;
  year_built: number | null;
  energy_rating: string | null;
  source_url: string | null;
  created_at: string;
  owner: { first_name: string | null; last_name: string | null; email: string | null } | null;
  status: "active";
  ai_checked_at: string | null;
  ai_confidence: number | null;
  /** Verdict of the advertising rules checker (issue 15); null until the listing is checked. */
  compliance: {
    status: (typeof EXPORTED_COMPLIANCE_STATUSES)[number];
    checked_at: string;
    findings: Array<{ code: string; message: string }>;
  } | null;
};

export type ExportResponse = {
  success: true;
  count: number;
  total: number;
  limit: number | null;
  offset: number;
  properties: ExportedListing[];
};

export type ExportErrorResponse = { success: false; error: string };
