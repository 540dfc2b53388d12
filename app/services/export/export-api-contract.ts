/**
 * The public contract of `POST /functions/v1/get-properties` (DECISIONS.md item 3): path,
 * accepted parameters, limits and every French error message. Shared by the API itself and by
 * /api-docs, so that the documentation cannot drift from what the server answers.
 */
import { RETENTION } from "~/config";
import { EXPORT_DOCUMENT_FIELDS, EXPORTED_COMPLIANCE_STATUSES } from "./export-document";

export const EXPORT_API_PATH = "/functions/v1/get-properties";
export const EXPORT_API_FIELDS = ["apiKey", "limit", "offset", "updatedSince", "cursor"] as const;

/** A body is three small fields; anything bigger is a mistake or an attack. */
export const EXPORT_API_BODY_MAX_BYTES = 10 * 1024;
/** Per key: enough to page through 100 000 listings by 50 in under 4 minutes. */
export const EXPORT_API_KEY_RATE = { limit: 600, windowMs: 60_000 } as const;
/** Per client address, failures with unknown keys only: slows down key guessing. */
export const EXPORT_API_GUESS_RATE = { limit: 20, windowMs: 5 * 60_000 } as const;
/** Full exports running at once in this process, whatever their keys; and one at a time per key. */
export const EXPORT_API_MAX_STREAMS = 4;
/** Retry-After of a key that asks for a second full export while its first one runs. */
export const EXPORT_API_KEY_STREAM_RETRY_S = 30;
/** Pages up to this size are answered in one piece (about 8 ms of SQLite at most); bigger ones and "all" are streamed. */
export const EXPORT_API_BUFFERED_LIMIT = 500;
/** Listings of a page read by `cursor` or `updatedSince` (the default and the maximum): always answered in one piece. */
export const EXPORT_API_CURSOR_MAX_LIMIT = EXPORT_API_BUFFERED_LIMIT;
/** Changes (listing writes and removals) a change-feed page looks at, at most: bounds its `removed` array. */
export const EXPORT_API_FEED_MAX_EVENTS = 5_000;
/** A cursor is short; anything longer was not issued by us. */
export const EXPORT_API_CURSOR_MAX_LENGTH = 200;

const MAX = Number.MAX_SAFE_INTEGER;

