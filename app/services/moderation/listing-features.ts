/**
 * Derived, compact facts about a listing, computed identically when the listing is added to the
 * context and when it is analysed (so leave-one-out and comparisons are consistent).
 */
import { cityKey, departmentOf, listingSource, listingText, normalizeText } from "./normalize";
import { TextDoc } from "./signals/text-doc";
import type { ModerationListing } from "./types";

export type HomeType = "flat" | "house" | "other";

/**
 * Rents and prices per m² fall with size (a studio costs more per m² than a T4). Values are
 * brought to a 50 m² equivalent with ppm · (surface/50)^elasticity, so that a 20 m² student
 * studio and a 90 m² family flat can share one median. Elasticities fitted on French rent
 * observatories (rent ≈ surface^0.75) and sale indices (weaker size effect).
 */
export const SIZE_ELASTICITY = { rental: 0.25, sale: 0.1 } as const;
/** Furnished rentals are legally and commercially ~10 % dearer. */
const FURNISHED_PREMIUM = 1.1;
/** "Charges comprises" rents include ~8 % of charges. */
const CHARGES_SHARE = 0.92;

const ROOM_SHARE_SENTENCE = /\b(?:colocation|coloc|colocataires?)\b/;
const ROOM = /\bchambres?\b/;
const ROOM_SHARE_STRONG =
  /\bchez l'habitant\b|\bune chambre se libere\b|\bchambre (?:meublee |privee )?(?:de \d+ ?m2? )?(?:dans|en) (?:une |un |notre |la |le |grande? )?(?:coloc|colocation)\b/;
/**
 * Legal forms whose price is not an open-market price (docs/moderation/typologies.md, T1): life
 * annuity, bare ownership, instalment sale, auctions (the "mise à prix" is a starting bid),
 * bail réel solidaire and PSLA (land or part of the price stays with a body), sold with a tenant
 * in place. Named `lifeAnnuity` after the first of them.
 */
const LIFE_ANNUITY =
  /\bviager\b|\bnue[- ]propriete\b|\bbouquet\b|\bdroit d'usage et d'habitation\b|\bvente a terme\b|\b(?:vente (?:aux|par) encheres|encheres (?:notariales|judiciaires|immobilieres|interactives|en ligne)|mise a prix|adjudication)\b|\bbail reel solidaire\b|\bbrs\b|\borganisme de foncier solidaire\b|\bpsla\b|\blocation[- ]accession\b|\bvendue? (?:loue|louee|occupee?)\b|\blocataires? en place\b/;
const FURNISHED =
  /(?<!\bnon )(?<!\bcuisine )(?<!\bcuisine entierement )(?<!\bcuisine toute )\bmeublee?s?\b|\bbail meuble\b/;
const CHARGES_INCLUDED =
  /\bcharges? (?:comprises?|incluses?)\b|\b(?:cc|c\.c\.)\b|\btoutes charges\b|\btout compris\b|\btout inclus\b|\bavec (?:toutes )?les charges\b/;
/** Holiday lets priced per night or week: not comparable with monthly rents. */
const SHORT_TERM =
  /\b(?:par nuit|la nuit|\/ ?nuit|nuitees?|par semaine|la semaine|\/ ?semaine|location saisonniere|location de vacances|gite)\b/;
/** Capped or social rents (Loc'Avantages, conventionné, HLM): below market by law, not a bait. */
const CAPPED_RENT =
  /\bloc'?avantages\b|\blogements? (?:social|sociaux|conventionnee?s?)\b|\bconventionnee?\b|\bloyers? (?:plafonnee?s?|moderee?s?|intermediaires?)\b|\bplafonds? de ressources\b|\bhlm\b/;
const CAPPED_RENT_HINTS = [
  "avantages",
  "social",
  "sociaux",
  "conventionn",
  "plafon",
  "modere",
  "intermediaire",
  "hlm",
];
const RENOVATION =
  /\ba (?:renover|rehabiliter|restaurer|rafraichir)\b|\brenovation (?:complete|totale|a prevoir)\b|\btout (?:est )?a (?:refaire|reprendre|restaurer)\b|\btravaux (?:importants|a prevoir|de renovation)\b|\bpassoire thermique\b|\bdans son jus\b|\brafraichissement\b|\baudit energetique\b/;

/**
 * Substring pre-checks before each feature regex. Plain `includes` rather than gates.ts: the
 * context build needs only these few, and a full word scan would cost more than it saves.
 */
