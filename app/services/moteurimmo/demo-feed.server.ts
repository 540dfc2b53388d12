import type { TransactionType } from "../listings/listing-input";
import { DEMO_PICTURE_BASE_URL } from "../listings/demo-photos";
import { communeByCode } from "../geo/communes.server";
import { adMatchesFilter, hasAdFilters } from "./ad-filter";
import {
  MOTEURIMMO_MAX_PAGE_LENGTH,
  createAbortError,
  type AdPage,
  type AdSource,
  type ParsedAd,
} from "./types";

/**
 * The built-in demo feed (DECISIONS.md 7): realistic French private ads in the partner's shape,
 * generated locally so the whole import flow works without a MoteurImmo key.
 *
 * Every ad is a pure function of (seed, transaction, index): a page is generated on its own,
 * without building the ads before it, and the database seed can build 100 000 ads quickly
 * (no per-ad regexes, Intl or JSON work). About 6 % of the ads carry one scam pattern that a
 * careful reader (and the moderation engine) should flag; `demoScamKind` tells which.
 */

export const DEMO_DEFAULT_TOTAL = 2400;
export const DEMO_DEFAULT_SEED = 1;
export const DEMO_SUSPICIOUS_SHARE = 0.06;
/** Demo ads link to a demo domain, never to a real site with a made-up id. */
export const DEMO_AD_BASE_URL = "https://annonces.vigimmo-demo.fr";
/** Fixed clock: the newest demo ad is created at this instant, older ones every ~6 minutes. */
const REFERENCE_MS = Date.UTC(2025, 5, 2, 9, 0, 0);
const AD_SPACING_MS = 6 * 60_000;

export type DemoScamKind =
  | "underpriced"
  | "money-transfer"
  | "owner-abroad"
  | "whatsapp-only"
  | "reused-pictures"
  | "copied-description";

const SCAM_KINDS: readonly DemoScamKind[] = [
  "underpriced",
  "money-transfer",
  "owner-abroad",
  "whatsapp-only",
  "reused-pictures",
  "copied-description",
];

// ---------------------------------------------------------------------------------------------
// Reference data. Rents and sale prices per m² are rounded 2024-2025 levels for private lets and
// resales; they only need to be plausible and consistent within a city, since moderation
// compares listings of the same city with each other.

type District = { name: string; postalCode: string; inseeCode: string | null };

type City = {
  name: string;
  departmentCode: number;
  inseeCode: string;
  rentPerM2: number;
  salePerM2: number;
  weight: number;
  houseShare: number;
  latitude: number;
  longitude: number;
  transport: string;
  sunny: boolean;
  districts: District[];
};

// name, department, INSEE, rent €/m²/month, sale €/m², feed weight, share of houses, lat, lon,
// transport named in descriptions, "name:postal[:insee]" districts separated by "|".
type CityRow = [
  string,
  number,
  string,
  number,
  number,
  number,
  number,
  number,
  number,
  string,
  string,
];

// prettier-ignore
const CITY_ROWS: CityRow[] = [
  ["Paris", 75, "75056", 30, 9800, 18, 0.01, 48.8566, 2.3522, "métro", "Le Marais:75004:75104|Bastille:75011:75111|Montmartre:75018:75118|Batignolles:75017:75117|Belleville:75020:75120|Butte-aux-Cailles:75013:75113|Saint-Germain-des-Prés:75006:75106|Canal Saint-Martin:75010:75110|Convention:75015:75115|Passy:75016:75116|Nation:75012:75112|Alésia:75014:75114"],
  ["Lyon", 69, "69123", 15, 4800, 9, 0.06, 45.764, 4.8357, "métro", "Croix-Rousse:69004:69384|Presqu'île:69002:69382|Part-Dieu:69003:69383|Vieux Lyon:69005:69385|Brotteaux:69006:69386|Guillotière:69007:69387|Monplaisir:69008:69388|Vaise:69009:69389"],
  ["Marseille", 13, "13055", 14, 3600, 8, 0.15, 43.2965, 5.3698, "métro", "Le Panier:13002:13202|Vieux-Port:13001:13201|Castellane:13006:13206|Endoume:13007:13207|Prado:13008:13208|La Plaine:13005:13205|Saint-Barnabé:13012:13212|Mazargues:13009:13209"],
  ["Bordeaux", 33, "33063", 15, 4500, 6, 0.2, 44.8378, -0.5792, "tram", "Chartrons:33300|Saint-Michel:33800|La Bastide:33100|Caudéran:33200|Saint-Pierre:33000|Nansouty:33800"],
  ["Lille", 59, "59350", 14, 3500, 6, 0.2, 50.6292, 3.0573, "métro", "Vieux-Lille:59800|Wazemmes:59000|Vauban:59000|Fives:59800|Moulins:59000|Saint-Maurice Pellevoisin:59800"],
  ["Nantes", 44, "44109", 13, 3700, 6, 0.22, 47.2184, -1.5536, "tram", "Centre-ville:44000|Île de Nantes:44200|Chantenay:44100|Doulon:44300|Zola:44100|Saint-Félix:44300"],
  ["Toulouse", 31, "31555", 13, 3500, 7, 0.2, 43.6047, 1.4442, "métro", "Capitole:31000|Saint-Cyprien:31300|Carmes:31000|Minimes:31200|Rangueil:31400|Saint-Agne:31400|Compans-Caffarelli:31000"],
  ["Nice", 6, "06088", 19, 5200, 5, 0.1, 43.7102, 7.262, "tram", "Vieux-Nice:06300|Cimiez:06000|Le Port:06300|Libération:06000|Fabron:06200|Quartier des Musiciens:06000"],
  ["Strasbourg", 67, "67482", 13, 3600, 5, 0.12, 48.5734, 7.7521, "tram", "Krutenau:67000|Neudorf:67100|Orangerie:67000|Esplanade:67000|Robertsau:67000|Petite France:67000"],
  ["Montpellier", 34, "34172", 15, 3700, 5, 0.15, 43.6108, 3.8767, "tram", "Écusson:34000|Antigone:34000|Boutonnet:34090|Port Marianne:34000|Beaux-Arts:34000|Les Arceaux:34000"],
  ["Rennes", 35, "35238", 13, 3900, 5, 0.18, 48.1173, -1.6778, "métro", "Centre:35000|Thabor:35000|Sainte-Thérèse:35200|Bourg-l'Évêque:35000|Jeanne d'Arc:35700|Colombier:35000"],
  ["Grenoble", 38, "38185", 12, 2700, 4, 0.08, 45.1885, 5.7245, "tram", "Île Verte:38000|Championnet:38000|Saint-Bruno:38000|Europole:38000|Berriat:38000|Notre-Dame:38000"],
  ["Dijon", 21, "21231", 11, 2600, 3, 0.22, 47.322, 5.0415, "tram", "Centre historique:21000|Montchapet:21000|Université:21000|Port du Canal:21000|Grésilles:21000"],
  ["Angers", 49, "49007", 11, 3000, 3, 0.28, 47.4784, -0.5632, "tram", "La Doutre:49100|Centre-ville:49100|Saint-Serge:49100|Belle-Beille:49000|Monplaisir:49000"],
  ["Reims", 51, "51454", 11, 2400, 3, 0.25, 49.2583, 4.0317, "tram", "Centre-ville:51100|Boulingrin:51100|Clairmarais:51100|Courlancy:51100|Jean-Jaurès:51100"],
  ["Le Havre", 76, "76351", 10, 2000, 3, 0.25, 49.4944, 0.1079, "tram", "Centre reconstruit:76600|Saint-Vincent:76600|Sanvic:76620|Graville:76600|Danton:76600"],
  ["Tours", 37, "37261", 11, 2700, 3, 0.25, 47.3941, 0.6848, "tram", "Vieux-Tours:37000|Prébendes:37000|Rives du Cher:37200|Cathédrale:37000|Febvotte:37000"],
  ["Clermont-Ferrand", 63, "63113", 10, 2300, 3, 0.22, 45.7772, 3.087, "tram", "Centre:63000|Jaude:63000|Montferrand:63100|Saint-Jacques:63000|Les Salins:63000"],
  ["Limoges", 87, "87085", 9, 1700, 2, 0.3, 45.8336, 1.2611, "bus", "Centre:87000|Carnot:87000|Les Émailleurs:87000|Montjovis:87100|Vanteaux:87100"],
  ["Brest", 29, "29019", 9, 2000, 2, 0.3, 48.3904, -4.4861, "tram", "Siam:29200|Saint-Martin:29200|Recouvrance:29200|Lambézellec:29200|Kerinou:29200"],
];

