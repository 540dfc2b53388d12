/**
 * Limits of the file import. Client-safe (no Node import) so that the /properties page can show
 * them next to the upload field and refuse an oversized file before sending it.
 */
export const FILE_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_IMPORT_MAX_ROWS = 20_000;
/**
 * A record (one listing) never needs more: 5 000-character descriptions and a few dozen columns.
 * Past these the file is refused at the line concerned, so a 10 MB line without a break or a
 * million-column header cannot hold the server while it is read.
 */
export const FILE_IMPORT_MAX_COLUMNS = 200;
export const FILE_IMPORT_MAX_RECORD_CHARS = 100_000;
/** Rows handed to the import job at a time; it writes one transaction per batch. */
export const FILE_IMPORT_BATCH_SIZE = 500;
/** File extensions offered by the upload field (`accept` attribute). */
export const FILE_IMPORT_ACCEPT = ".csv,.tsv,.txt,.json,text/csv,application/json";

export const FILE_IMPORT_MESSAGES = {
  tooLarge: "Fichier trop volumineux (10 Mo maximum)",
  tooManyRows: "Le fichier dépasse 20 000 annonces",
  empty: "Le fichier est vide",
  noRows: "Le fichier ne contient aucune annonce",
  missingColumns: "Colonnes obligatoires manquantes : ",
  spreadsheet:
    "Les classeurs Excel ou OpenDocument ne sont pas acceptés : enregistrez le fichier au format CSV (« CSV UTF-8 » ou « CSV séparateur point-virgule ») puis importez-le",
  unsupportedExtension: "Format de fichier non pris en charge : utilisez un fichier .csv ou .json",
  invalidJson: "Fichier JSON invalide",
  expired: "Le fichier de cet import n'est plus disponible : relancez l'import",
  stopped: "Erreur lors de l'import : le processus de lecture du fichier s'est arrêté",
  jsonShape:
    "Fichier JSON non reconnu : attendu un tableau d'annonces, ou un objet avec une liste « annonces », « listings » ou « properties »",
} as const;