function hasAny(text: string, fragments: readonly string[]): boolean {
  for (let i = 0; i < fragments.length; i++) if (text.includes(fragments[i])) return true;
  return false;
}
const ROOM_SHARE_HINTS = ["habitant", "libere", "coloc"];
const LIFE_ANNUITY_HINTS = [
  "viager",
  "propriete",
  "bouquet",
  "droit d'usage",
  "vente a terme",
  "encheres",
  "mise a prix",
  "adjudication",
  "solidaire",
  "brs",
  "psla",
  "accession",
  "vendu",
  "en place",
];
const FURNISHED_HINTS = ["meuble"];
const CHARGES_HINTS = ["charge", "cc", "c.c", "compris", "inclus"];

export type ListingFeatures = {
  doc: TextDoc;
  /** Normalised title. */
  title: string;
  homeType: HomeType;
  city: string | null;
  cityDisplay: string | null;
  department: string | null;
  /** A room in a shared flat: the surface is the whole flat, so €/m² means nothing. */
  roomShare: boolean;
  /** Viager, bare ownership, auction, BRS, PSLA, sold let: the price is not an open-market one. */
  lifeAnnuity: boolean;
  /** Holiday let priced per night/week. */
  shortTerm: boolean;
  /**
   * shortTerm (also true for capped or social rents: neither compares with the open market),
   * furnished, chargesIncluded, conditionFactor only feed priceValue (not restored).
   */
  furnished: boolean;
  chargesIncluded: boolean;
  /** Multiplier (≤ 1) on the expected sale price for homes sold to renovate or rated F/G. */
  conditionFactor: number;
  /** log of the size-normalised price per m² (NaN when not comparable). */
  priceValue: number;
};

/**
 * A parking space, garage, box or cellar named as such in the title, whatever category the portal
 * filed it under: its price per m² is not a home's, so it is never compared with homes.
 */
