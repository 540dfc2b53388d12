import {
  PROPERTY_TYPE_LABELS,
  type ListingInput,
  type ListingOwnerInput,
  type PublisherType,
  type TransactionType,
} from "../listings/listing-input";
import type { ParsedAd } from "./types";

/** Value of `ListingInput.sourcePlatform` for everything read from MoteurImmo (or its demo). */
export const MOTEURIMMO_SOURCE_PLATFORM = "moteurimmo";

/**
 * Vigimmo's fixed import query (SPEC.md section 9). Paging (`page`, `maxLength`, `withCount` on
 * page 1) and `apiKey` are added by the client per request. SPEC.md also lists a `fields`
 * projection, left out on purpose: no working integration shows it.
 */
export const FIXED_IMPORT_QUERY = deepFreeze({
  types: ["rental"],
  publisherTypes: ["individual"],
  categories: ["flat", "house"],
  excludedOrigins: ["rentola", "properstar", "luxuryestate"],
  options: ["hasPicture"],
  sortBy: "creationDate-desc",
} as const);

/** The fixed query in words, for the import screen. */
export const FIXED_FILTER_LABELS: readonly string[] = Object.freeze([
  "Locations uniquement",
  "Particuliers uniquement",
  "Appartements et maisons",
  `Sites exclus : ${FIXED_IMPORT_QUERY.excludedOrigins.join(", ")}`,
  "Avec photos uniquement",
  "Tri : plus récentes d'abord",
]);

/**
 * Partner option flags → French feature labels. `hasPicture` is absent on purpose: it is a
 * search filter (every imported ad has pictures), not something about the property.
 */
export const FEATURE_LABELS: Readonly<Record<string, string>> = Object.freeze({
  isFurnished: "Meublé",
  hasBalcony: "Balcon",
  hasTerrace: "Terrasse",
  hasTerraceOrBalcony: "Terrasse ou balcon",
  hasGarden: "Jardin",
  hasGarage: "Garage",
  hasParking: "Parking",
  hasLift: "Ascenseur",
  hasCave: "Cave",
  hasSwimmingPool: "Piscine",
  isFlatshare: "Colocation",
  isSeasonalRental: "Location saisonnière",
  isGroundFloor: "Rez-de-chaussée",
  isLastFloor: "Dernier étage",
  hasWorksRequired: "Travaux à prévoir",
  isOld: "Ancien",
  isNew: "Neuf",
  isNotUnderCompromise: "Sans compromis en cours",
});

/**
 * Maps one partner ad to the listing every import produces (MOTEURIMMO.md, "Mapping an ad to a
 * listing"). The status (`pending`) and the creator are set by the import service.
 * `fallbackTransaction` covers ads without `type`: the query asked for one transaction type.
 */
export function adToListing(
  ad: ParsedAd,
  fallbackTransaction: TransactionType = "rental",
): ListingInput {
  const location = ad.location ?? null;
  const propertyType = categoryLabel(ad.category);
  const city = cleanText(location?.city);
  const rooms = count(ad.rooms);
  return {
    sourcePlatform: MOTEURIMMO_SOURCE_PLATFORM,
    sourcePlatformId: ad.uniqueId,
    sourceOrigin: cleanText(ad.origin),
    sourceUrl: httpUrl(ad.url),
    title: cleanText(ad.title) ?? fallbackTitle(propertyType, rooms, city),
    description: cleanText(ad.description),
    price: amount(ad.price),
    propertyCharges: amount(ad.propertyCharges),
    propertyType,
    transactionType: ad.type ?? fallbackTransaction,
    address: cleanText(location?.district),
    city,
    postalCode: cleanText(location?.postalCode),
    surfaceArea: amount(ad.surface),
    rooms,
    bedrooms: count(ad.bedrooms),
    // The partner has no bathroom count.
    bathrooms: null,
    images: pictures(ad),
    features: features(ad.options),
    floor: integer(ad.floor),
    totalFloors: count(ad.buildingFloors),
    yearBuilt: year(ad.constructionYear),
    energyRating: energyRating(ad.energyGrade),
    gesRating: energyRating(ad.gasGrade),
    publisherType: publisherType(ad.publisher?.type),
    owner: owner(realContact(ad.publisher?.name), realContact(ad.publisher?.email)),
  };
}

function categoryLabel(category: string | null | undefined): string | null {
  if (!category) return null;
  return Object.hasOwn(PROPERTY_TYPE_LABELS, category) ? PROPERTY_TYPE_LABELS[category] : "Autre";
}