const SUNNY_CITIES = new Set(["Marseille", "Nice", "Montpellier", "Toulouse", "Bordeaux"]);

const CITIES: readonly City[] = CITY_ROWS.map(
  ([
    name,
    departmentCode,
    inseeCode,
    rentPerM2,
    salePerM2,
    weight,
    houseShare,
    latitude,
    longitude,
    transport,
    districts,
  ]) => ({
    name,
    departmentCode,
    inseeCode,
    rentPerM2,
    salePerM2,
    weight,
    houseShare,
    latitude,
    longitude,
    transport,
    sunny: SUNNY_CITIES.has(name),
    districts: districts.split("|").map((entry) => {
      const [districtName, postalCode, districtInsee] = entry.split(":");
      return { name: districtName, postalCode, inseeCode: districtInsee ?? null };
    }),
  }),
);

/** Market levels, exported for the moderation engine's tests and the benchmarks. */
export const DEMO_MARKET: ReadonlyArray<{ city: string; rentPerM2: number; salePerM2: number }> =
  CITIES.map(({ name, rentPerM2, salePerM2 }) => ({ city: name, rentPerM2, salePerM2 }));

// prettier-ignore
const FIRST_NAMES = [
  "Camille", "Julie", "Thomas", "Nicolas", "Sophie", "Marie", "Élodie", "Mathieu", "Julien",
  "Céline", "Pierre", "Antoine", "Laura", "Émilie", "Hugo", "Léa", "Chloé", "Manon", "Lucas",
  "Sébastien", "Isabelle", "Nathalie", "Philippe", "François", "Claire", "Aurélie", "Vincent",
  "Guillaume", "Hélène", "Stéphanie", "Maxime", "Romain", "Anne", "Catherine", "Jérôme",
  "Olivier", "Sandrine", "Valérie", "Benoît", "Gaëlle", "Jean-Pierre", "Marie-Claire",
  "Yannick", "Agnès", "Loïc", "Margaux",
];

// prettier-ignore
const LAST_NAMES = [
  "Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy",
  "Moreau", "Simon", "Laurent", "Lefebvre", "Michel", "Garcia", "David", "Bertrand", "Roux",
  "Vincent", "Fournier", "Morel", "Girard", "André", "Lefèvre", "Mercier", "Dupont", "Lambert",
  "Bonnet", "François", "Martinez", "Legrand", "Garnier", "Faure", "Rousseau", "Blanc",
  "Guérin", "Muller", "Henry", "Roussel", "Perrin", "Morin", "Clément", "Gauthier", "Le Gall",
  "Kerbrat", "Da Silva", "N'Diaye", "Lemoine", "Barbier", "Chevalier",
];

/** E-mail parts, computed once: "Élodie" → "elodie", "Le Gall" → "legall". */
const SLUGS = new Map(
  [...FIRST_NAMES, ...LAST_NAMES].map((name) => [
    name,
    name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z]/g, ""),
  ]),
);
const slug = (name: string) => SLUGS.get(name) ?? "contact";

// prettier-ignore
const ORIGINS: ReadonlyArray<readonly [string, number]> = [
  ["leboncoin", 45], ["pap", 14], ["seloger", 12], ["bienici", 10], ["logicimmo", 6],
  ["paruvendu", 4], ["figaro", 3], ["ouestfrance", 3], ["avendrealouer", 3],
];