export const EXPORT_API_ERRORS = {
  invalidJson: "Corps de requête invalide : un objet JSON est attendu",
  notObject: "Corps de requête invalide : un objet JSON est attendu (par exemple {\"apiKey\": \"efi_...\"})",
  unknownField: (field: string) =>
    `Paramètre inconnu : « ${field} » (paramètres acceptés : ${EXPORT_API_FIELDS.join(", ")})`,
  apiKeyType: "Le paramètre « apiKey » doit être une chaîne de caractères",
  limit: `Le paramètre « limit » doit être un nombre entier compris entre 1 et ${MAX}`,
  offset: `Le paramètre « offset » doit être un nombre entier compris entre 0 et ${MAX}`,
  updatedSince:
    "Le paramètre « updatedSince » doit être une date et heure ISO 8601 avec son fuseau (par exemple 2026-01-31T08:00:00Z)",
  cursor: "Curseur invalide : renvoyez tel quel le « next_cursor » ou le « sync_cursor » d'une réponse précédente",
  cursorOtherKey: "Ce curseur a été délivré à une autre clé API : chaque clé suit ses propres curseurs",
  cursorWithOffset: "« cursor » et « offset » ne peuvent pas être combinés : le curseur donne déjà la position",
  feedWithOffset: "« updatedSince » et « offset » ne peuvent pas être combinés : suivez « next_cursor »",
  listingCursorWithFeed: "Ce curseur continue la liste complète, pas un flux de changements : retirez « updatedSince »",
  cursorLimit: `Avec « cursor » ou « updatedSince », « limit » vaut au plus ${EXPORT_API_CURSOR_MAX_LIMIT}`,
  resyncRequired: `Position trop ancienne : les changements de plus de ${RETENTION.exportEventsDays} jours ne sont plus conservés (« resync_required »). Resynchronisez entièrement votre copie : videz-la et repartez de « updatedSince » 1970-01-01T00:00:00Z`,
  tooLarge: "Corps de requête trop volumineux (10 Ko maximum)",
  missingKey: "Clé API manquante : ajoutez « apiKey » au corps de la requête",
  unknownKey: "Clé API invalide",
  inactiveKey: "Clé API désactivée : réactivez-la dans « Clés API Export »",
  method: "Méthode non autorisée : utilisez POST",
  keyRate: (seconds: number) => `Trop de requêtes pour cette clé API : réessayez dans ${seconds} s`,
  guessRate: (seconds: number) =>
    `Trop de tentatives avec une clé API invalide : réessayez dans ${seconds} s`,
  streams: "Trop d'exports complets en cours : réessayez dans quelques secondes",
  streamForKey: (seconds: number) =>
    `Un export complet est déjà en cours pour cette clé API : attendez sa fin (réessayez dans ${seconds} s) ou paginez avec « cursor »`,
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
  { status: 400, when: "updatedSince qui n'est pas une date et heure ISO 8601 avec fuseau", message: EXPORT_API_ERRORS.updatedSince },
  { status: 400, when: "cursor modifié, tronqué ou inventé", message: EXPORT_API_ERRORS.cursor },
  { status: 400, when: "cursor reçu avec une autre clé API", message: EXPORT_API_ERRORS.cursorOtherKey },
  { status: 400, when: "cursor et offset dans la même requête", message: EXPORT_API_ERRORS.cursorWithOffset },
  { status: 400, when: "updatedSince et offset dans la même requête", message: EXPORT_API_ERRORS.feedWithOffset },
  { status: 400, when: "Curseur de liste complète avec updatedSince", message: EXPORT_API_ERRORS.listingCursorWithFeed },
  { status: 400, when: "limit au-dessus de 500 avec cursor ou updatedSince", message: EXPORT_API_ERRORS.cursorLimit },
  { status: 401, when: "apiKey absente ou vide", message: EXPORT_API_ERRORS.missingKey },
  { status: 401, when: "Clé inconnue ou supprimée", message: EXPORT_API_ERRORS.unknownKey },
  { status: 403, when: "Clé désactivée", message: EXPORT_API_ERRORS.inactiveKey },
  { status: 405, when: "Méthode autre que POST (ou OPTIONS)", message: EXPORT_API_ERRORS.method },
  {
    status: 410,
    when: `cursor ou updatedSince plus ancien que les ${RETENTION.exportEventsDays} jours de changements conservés ; la réponse porte "resync_required": true`,
    message: EXPORT_API_ERRORS.resyncRequired,
  },
  { status: 413, when: "Corps de plus de 10 Ko", message: EXPORT_API_ERRORS.tooLarge },
  { status: 429, when: "Plus de 600 appels par minute pour une clé (en-tête Retry-After)", message: EXPORT_API_ERRORS.keyRate(42) },
  { status: 429, when: "Trop de clés invalides depuis une même adresse", message: EXPORT_API_ERRORS.guessRate(120) },
  { status: 429, when: "Un deuxième export complet avec la même clé pendant le premier", message: EXPORT_API_ERRORS.streamForKey(30) },
  { status: 429, when: "Plus de 4 exports complets simultanés (toutes clés confondues)", message: EXPORT_API_ERRORS.streams },
];

/** Fields of each exported listing, in the order they appear in the JSON. */
export const EXPORTED_LISTING_FIELDS = EXPORT_DOCUMENT_FIELDS.map((field) => field.key) as ReadonlyArray<keyof import("./export-api-schemas").ExportedListing>;

export { EXPORTED_COMPLIANCE_STATUSES };

// The answers' types are inferred from their zod schemas, which the OpenAPI document is generated from (issue 27).
export type {
  ExportChangesResponse,
  ExportedListing,
  ExportErrorResponse,
  ExportResponse,
} from "./export-api-schemas";
