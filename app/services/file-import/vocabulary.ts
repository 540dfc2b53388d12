/**
 * Free-text values people put in type, transaction and features cells, mapped to what Vigimmo
 * stores. Keys are compared after `normaliseWord`, so accents, case and punctuation do not matter.
 */
import {
  PROPERTY_TYPE_LABELS,
  type PublisherType,
  type TransactionType,
} from "~/services/listings/listing-input";

/** 'À louer !' -> 'a louer': accents and case dropped, any run of non-alphanumerics is one space. */
export function normaliseWord(text: string): string {
  const decomposed = text.normalize("NFKD").toLowerCase();
  let out = "";
  let pendingSpace = false;
  for (let i = 0; i < decomposed.length; i++) {
    const code = decomposed.charCodeAt(i);
    const alnum = (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    if (alnum) {
      if (pendingSpace && out.length > 0) out += " ";
      out += decomposed[i];
      pendingSpace = false;
    } else if (code < 0x300 || code > 0x36f) {
      // Combining accents (U+0300..U+036F) are dropped silently; anything else separates words.
      pendingSpace = true;
    }
  }
  return out;
}

function index<T>(groups: Array<[T, string[]]>): Map<string, T> {
  const map = new Map<string, T>();
  for (const [value, words] of groups)
    for (const word of words) map.set(normaliseWord(word), value);
  return map;
}

const TYPE_SYNONYMS: Array<[string, string[]]> = [
  ["Appartement", ["appartement", "appart", "apartment", "studio", "duplex", "triplex", "loft"]],
  ["Maison", ["maison", "villa", "pavillon", "maison de ville", "house"]],
  ["Immeuble", ["immeuble", "building", "immeuble de rapport"]],
  ["Terrain", ["terrain", "terrain à bâtir", "plot"]],
  ["Bureau", ["bureau", "bureaux", "offices"]],
  [
    "Local commercial",
    ["local commercial", "locaux commerciaux", "local", "local d'activité", "commercial premises"],
  ],
  ["Commerce", ["commerce", "boutique", "fonds de commerce", "retail"]],
  ["Parking", ["parking", "garage", "box", "place de parking", "parking space"]],
  ["Autre", ["autre", "divers", "other"]],
];

/** The partner's category keys (flat, house, ...) and the labels themselves also map to the label. */
const PROPERTY_TYPES = index<string>([
  ...TYPE_SYNONYMS,
  ...Object.entries(PROPERTY_TYPE_LABELS).map(([key, label]): [string, string[]] => [
    label,
    [key, label],
  ]),
]);

const TRANSACTIONS = index<TransactionType>([
  ["sale", ["vente", "vendre", "à vendre", "achat", "sale", "sell", "buy", "for sale"]],
  [
    "rental",
    [
      "location",
      "louer",
      "à louer",
      "locatif",
      "rental",
      "rent",
      "let",
      "to let",
      "lease",
      "for rent",
    ],
  ],
]);

/** English feature names some exports use, translated to the labels our own imports produce. */
const FEATURES = index<string>([
  ["Balcon", ["balcony"]],
  ["Terrasse", ["terrace"]],
  ["Jardin", ["garden"]],
  ["Ascenseur", ["elevator", "lift"]],
  ["Cave", ["cellar"]],
  ["Garage", ["garage"]],
  ["Parking", ["parking"]],
  ["Piscine", ["pool", "swimming pool"]],
  ["Meublé", ["furnished"]],
  ["Cheminée", ["fireplace"]],
  ["Climatisation", ["air conditioning"]],
  ["Gardien", ["caretaker", "concierge"]],
]);

/**
 * Files repeat the same few words on every row ('Appartement', 'location', 'Balcon'); remember
 * the answers so that accents are stripped once per distinct word, not once per row. Bounded so
 * that a file of distinct free texts cannot grow it without limit.
 */
function memoise<T>(compute: (text: string) => T): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    let value = cache.get(text);
    if (value === undefined && !cache.has(text)) {
      value = compute(text);
      if (cache.size >= 2000) cache.clear();
      cache.set(text, value);
    }
    return value as T;
  };
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Known type -> its French label; unknown text is kept (capitalised) rather than lost. */
export const propertyTypeLabel = memoise(
  (text: string): string => PROPERTY_TYPES.get(normaliseWord(text)) ?? capitalise(text),
);

export const transactionType = memoise(
  (text: string): TransactionType | null => TRANSACTIONS.get(normaliseWord(text)) ?? null,
);

/** « type d'annonceur » cells: who publishes the ad (the compliance checker reads it, issue 29). */
const PUBLISHER_TYPES = index<PublisherType>([
  [
    "professional",
    ["professionnel", "pro", "agence", "agent immobilier", "mandataire", "professional", "agency"],
  ],
  [
    "private",
    ["particulier", "propriétaire", "bailleur particulier", "private", "individual", "owner"],
  ],
]);

export const publisherType = memoise(
  (text: string): PublisherType | null => PUBLISHER_TYPES.get(normaliseWord(text)) ?? null,
);

export const featureLabel = memoise(
  (text: string): string => FEATURES.get(normaliseWord(text)) ?? capitalise(text),
);