// ---------------------------------------------------------------------------------------------
// Deterministic randomness: one small PRNG stream per ad, seeded from (seed, transaction, index).

/** 32-bit integer hash of two integers (murmur3 finaliser). */
function mix(a: number, b: number): number {
  let h = (a ^ Math.imul(b, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** mulberry32: fast, good enough for fake data. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1][0];
  }
}

type Context = { seed: number; transaction: TransactionType; txBit: 0 | 1 };

function context(seed: number, transaction: TransactionType): Context {
  return { seed: seed >>> 0, transaction, txBit: transaction === "sale" ? 1 : 0 };
}

function adRng(ctx: Context, index: number): Rng {
  return new Rng(mix(mix(ctx.seed, 0x51ed27 + ctx.txBit), index));
}

const CITY_WEIGHTS = CITIES.map((city) => [city, city.weight] as const);

/** Always the first draw of an ad's stream, so another ad's city is cheap to know. */
function pickCity(rng: Rng): City {
  return rng.weighted(CITY_WEIGHTS);
}

function cityOf(ctx: Context, index: number): City {
  return pickCity(adRng(ctx, index));
}

/** The scam pattern planted in demo ad `index`, or null for an honest ad. */
export function demoScamKind(
  index: number,
  seed: number = DEMO_DEFAULT_SEED,
  transaction: TransactionType = "rental",
): DemoScamKind | null {
  const ctx = context(seed, transaction);
  const h = mix(mix(ctx.seed ^ 0x5bd1e995, 0xc0ffee + ctx.txBit), index);
  if (h % 10_000 >= DEMO_SUSPICIOUS_SHARE * 10_000) return null;
  return SCAM_KINDS[Math.floor(h / 10_000) % SCAM_KINDS.length];
}

const hex8 = (value: number) => (value >>> 0).toString(16).padStart(8, "0");

/**
 * Id, creation time and pictures depend on the index only, so a scam ad can reuse another
 * ad's pictures without generating that ad. The id looks like the partner's (a MongoDB
 * ObjectId: creation seconds + random + serial); the serial part is a bijection of
 * (transaction, index), so ids never collide.
 */
function identity(ctx: Context, index: number) {
  const h = mix(mix(ctx.seed, 0x1d3a7 + ctx.txBit), index);
  const creationMs = REFERENCE_MS - index * AD_SPACING_MS - (h % 240) * 1000;
  const serial = (((ctx.txBit << 31) | index) ^ mix(ctx.seed, 0xa5a5)) >>> 0;
  const uniqueId = hex8(Math.floor(creationMs / 1000)) + hex8(h) + hex8(serial);
  const pictureCount = 2 + (mix(h, 7) % 5);
  return { uniqueId, creationMs, pictureCount };
}

function pictureUrls(uniqueId: string, count: number): string[] {
  const urls: string[] = [];
  for (let n = 1; n <= count; n++) urls.push(`${DEMO_PICTURE_BASE_URL}/${uniqueId}/${n}.jpg`);
  return urls;
}

/** An honest ad of another city near `index`, whose pictures or text a scam ad copies. */
function donorIndex(ctx: Context, index: number, city: City): number {
  for (let step = 1; step <= 200; step++) {
    for (const candidate of [index - step, index + step]) {
      if (candidate < 0) continue;
      if (demoScamKind(candidate, ctx.seed, ctx.transaction) !== null) continue;
      if (cityOf(ctx, candidate) !== city) return candidate;
    }
  }
  return index + 1;
}

// ---------------------------------------------------------------------------------------------
// The property itself.

type Category = "flat" | "house";

type Property = {
  city: City;
  district: District;
  category: Category;
  rooms: number;
  bedrooms: number;
  surface: number;
  landSurface: number | null;
  floor: number | null;
  buildingFloors: number;
  year: number;
  energy: string;
  gas: string;
  furnished: boolean;
  lift: boolean;
  balcony: number | null;
  terrace: number | null;
  garden: boolean;
  garage: boolean;
  parking: boolean;
  cave: boolean;
  pool: boolean;
  worksRequired: boolean;
  heating: string;
};

// prettier-ignore
const FLAT_ROOMS: Record<TransactionType, ReadonlyArray<readonly [number, number]>> = {
  rental: [[1, 25], [2, 33], [3, 25], [4, 12], [5, 5]],
  sale: [[1, 12], [2, 28], [3, 30], [4, 20], [5, 10]],
};
// prettier-ignore
const FLAT_SURFACE: Record<number, readonly [number, number]> = {
  1: [16, 34], 2: [30, 55], 3: [50, 80], 4: [68, 100], 5: [85, 130],
};
type YearBand = readonly [readonly [number, number], number];
// prettier-ignore
const YEARS_PARIS: YearBand[] = [[[1850, 1913], 55], [[1914, 1948], 15], [[1949, 1974], 15], [[1975, 2000], 10], [[2001, 2024], 5]];
// prettier-ignore
const YEARS_FLAT: YearBand[] = [[[1850, 1913], 15], [[1914, 1948], 12], [[1949, 1974], 28], [[1975, 2000], 25], [[2001, 2024], 20]];
// prettier-ignore
const YEARS_HOUSE: YearBand[] = [[[1900, 1948], 20], [[1949, 1974], 25], [[1975, 2000], 35], [[2001, 2024], 20]];
const GRADES = ["A", "B", "C", "D", "E", "F", "G"];
const LOW_CARBON_GRADES = ["A", "B"];
const GRADES_RECENT: ReadonlyArray<readonly [string, number]> = [
  ["A", 15],
  ["B", 45],
  ["C", 40],
];
// G-rated homes may no longer be let (loi Climat et résilience, 2025).
// prettier-ignore
const GRADES_OLD_RENTAL: ReadonlyArray<readonly [string, number]> = [["B", 4], ["C", 20], ["D", 38], ["E", 26], ["F", 12]];
// prettier-ignore
const GRADES_OLD_SALE: ReadonlyArray<readonly [string, number]> = [["B", 4], ["C", 20], ["D", 36], ["E", 24], ["F", 10], ["G", 6]];

