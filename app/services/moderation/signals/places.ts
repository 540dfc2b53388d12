import { stems } from "./gates";
import type { Match, TextDoc } from "./text-doc";

/**
 * Foreign places, written as they appear in normalised French text (lower-case, no accents).
 *
 * Why a list: "owner abroad" and "notary abroad" are the backbone of the classic rental scam
 * (the victim can never meet anyone). The list covers the countries and cities that show up in
 * such stories; it is not meant to be exhaustive, the generic phrases ("à l'étranger",
 * "expatrié", "hors de France") catch the rest.
 *
 * Deliberately left out: names that are also French towns (Valence, Vienne, Bâle/Bale is fine but
 * "Porto" is guarded against "Porto-Vecchio" by the boundary below), and Monaco/Andorra-like
 * neighbours whose owners routinely visit in person.
 */
const COUNTRIES = [
  "belgique",
  "suisse",
  "luxembourg",
  "allemagne",
  "espagne",
  "portugal",
  "italie",
  "royaume-uni",
  "royaume uni",
  "angleterre",
  "ecosse",
  "irlande",
  "pays-bas",
  "pays bas",
  "hollande",
  "autriche",
  "pologne",
  "lituanie",
  "lettonie",
  "estonie",
  "roumanie",
  "bulgarie",
  "grece",
  "chypre",
  "malte",
  "suede",
  "norvege",
  "danemark",
  "finlande",
  "republique tcheque",
  "hongrie",
  "croatie",
  "serbie",
  "ukraine",
  "russie",
  "turquie",
  "canada",
  "quebec",
  "etats-unis",
  "etats unis",
  "usa",
  "amerique",
  "mexique",
  "bresil",
  "argentine",
  "maroc",
  "algerie",
  "tunisie",
  "egypte",
  "senegal",
  "cote d'ivoire",
  "benin",
  "togo",
  "ghana",
  "nigeria",
  "cameroun",
  "gabon",
  "congo",
  "mali",
  "niger",
  "burkina faso",
  "burkina",
  "tchad",
  "guinee",
  "madagascar",
  "afrique du sud",
  "afrique",
  "kenya",
  "liban",
  "israel",
  "emirats",
  "qatar",
  "arabie saoudite",
  "inde",
  "chine",
  "japon",
  "singapour",
  "hong kong",
  "thailande",
  "vietnam",
  "australie",
  "nouvelle-zelande",
  "nouvelle zelande",
];

const CITIES = [
  "londres",
  "manchester",
  "birmingham",
  "liverpool",
  "edimbourg",
  "glasgow",
  "dublin",
  "bruxelles",
  "anvers",
  "liege",
  "geneve",
  "lausanne",
  "zurich",
  "bale",
  "berne",
  "berlin",
  "munich",
  "francfort",
  "hambourg",
  "cologne",
  "dusseldorf",
  "stuttgart",
  "madrid",
  "barcelone",
  "seville",
  "malaga",
  "lisbonne",
  "porto",
  "rome",
  "milan",
  "turin",
  "naples",
  "florence",
  "venise",
  "amsterdam",
  "rotterdam",
  "varsovie",
  "cracovie",
  "prague",
  "budapest",
  "bucarest",
  "sofia",
  "athenes",
  "istanbul",
  "vilnius",
  "riga",
  "montreal",
  "toronto",
  "vancouver",
  "ottawa",
  "new york",
  "miami",
  "los angeles",
  "chicago",
  "san francisco",
  "dubai",
  "abou dhabi",
  "abu dhabi",
  "doha",
  "riyad",
  "casablanca",
  "rabat",
  "marrakech",
  "tanger",
  "alger",
  "oran",
  "tunis",
  "le caire",
  "dakar",
  "abidjan",
  "cotonou",
  "lome",
  "lagos",
  "accra",
  "douala",
  "yaounde",
  "libreville",
  "kinshasa",
  "brazzaville",
  "bamako",
  "ouagadougou",
  "niamey",
  "ndjamena",
  "n'djamena",
  "conakry",
  "beyrouth",
  "tel aviv",
  "tokyo",
  "pekin",
  "shanghai",
  "sydney",
  "melbourne",
];

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Longest names first so "burkina faso" wins over "burkina". */
const NAMES = [...COUNTRIES, ...CITIES].sort((a, b) => b.length - a.length).map(escape);

/** Source of a regex matching one foreign place as a whole word (not followed by "-" either). */
export const FOREIGN_PLACE = `(?:${NAMES.join("|")})(?![\\w-])`;

/** Display form of a matched place: "cote d'ivoire" → "Cote d'ivoire". */
export function displayPlace(normalized: string): string {
  return normalized.charAt(0).toUpperCase() + normalized.slice(1);
}

const FOREIGN_PLACE_GLOBAL = new RegExp(`\\b${FOREIGN_PLACE}`, "g");

/** Gate: the longest word of each place name (e.g. "ivoire", "caire", "york"). */
export const FOREIGN_PLACE_GATE = stems(
  ...[...COUNTRIES, ...CITIES].map(
    (name) =>
      name
        .split(/[^a-z]+/)
        .filter((w) => w.length >= 2)
        .sort((a, b) => b.length - a.length)[0],
  ),
);

/** Every foreign place mentioned in the document. */
export function findForeignPlaces(doc: TextDoc): Match[] {
  return doc.has(FOREIGN_PLACE_GATE) ? doc.findAll(FOREIGN_PLACE_GLOBAL) : [];
}