const NOT_A_HOME_TITLE =
  /^(?:(?:vente|location|a louer|a vendre|loue|vends|a saisir)\s*:?\s+(?:d'une?\s+|de\s+|un\s+|une\s+)?)?(?:places? de (?:parking|stationnement)|parkings?|garages?|box|boxes|stationnement|emplacements? de (?:parking|stationnement)|caves?)\b/;

const HOME_TYPES = new Map<string, HomeType>();

/** Residential category of the French property-type label (memoised: a handful of values). */
export function homeTypeOf(propertyType: string | null): HomeType {
  if (!propertyType) return "other";
  const memo = HOME_TYPES.get(propertyType);
  if (memo) return memo;
  const t = normalizeText(propertyType);
  let type: HomeType = "other";
  if (/\b(?:appartement|studio|duplex|loft|flat|apartment|t\d|f\d)\b/.test(t)) type = "flat";
  else if (/\b(?:maison|villa|pavillon|house|chalet|longere|mas|echoppe)\b/.test(t)) type = "house";
  if (HOME_TYPES.size < 1000) HOME_TYPES.set(propertyType, type);
  return type;
}

/** Text-derived facts that can be stored in the context and reused at analysis time. */
export type StoredFeatures = { roomShare: boolean; lifeAnnuity: boolean; priceValue: number };

/**
 * Fingerprint of everything extractFeatures() reads (raw strings and numbers, one pass, no
 * normalisation): when an analysed listing has the fingerprint it had when added to the context,
 * its stored features and text signature are reused instead of recomputed.
 */
export function listingFingerprint(listing: ModerationListing): number {
  let h = hashString(0x811c9dc5, listing.title);
  h = hashString(h, listing.description);
  for (const feature of listing.features) h = hashString(h, feature);
  h = hashString(h, listing.transactionType);
  h = hashString(h, listing.propertyType);
  h = hashString(h, listing.energyRating);
  h = hashNumber(h, listing.price);
  h = hashNumber(h, listing.propertyCharges);
  h = hashNumber(h, listing.surfaceArea);
  return h >>> 0;
}

function hashString(seed: number, value: string | null): number {
  let h = seed;
  if (value !== null)
    for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  return Math.imul(h ^ (value === null ? 0xff : 0xfe), 0x01000193);
}

const NUMBER_BITS = new Float64Array(1);
const NUMBER_WORDS = new Uint32Array(NUMBER_BITS.buffer);

function hashNumber(seed: number, value: number | null): number {
  NUMBER_BITS[0] = value === null ? Number.NaN : value;
  const h = Math.imul(seed ^ NUMBER_WORDS[0], 0x01000193);
  return Math.imul(h ^ NUMBER_WORDS[1], 0x01000193);
}

/**
 * @param stored features saved when the very same listing (same fingerprint) was added to the
 *   context: the text regexes are then skipped.
 */
export function extractFeatures(
  listing: ModerationListing,
  stored: StoredFeatures | null = null,
): ListingFeatures {
  const doc = new TextDoc(listingText(listing.title, listing.description), listingSource(listing.title, listing.description));
  const text = doc.text;
  const title = normalizeText(listing.title);
  const homeType = NOT_A_HOME_TITLE.test(title) ? "other" : homeTypeOf(listing.propertyType);
  const city = cityKey(listing.city);
  const cityDisplay = listing.city?.trim() || null;
  const department = departmentOf(listing.postalCode);
  if (stored) {
    return {
      doc,
      title,
      homeType,
      city,
      cityDisplay,
      department,
      roomShare: stored.roomShare,
      lifeAnnuity: stored.lifeAnnuity,
      shortTerm: false,
      furnished: false,
      chargesIncluded: false,
      conditionFactor: 1,
      priceValue: stored.priceValue,
    };
  }
  const featureText =
    listing.features.length > 0 ? normalizeText(listing.features.join(" · ")) : "";

  const roomShare =
    (hasAny(text, ROOM_SHARE_HINTS) && ROOM_SHARE_STRONG.test(text)) ||
    /\bcolocation\b/.test(featureText) ||
    (/^chambre\b/.test(title) && !/^chambre de bonne\b/.test(title)) ||
    (text.includes("coloc") && hasAffirmativeRoomShareSentence(doc));
  const lifeAnnuity = hasAny(text, LIFE_ANNUITY_HINTS) && LIFE_ANNUITY.test(text);
  const shortTerm =
    (listing.transactionType === "rental" && (listing.price ?? 0) < 400 && SHORT_TERM.test(text)) ||
    (listing.transactionType === "rental" &&
      hasAny(text, CAPPED_RENT_HINTS) &&
      CAPPED_RENT.test(text));
  const furnished =
    (hasAny(text, FURNISHED_HINTS) && FURNISHED.test(text)) || /\bmeuble/.test(featureText);
  const chargesIncluded =
    !(listing.propertyCharges && listing.propertyCharges > 0) &&
    hasAny(text, CHARGES_HINTS) &&
    CHARGES_INCLUDED.test(text);

  let conditionFactor = 1;
  if (listing.transactionType === "sale") {
    // Sold "to renovate" or as an energy sieve: buyers price in the works (≈ 25 %), and F/G
    // homes trade at a further discount since they can no longer be let.
    if (RENOVATION.test(text)) conditionFactor *= 0.75;
    const grade = (listing.energyRating ?? "").trim().toUpperCase();
    if (grade === "G") conditionFactor *= 0.85;
    else if (grade === "F") conditionFactor *= 0.92;
  }

  return {
    doc,
    title,
    homeType,
    city,
    cityDisplay,
    department,
    roomShare,
    lifeAnnuity,
    shortTerm,
    furnished,
    chargesIncluded,
    conditionFactor,
    priceValue: priceValueOf(listing, homeType, {
      roomShare,
      lifeAnnuity,
      shortTerm,
      furnished,
      chargesIncluded,
      conditionFactor,
    }),
  };
}

function hasAffirmativeRoomShareSentence(doc: TextDoc): boolean {
  for (let i = 0; i < doc.sentenceCount; i++) {
    const sentence = doc.sentence(i);
    if (
      ROOM_SHARE_SENTENCE.test(sentence) &&
      ROOM.test(sentence) &&
      !/\bpas de coloc/.test(sentence)
    )
      return true;
  }
  return false;
}

/** Price per m² of the listing, adjusted to "unfurnished, charges excluded, 50 m², good state". */
export function adjustedPricePerSquareMetre(
  listing: ModerationListing,
  adj: Pick<ListingFeatures, "furnished" | "chargesIncluded" | "conditionFactor">,
): number {
  const { price, surfaceArea } = listing;
  if (!price || !surfaceArea || price <= 0 || surfaceArea <= 0) return Number.NaN;
  let effective = price;
  if (listing.transactionType === "rental") {
    if (adj.chargesIncluded) effective *= CHARGES_SHARE;
    if (adj.furnished) effective /= FURNISHED_PREMIUM;
  } else {
    effective /= adj.conditionFactor;
  }
  return effective / surfaceArea;
}

function priceValueOf(
  listing: ModerationListing,
  homeType: HomeType,
  f: Pick<
    ListingFeatures,
    "roomShare" | "lifeAnnuity" | "shortTerm" | "furnished" | "chargesIncluded" | "conditionFactor"
  >,
): number {
  if (homeType === "other" || f.roomShare || f.lifeAnnuity || f.shortTerm) return Number.NaN;
  const ppm = adjustedPricePerSquareMetre(listing, f);
  if (!Number.isFinite(ppm)) return Number.NaN;
  const surface = Math.min(300, Math.max(9, listing.surfaceArea ?? 50));
  return Math.log(ppm) + SIZE_ELASTICITY[listing.transactionType] * Math.log(surface / 50);
}