// Phrase lists live at module level: allocating them per ad showed up in the 100 000-ad seed.
const HEATING_RECENT = ["par pompe à chaleur", "individuel au gaz (chaudière à condensation)"];
// prettier-ignore
const HEATING_OLD_FLAT = ["collectif au gaz", "individuel électrique", "individuel au gaz", "urbain"];
// prettier-ignore
const HEATING_OLD_HOUSE = ["au gaz", "par pompe à chaleur", "au fioul", "électrique et poêle à bois"];

function buildProperty(ctx: Context, rng: Rng, city: City): Property {
  const district = rng.pick(city.districts);
  const category: Category = rng.chance(city.houseShare) ? "house" : "flat";
  const rental = ctx.transaction === "rental";
  const isFlat = category === "flat";

  const rooms = isFlat ? rng.weighted(FLAT_ROOMS[ctx.transaction]) : rng.int(3, 7);
  const bedrooms = isFlat ? Math.max(0, rooms - 1) : rooms - rng.int(1, 2);
  let surface: number;
  if (isFlat) {
    const [min, max] = FLAT_SURFACE[rooms];
    surface = Math.round(rng.range(min, max) * (city.name === "Paris" ? 0.9 : 1));
  } else {
    surface = Math.round(25 + rooms * rng.range(16, 24));
  }
  const buildingFloors = isFlat
    ? city.name === "Paris"
      ? rng.int(5, 7)
      : rng.int(2, 8)
    : rng.int(1, 2);
  const floor = isFlat ? rng.int(0, buildingFloors) : null;
  const [yearMin, yearMax] = rng.weighted(
    isFlat ? (city.name === "Paris" ? YEARS_PARIS : YEARS_FLAT) : YEARS_HOUSE,
  );
  const year = rng.int(yearMin, yearMax);
  const energy = rng.weighted(
    year >= 2013 ? GRADES_RECENT : rental ? GRADES_OLD_RENTAL : GRADES_OLD_SALE,
  );

  const furnished = rental && rng.chance(isFlat ? (rooms === 1 ? 0.65 : 0.3) : 0.08);
  const lift = isFlat && rng.chance(buildingFloors >= 5 ? 0.85 : buildingFloors >= 3 ? 0.35 : 0.05);
  const topFloor = floor !== null && floor === buildingFloors && floor > 0;
  const balcony = isFlat && floor !== 0 && rng.chance(0.3) ? rng.int(3, 9) : null;
  const terrace = rng.chance(isFlat ? (topFloor ? 0.35 : 0.08) : 0.5) ? rng.int(8, 30) : null;
  const garden = !isFlat && rng.chance(0.85);
  const garage = rng.chance(isFlat ? 0.05 : 0.5);
  const parking = rng.chance(isFlat ? (city.name === "Paris" ? 0.06 : 0.2) : 0.45);
  const cave = rng.chance(isFlat ? 0.35 : 0.25);
  const pool = !isFlat && rng.chance(city.sunny ? 0.18 : 0.04);
  const worksRequired = !rental && rng.chance(0.15);
  const landSurface = isFlat
    ? null
    : city.name === "Paris"
      ? rng.int(80, 300)
      : rng.int(15, 90) * 10;

  const heating = rng.pick(
    year >= 2013 ? HEATING_RECENT : isFlat ? HEATING_OLD_FLAT : HEATING_OLD_HOUSE,
  );
  // Electric heating emits little CO2: its GES grade is good whatever the DPE.
  const gas =
    heating.includes("électrique") || heating.includes("pompe")
      ? rng.pick(LOW_CARBON_GRADES)
      : GRADES[Math.min(6, Math.max(0, GRADES.indexOf(energy) + rng.int(-1, 1)))];

  return {
    city,
    district,
    category,
    rooms,
    bedrooms,
    surface,
    landSurface,
    floor,
    buildingFloors,
    year,
    energy,
    gas,
    furnished,
    lift,
    balcony,
    terrace,
    garden,
    garage,
    parking,
    cave,
    pool,
    worksRequired,
    heating,
  };
}

function optionFlags(p: Property, transaction: TransactionType): string[] {
  const list = ["hasPicture"];
  if (p.furnished) list.push("isFurnished");
  if (p.balcony) list.push("hasBalcony");
  if (p.terrace) list.push("hasTerrace");
  if (p.garden) list.push("hasGarden");
  if (p.garage) list.push("hasGarage");
  if (p.parking) list.push("hasParking");
  if (p.lift) list.push("hasLift");
  if (p.cave) list.push("hasCave");
  if (p.pool) list.push("hasSwimmingPool");
  if (p.floor === 0) list.push("isGroundFloor");
  if (p.floor !== null && p.floor > 0 && p.floor === p.buildingFloors) list.push("isLastFloor");
  if (p.worksRequired) list.push("hasWorksRequired");
  list.push(p.year >= 2021 ? "isNew" : "isOld");
  if (transaction === "sale") list.push("isNotUnderCompromise");
  return list;
}

const round5 = (value: number) => Math.max(5, Math.round(value / 5) * 5);
const round1000 = (value: number) => Math.max(1000, Math.round(value / 1000) * 1000);

function marketPrice(p: Property, rng: Rng, transaction: TransactionType): number {
  if (transaction === "rental") {
    // Small flats let for more per m², large ones for less.
    const size = p.surface < 40 ? 1 + (40 - p.surface) * 0.012 : p.surface > 100 ? 0.92 : 1;
    const kind = p.category === "house" ? 0.9 : 1;
    const furniture = p.furnished ? 1.1 : 1;
    return p.surface * p.city.rentPerM2 * size * kind * furniture * rng.range(0.9, 1.1);
  }
  const kind = p.category === "house" ? 0.95 : 1;
  const works = p.worksRequired ? 0.88 : 1;
  return p.surface * p.city.salePerM2 * kind * works * rng.range(0.88, 1.12);
}