function fallbackTitle(propertyType: string | null, rooms: number | null, city: string | null) {
  const parts = [propertyType ?? "Annonce"];
  if (rooms) parts.push(`${rooms} pièce${rooms > 1 ? "s" : ""}`);
  return city ? `${parts.join(" ")} – ${city}` : parts.join(" ");
}

function cleanText(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/** Only http(s) links: the source URL becomes a link on the listing page. */
function httpUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const absolute = text.startsWith("//") ? `https:${text}` : text;
  return /^https?:\/\/\S+$/i.test(absolute) ? absolute : null;
}

/** Money and surfaces: a negative value is a feed error, not a fact. */
function amount(value: number | null | undefined): number | null {
  return value != null && Number.isFinite(value) && value >= 0 ? value : null;
}

function integer(value: number | null | undefined): number | null {
  return value != null && Number.isFinite(value) ? Math.round(value) : null;
}

function count(value: number | null | undefined): number | null {
  const rounded = integer(value);
  return rounded != null && rounded >= 0 ? rounded : null;
}

function year(value: number | null | undefined): number | null {
  const rounded = integer(value);
  return rounded != null && rounded >= 1000 && rounded <= 2100 ? rounded : null;
}

function energyRating(value: string | null | undefined): string | null {
  const letter = value?.trim().toUpperCase();
  return letter && /^[A-G]$/.test(letter) ? letter : null;
}

/** The partner's publisher type (`individual` | `professional`, MOTEURIMMO.md); anything else: unknown. */
function publisherType(value: string | null | undefined): PublisherType | null {
  const type = value?.trim().toLowerCase();
  if (type === "professional" || type === "pro" || type === "agency") return "professional";
  if (type === "individual" || type === "private" || type === "particulier") return "private";
  return null;
}

function pictures(ad: ParsedAd): string[] {
  const candidates = ad.pictureUrls?.length ? ad.pictureUrls : [ad.pictureUrl];
  const urls = candidates.map(httpUrl).filter((url): url is string => url !== null);
  return [...new Set(urls)];
}

function features(options: string[] | null | undefined): string[] {
  const labels = new Set<string>();
  for (const option of options ?? []) {
    if (Object.hasOwn(FEATURE_LABELS, option)) labels.add(FEATURE_LABELS[option]);
  }
  // "Terrasse ou balcon" says less than "Balcon" or "Terrasse": keep it only on its own.
  if (labels.has("Balcon") || labels.has("Terrasse")) labels.delete("Terrasse ou balcon");
  return [...labels];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The schema already turns "hidden" into null; checking again here keeps the mapping right for
 * ads that skip the schema (the database seed maps demo ads directly, for speed).
 */
function realContact(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text && text.toLowerCase() !== "hidden" ? text : null;
}

/** An owner needs a real name or e-mail. */
function owner(
  name: string | null | undefined,
  email: string | null | undefined,
): ListingOwnerInput | null {
  const cleanEmail = email?.trim().toLowerCase();
  const validEmail = cleanEmail && EMAIL.test(cleanEmail) ? cleanEmail : null;
  const { firstName, lastName } = splitPersonName(name);
  if (!firstName && !lastName && !validEmail) return null;
  return { firstName, lastName, email: validEmail };
}

const CIVILITIES = new Set([
  "m",
  "m.",
  "mr",
  "mr.",
  "mme",
  "mme.",
  "mlle",
  "mlle.",
  "monsieur",
  "madame",
  "mademoiselle",
]);

/**
 * Splits a publisher name the way French ads write it: "Jean Dupont", "Jean-Pierre de la
 * Fontaine" (particles stay with the last name), "DUPONT Jean" (capitals mark the last name),
 * "Mme Durand" (after a civility, a lone word is the last name), "Marie" (first name only).
 */
export function splitPersonName(name: string | null | undefined): {
  firstName: string | null;
  lastName: string | null;
} {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  let hadCivility = false;
  while (words.length > 0 && CIVILITIES.has(words[0].toLowerCase())) {
    words.shift();
    hadCivility = true;
  }
  if (words.length === 0) return { firstName: null, lastName: null };
  if (words.length === 1) {
    return hadCivility
      ? { firstName: null, lastName: words[0] }
      : { firstName: words[0], lastName: null };
  }
  const isCapitalised = (word: string) =>
    word.length > 1 && word === word.toUpperCase() && word !== word.toLowerCase();
  const leadingCapitals = words.findIndex((word) => !isCapitalised(word));
  if (leadingCapitals > 0) {
    return {
      firstName: words.slice(leadingCapitals).join(" "),
      lastName: words.slice(0, leadingCapitals).join(" "),
    };
  }
  return { firstName: words[0], lastName: words.slice(1).join(" ") };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