/** How far below market each scam prices the property. */
function scamPriceFactor(kind: DemoScamKind | null, rng: Rng): number {
  if (kind === "underpriced") return rng.range(0.45, 0.55);
  if (kind === "owner-abroad") return rng.range(0.5, 0.65);
  if (kind === "money-transfer") return rng.range(0.7, 0.85);
  return 1;
}

// ---------------------------------------------------------------------------------------------
// Text. Gender agreement matters to a French reader: "un studio meublé", "une maison meublée".
// Texts stay within Latin-1 ("euros", not "€"; "-", not "–"): V8 then stores them one byte per
// character, which halves the memory and GC work of a 100 000-ad seed.

const formatNumber = (value: number) => {
  const digits = String(Math.round(value));
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += " ";
    out += digits[i];
  }
  return out;
};

type Words = {
  noun: string;
  Noun: string;
  feminine: boolean;
  un: string;
  mon: string;
  il: string;
  e: string;
};

function words(p: Property): Words {
  if (p.category === "house") {
    return {
      noun: "maison",
      Noun: "Maison",
      feminine: true,
      un: "une",
      mon: "ma",
      il: "Elle",
      e: "e",
    };
  }
  const studio = p.rooms === 1;
  return {
    noun: studio ? "studio" : "appartement",
    Noun: studio ? "Studio" : "Appartement",
    feminine: false,
    un: "un",
    mon: "mon",
    il: "Il",
    e: "",
  };
}

const ADJECTIVES: ReadonlyArray<readonly [string, string]> = [
  ["lumineux", "lumineuse"],
  ["refait à neuf", "refaite à neuf"],
  ["calme", "calme"],
  ["traversant", "traversante"],
  ["spacieux", "spacieuse"],
  ["charmant", "charmante"],
];

function floorPhrase(p: Property): string {
  if (p.floor === null) return "";
  if (p.floor === 0) return "en rez-de-chaussée";
  const ordinal = p.floor === 1 ? "1er" : `${p.floor}e`;
  return p.floor === p.buildingFloors ? `au ${ordinal} et dernier étage` : `au ${ordinal} étage`;
}

function roomsLabel(p: Property): string {
  if (p.category === "flat" && p.rooms === 1) return "";
  return p.category === "flat" ? `T${p.rooms}` : `${p.rooms} pièces`;
}

function buildTitle(p: Property, w: Words, rng: Rng, transaction: TransactionType): string {
  const adjective = rng.pick(ADJECTIVES)[w.feminine ? 1 : 0];
  const furnished = p.furnished ? (w.feminine ? " meublée" : " meublé") : "";
  const studio = p.category === "flat" && p.rooms === 1;
  const size = studio ? `${p.surface} m²` : `${p.rooms} pièces ${p.surface} m²`;
  switch (rng.int(0, 3)) {
    case 0:
      return `${w.Noun}${furnished} ${size}`;
    case 1: {
      const label = roomsLabel(p);
      const kind = transaction === "rental" ? "Location" : "Vente";
      return `${kind} ${w.noun}${label ? ` ${label}` : ""} ${p.city.name}`;
    }
    case 2:
      return `${p.category === "house" ? w.Noun : studio ? "Studio" : roomsLabel(p)} ${adjective} - ${p.district.name}`;
    default:
      if (p.garden) return `${w.Noun} ${p.rooms} pièces avec jardin`;
      if (p.terrace) return `${w.Noun}${furnished} avec terrasse - ${p.city.name}`;
      return `${w.Noun} ${adjective} proche ${p.city.transport}`;
  }
}

const joinFr = (parts: string[]) =>
  parts.length <= 1
    ? parts.join("")
    : `${parts.slice(0, -1).join(", ")} et ${parts[parts.length - 1]}`;

const buildingAge = (p: Property) =>
  p.year < 1914
    ? p.city.name === "Paris"
      ? "haussmannien"
      : "ancien en pierre"
    : p.year < 1949
      ? "des années 30"
      : p.year < 1975
        ? "des années 60"
        : p.year < 2001
          ? "des années 90"
          : "récent";

// prettier-ignore
const RENTAL_AVAILABILITY = ["Disponible immédiatement", "Disponible à partir du 1er juillet", "Libre au 1er septembre", "Disponible début août"];
// prettier-ignore
const SALE_AVAILABILITY = ["Libre de toute occupation", "Vendu libre au 1er octobre", "Disponible à la signature"];

function opening(p: Property, w: Words, rng: Rng, rental: boolean): string {
  const adjective = rng.pick(ADJECTIVES)[w.feminine ? 1 : 0];
  const roomsText = p.rooms === 1 ? "une pièce" : `${p.rooms} pièces`;
  // "Je loue / Je vends", but "Particulier loue / Particulier vend".
  const verb = rental ? "loue" : "vend";
  const firstPersonVerb = rental ? "loue" : "vends";
  const where = p.category === "house" && p.garden ? " avec jardin" : "";
  switch (rng.int(0, 3)) {
    case 0:
      return `Je ${firstPersonVerb} ${w.mon} ${w.noun} de ${p.surface} m² situé${w.e} dans le quartier ${p.district.name}, à ${p.city.name}.`;
    case 1:
      return `${rental ? "À louer" : "À vendre"} : ${w.noun} ${adjective} de ${roomsText} (${p.surface} m²) à ${p.city.name}, secteur ${p.district.name}.`;
    case 2:
      return `Particulier ${verb} ${w.un} ${w.noun} ${adjective} de ${p.surface} m²${where}, quartier ${p.district.name}.`;
    default: {
      const when = rng.pick(rental ? RENTAL_AVAILABILITY : SALE_AVAILABILITY);
      return `${when}, ${w.noun} de ${p.surface} m² au calme, secteur ${p.district.name} (${p.district.postalCode} ${p.city.name}).`;
    }
  }
}

// prettier-ignore
const STUDIO_KITCHENS = ["un coin cuisine équipé", "une kitchenette équipée (plaques, réfrigérateur, micro-ondes)"];
// prettier-ignore
const LIVING_ROOMS = ["lumineux", "spacieux", "traversant", "exposé sud", "donnant sur cour", "avec parquet ancien"];
// prettier-ignore
const KITCHENS = ["d'une cuisine équipée (plaques, four, hotte)", "d'une cuisine ouverte aménagée", "d'une cuisine indépendante", "d'une cuisine américaine équipée"];
// prettier-ignore
const BATHROOMS = ["d'une salle d'eau avec douche à l'italienne", "d'une salle de bains avec baignoire", "d'une salle d'eau récemment rénovée", "d'une salle de bains avec WC séparés"];

function layout(p: Property, w: Words, rng: Rng): string {
  const sentences: string[] = [];
  if (p.category === "flat") {
    const subject = p.rooms === 1 ? "Le studio" : "L'appartement";
    const lift = p.lift ? "avec ascenseur" : "sans ascenseur";
    sentences.push(
      `${subject} se situe ${floorPhrase(p)} d'un immeuble ${buildingAge(p)} de ${p.buildingFloors} étages ${lift}.`,
    );
  } else {
    const levels = p.buildingFloors === 1 ? "de plain-pied" : "sur deux niveaux";
    sentences.push(`La maison, ${levels}, est implantée sur un terrain de ${p.landSurface} m².`);
  }
  if (p.category === "flat" && p.rooms === 1) {
    const kitchen = rng.pick(STUDIO_KITCHENS);
    sentences.push(
      `Il comprend une pièce principale de ${Math.max(9, p.surface - rng.int(4, 7))} m², ${kitchen} et une salle d'eau avec WC.`,
    );
  } else {
    const living = Math.round(p.surface * rng.range(0.3, 0.42));
    const livingAdjective = rng.pick(LIVING_ROOMS);
    const kitchen = rng.pick(KITCHENS);
    const bedrooms = p.bedrooms <= 1 ? "d'une chambre avec placard" : `de ${p.bedrooms} chambres`;
    const bath = rng.pick(BATHROOMS);
    sentences.push(
      `${w.il} se compose d'une entrée, d'un séjour ${livingAdjective} de ${living} m², ${kitchen}, ${bedrooms} et ${bath}.`,
    );
  }
  const extras: string[] = [];
  if (p.balcony) extras.push(`d'un balcon de ${p.balcony} m²`);
  if (p.terrace) extras.push(`d'une terrasse de ${p.terrace} m²`);
  if (p.garden) extras.push("d'un jardin arboré");
  if (p.pool) extras.push("d'une piscine");
  if (p.garage) extras.push("d'un garage fermé");
  if (p.parking)
    extras.push(
      p.category === "flat" ? "d'une place de parking en sous-sol" : "d'une place de stationnement",
    );
  if (p.cave) extras.push("d'une cave");
  if (extras.length > 0) sentences.push(`Vous profiterez également ${joinFr(extras)}.`);
  if (p.furnished) {
    sentences.push(
      "Logement loué meublé : literie, rangements, plaques de cuisson, réfrigérateur, lave-linge et vaisselle.",
    );
  }
  return sentences.join(" ");
}

// prettier-ignore
const NEIGHBOURHOODS = ["calme et résidentiel", "vivant et recherché", "familial", "très bien desservi"];

function surroundings(p: Property, rng: Rng): string {
  const transport = p.city.transport;
  const heating = `Chauffage ${p.heating}${p.year >= 1975 || rng.chance(0.5) ? ", double vitrage" : ""}. DPE : ${p.energy}, GES : ${p.gas}.`;
  let area: string;
  switch (rng.int(0, 2)) {
    case 0:
      area = `Proche de toutes commodités : commerces, écoles et ${transport} à quelques minutes à pied.`;
      break;
    case 1:
      area = `Quartier ${rng.pick(NEIGHBOURHOODS)}, ${transport} à ${rng.int(2, 10)} minutes à pied.`;
      break;
    default:
      area = `Boulangerie, marché et ${transport} à deux pas ; la gare est à ${rng.int(8, 25)} minutes.`;
  }
  return `${heating} ${area}`;
}

const VISITS = [
  "Visites possibles en semaine après 18 h et le samedi matin.",
  "Visites groupées le samedi, merci de laisser un message en précisant votre situation.",
  "Je fais les visites moi-même, sur rendez-vous.",
];

const TENANT_REQUIREMENTS = [
  "Garant physique ou garantie Visale demandé.",
  "Dossier complet exigé (pièce d'identité, trois derniers bulletins de salaire, dernier avis d'imposition).",
  "Revenus de trois fois le loyer ou garant demandés.",
];
// prettier-ignore
const CLOSINGS = ["Pas d'agence, merci.", "Merci de me contacter via la messagerie du site.", "Agences s'abstenir.", ""];

function conditions(
  p: Property,
  rng: Rng,
  price: number,
  charges: number | null,
  rental: boolean,
): string[] {
  if (rental) {
    const rent =
      charges && charges > 0
        ? `Loyer : ${formatNumber(price)} euros par mois + ${formatNumber(charges)} euros de provisions sur charges (eau froide, entretien des parties communes${p.lift ? ", ascenseur" : ""}).`
        : `Loyer : ${formatNumber(price)} euros par mois, sans charges (eau et électricité à votre nom).`;
    return [
      rent,
      `Dépôt de garantie : ${p.furnished ? "deux mois" : "un mois"} de loyer hors charges. Bail ${p.furnished ? "meublé d'un an" : "de trois ans (location vide)"}.`,
      rng.pick(TENANT_REQUIREMENTS),
    ];
  }
  const lines = [
    `Prix : ${formatNumber(price)} euros, vente de particulier à particulier, sans frais d'agence.`,
  ];
  lines.push(
    `Taxe foncière : ${formatNumber(round5(p.surface * rng.range(12, 22)))} euros par an.`,
  );
  if (p.category === "flat") {
    lines.push(
      `Copropriété de ${rng.int(8, 60)} lots, charges d'environ ${formatNumber(round5(p.surface * rng.range(20, 40)))} euros par an.`,
    );
  }
  lines.push(
    p.worksRequired
      ? "Travaux de rafraîchissement à prévoir (peintures, sols)."
      : "Pas de travaux à prévoir.",
  );
  return lines;
}

function scamSentence(kind: DemoScamKind | null, rng: Rng, rental: boolean): string | null {
  switch (kind) {
    case "money-transfer":
      return rental
        ? rng.pick([
            "Pour réserver le logement, le premier loyer et le dépôt de garantie sont à régler par mandat cash avant la remise des clés.",
            "Le dépôt de garantie est à envoyer par Western Union pour bloquer le logement, les clés vous seront remises ensuite.",
            "Règlement de la caution par mandat cash uniquement, pas de chèque ni de virement.",
          ])
        : "Un acompte de 5 000 euros par Western Union est demandé pour réserver le bien avant toute visite.";
    case "owner-abroad":
      return rental
        ? rng.pick([
            "Je suis actuellement muté à l'étranger (Londres) pour mon travail et je ne peux pas faire visiter. Après réception du dépôt de garantie, je vous envoie les clés par la poste et vous pourrez visiter librement.",
            "Je vis désormais en Espagne pour raisons familiales : pas de visite possible, mais je vous envoie les clés par colis (DHL) dès réception du premier loyer.",
          ])
        : "Je réside à l'étranger et ne peux pas faire visiter : les clés vous seront envoyées par la poste après versement d'un acompte par virement international.";
    case "whatsapp-only":
      return `Contact uniquement par WhatsApp au +44 7700 900${rng.int(100, 999)}, je ne réponds pas aux messages du site.`;
    case "underpriced":
      return rng.chance(0.5)
        ? rental
          ? "Loyer volontairement bas : je privilégie un locataire sérieux et disponible rapidement."
          : "Prix très attractif pour une vente rapide."
        : null;
    default:
      return null;
  }
}

function buildDescription(
  p: Property,
  w: Words,
  rng: Rng,
  rental: boolean,
  price: number,
  charges: number | null,
  kind: DemoScamKind | null,
): string {
  const first = `${opening(p, w, rng, rental)} ${layout(p, w, rng)}`;
  const second = surroundings(p, rng);
  const third = conditions(p, rng, price, charges, rental);
  const scam = scamSentence(kind, rng, rental);
  if (kind === "owner-abroad" && scam) third.push(scam);
  else {
    if (scam && kind !== "whatsapp-only") third.push(scam);
    third.push(rng.pick(VISITS));
  }
  if (kind === "whatsapp-only" && scam) third.push(scam);
  else {
    const closing = rng.pick(CLOSINGS);
    if (closing) third.push(closing);
  }
  return [first, second, third.join(" ")].join(rng.chance(0.6) ? "\n\n" : " ");
}

function publisher(rng: Rng, kind: DemoScamKind | null) {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const style = rng.next();
  const name =
    style < 0.08
      ? "hidden"
      : style < 0.18
        ? first
        : style < 0.24
          ? `${last.toUpperCase()} ${first}`
          : `${first} ${last}`;
  let email: string | null = null;
  if (kind !== "whatsapp-only") {
    if (rng.chance(0.35)) {
      const pattern = rng.int(0, 2);
      email =
        pattern === 0
          ? `${slug(first)}.${slug(last)}@example.fr`
          : pattern === 1
            ? `${slug(first).charAt(0)}${slug(last)}@example.fr`
            : `${slug(first)}${slug(last)}${rng.int(10, 99)}@example.fr`;
    } else if (rng.chance(0.5)) {
      email = "hidden";
    }
  }
  return { type: "individual", name, phone: rng.chance(0.8) ? "hidden" : null, email };
}

function adId(origin: string, rng: Rng): string {
  switch (origin) {
    case "leboncoin":
      return String(rng.int(2_400_000_000, 2_999_999_999));
    case "pap":
      return `r4${rng.int(10_000_000, 99_999_999)}`;
    case "bienici":
      return `${origin}-${rng.int(100_000, 999_999)}-${rng.int(1000, 9999)}`;
    default:
      return String(rng.int(100_000_000, 299_999_999));
  }
}

function buildAd(ctx: Context, index: number, kind: DemoScamKind | null): ParsedAd {
  const rng = adRng(ctx, index);
  const city = pickCity(rng);
  const property = buildProperty(ctx, rng, city);
  const w = words(property);
  const rental = ctx.transaction === "rental";
  const { uniqueId, creationMs, pictureCount } = identity(ctx, index);

  const market = marketPrice(property, rng, ctx.transaction);
  const rawPrice = market * scamPriceFactor(kind, rng);
  const price = rental ? round5(rawPrice) : round1000(rawPrice);
  const charges = rental
    ? property.category === "flat"
      ? round5(property.surface * rng.range(1, 2.4) + (property.lift ? 12 : 0))
      : rng.chance(0.65)
        ? 0
        : round5(rng.int(10, 40))
    : null;

  let description = buildDescription(property, w, rng, rental, price, charges, kind);
  let pictures = pictureUrls(uniqueId, pictureCount);
  if (kind === "copied-description" || kind === "reused-pictures") {
    const donor = donorIndex(ctx, index, city);
    if (kind === "copied-description") {
      description = buildAd(ctx, donor, null).description ?? description;
    } else {
      const donorIdentity = identity(ctx, donor);
      pictures = pictureUrls(donorIdentity.uniqueId, donorIdentity.pictureCount);
    }
  }

  const origin = rng.weighted(ORIGINS);
  const id = adId(origin, rng);
  const creationDate = new Date(creationMs).toISOString();
  const district = property.district;
  const duplicates = rng.chance(0.1) ? [duplicate(rng, origin, price, creationMs, rental)] : null;

  return {
    uniqueId,
    adId: id,
    origin,
    url: `${DEMO_AD_BASE_URL}/${origin}/${id}`,
    reference: null,
    title: buildTitle(property, w, rng, ctx.transaction),
    description,
    type: ctx.transaction,
    category: property.category,
    price,
    propertyCharges: charges,
    pricePerSquareMeter: Math.round((price / property.surface) * 100) / 100,
    surface: property.surface,
    landSurface: property.landSurface,
    rooms: property.rooms,
    bedrooms: property.bedrooms,
    floor: property.floor,
    buildingFloors: property.buildingFloors,
    constructionYear: property.year,
    energyGrade: property.energy,
    gasGrade: property.gas,
    options: optionFlags(property, ctx.transaction),
    pictureUrl: pictures[0],
    pictureUrls: pictures,
    location: {
      city: city.name,
      postalCode: district.postalCode,
      inseeCode: district.inseeCode ?? city.inseeCode,
      departmentCode: city.departmentCode,
      district: district.name,
      coordinates: [
        Math.round((city.longitude + rng.range(-0.03, 0.03)) * 1e5) / 1e5,
        Math.round((city.latitude + rng.range(-0.02, 0.02)) * 1e5) / 1e5,
      ],
    },
    publisher: publisher(rng, kind),
    creationDate,
    publicationDate: creationDate,
    lastCheckDate: new Date(
      Math.min(REFERENCE_MS, creationMs + rng.int(1, 48) * 3_600_000),
    ).toISOString(),
    lastEventDate: creationDate,
    deletionDate: null,
    duplicates,
    priceStats: null,
  };
}

function duplicate(rng: Rng, origin: string, price: number, creationMs: number, rental: boolean) {
  let other = rng.weighted(ORIGINS);
  if (other === origin) other = origin === "pap" ? "leboncoin" : "pap";
  const id = adId(other, rng);
  const delta = rental ? round5(rng.range(-30, 30)) - 5 : round1000(rng.range(-5000, 5000)) - 1000;
  return {
    origin: other,
    adId: id,
    url: `${DEMO_AD_BASE_URL}/${other}/${id}`,
    price: rng.chance(0.6) ? price : Math.max(5, price + delta),
    date: new Date(creationMs - rng.int(1, 72) * 3_600_000).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Public API.

/** Demo ads `start` (inclusive) to `end` (exclusive), newest first. Pure and deterministic. */
export function generateDemoAdRange(
  start: number,
  end: number,
  seed: number = DEMO_DEFAULT_SEED,
  transaction: TransactionType = "rental",
): ParsedAd[] {
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Plage d'annonces de démonstration invalide : ${start} à ${end}`);
  }
  const ctx = context(seed, transaction);
  const ads: ParsedAd[] = new Array(end - start);
  for (let index = start; index < end; index++) {
    ads[index - start] = buildAd(ctx, index, demoScamKind(index, seed, transaction));
  }
  return ads;
}

/** `count` demo ads in the partner's shape (for the database seed and the fake partner). */
export function generateDemoAds(
  count: number,
  seed: number = DEMO_DEFAULT_SEED,
  transaction: TransactionType = "rental",
): ParsedAd[] {
  return generateDemoAdRange(0, count, seed, transaction);
}

/** An AdSource over a fixed number of demo ads; the query only selects rental or sale. */
export function createDemoAdSource(options: { total?: number; seed?: number } = {}): AdSource {
  const total = options.total ?? DEMO_DEFAULT_TOTAL;
  const seed = options.seed ?? DEMO_DEFAULT_SEED;
  if (!Number.isInteger(total) || total < 0) {
    throw new RangeError(`Nombre d'annonces de démonstration invalide : ${total}`);
  }

  // A search zone's query (issue 14) sees only its area of the feed, as the partner would
  // answer it; the last query's matches are kept for its next pages.
  let filtered: { key: string; ads: ParsedAd[] } | null = null;
  function filteredAds(query: Record<string, unknown>): ParsedAd[] {
    const key = JSON.stringify(query);
    if (filtered?.key !== key) {
      const ads = generateDemoAdRange(0, total, seed, transactionOf(query)).filter((ad) =>
        adMatchesFilter(query, ad, { parentCommune: (code) => communeByCode(code)?.parent }),
      );
      filtered = { key, ads };
    }
    return filtered.ads;
  }

  return {
    mode: "demo",

    async count(_query, signal) {
      await yieldUnlessAborted(signal);
      return total;
    },

    async fetchPage(query, page, maxLength, signal): Promise<AdPage> {
      if (!Number.isInteger(page) || page < 1) {
        throw new RangeError(`Numéro de page invalide : ${page}`);
      }
      if (!Number.isInteger(maxLength) || maxLength < 1 || maxLength > MOTEURIMMO_MAX_PAGE_LENGTH) {
        throw new RangeError(
          `Taille de page invalide : ${maxLength} (1 à ${MOTEURIMMO_MAX_PAGE_LENGTH})`,
        );
      }
      await yieldUnlessAborted(signal);
      if (hasAdFilters(query) || !coversDemoCategories(query)) {
        const matching = filteredAds(query);
        const ads = matching.slice((page - 1) * maxLength, page * maxLength);
        return { ads, invalid: [], received: ads.length, count: page === 1 ? matching.length : null };
      }
      const start = Math.min(total, (page - 1) * maxLength);
      const end = Math.min(total, start + maxLength);
      const ads = generateDemoAdRange(start, end, seed, transactionOf(query));
      if (signal?.aborted) throw createAbortError(signal.reason);
      return { ads, invalid: [], received: ads.length, count: page === 1 ? total : null };
    },
  };
}

/** The feed has flats and houses only: a query for both (the fixed one) needs no filtering. */
function coversDemoCategories(query: Record<string, unknown>): boolean {
  const categories = query.categories;
  return !Array.isArray(categories) || (categories.includes("flat") && categories.includes("house"));
}

function transactionOf(query: Record<string, unknown>): TransactionType {
  const types = query.types;
  return Array.isArray(types) && types.includes("sale") && !types.includes("rental")
    ? "sale"
    : "rental";
}

/** Lets a cancel reach us between two pages, as it would during a real request. */
async function yieldUnlessAborted(signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) throw createAbortError(signal.reason);
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (signal?.aborted) throw createAbortError(signal.reason);
}
