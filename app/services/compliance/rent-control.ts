import { amountAfter, rateOrAmountAfter, words, type AdText } from "./ad-text";
import { euros, finding } from "./finding";
import { energyClass } from "./energy-rules";
import { applies, frenchDay, type ReferenceKey } from "./references";
import { livingSurface, rentWithoutCharges } from "./rental-reading";
import { ABSENT, type ComplianceFinding, type ComplianceListing, type ListingCommune } from "./types";

/**
 * Rent control (loi ELAN, art. 140): the territories and the day each prefectoral order made it
 * apply, with their communes by INSEE code (docs/conformite.md cites the decree of each). In
 * Grenoble-Alpes only the 13 communes covered whole are listed: in the 8 covered in part the
 * street decides, which a commune code cannot tell.
 */
export type RentControlTerritory = { name: string; since: string; communes: Record<string, string> };

export const RENT_CONTROL_TERRITORIES: RentControlTerritory[] = [
  { name: "Paris", since: "2019-07-01", communes: { "75056": "Paris" } },
  { name: "Lille", since: "2020-03-01", communes: { "59350": "Lille (avec Hellemmes et Lomme)" } },
  {
    name: "Plaine Commune",
    since: "2021-06-01",
    communes: {
      "93001": "Aubervilliers", "93031": "Épinay-sur-Seine", "93039": "L'Île-Saint-Denis", "93027": "La Courneuve",
      "93066": "Saint-Denis (avec Pierrefitte-sur-Seine)", "93070": "Saint-Ouen-sur-Seine", "93072": "Stains", "93079": "Villetaneuse",
    },
  },
  { name: "Lyon-Villeurbanne", since: "2021-11-01", communes: { "69123": "Lyon", "69266": "Villeurbanne" } },
  {
    name: "Est Ensemble",
    since: "2021-12-01",
    communes: {
      "93006": "Bagnolet", "93008": "Bobigny", "93010": "Bondy", "93061": "Le Pré-Saint-Gervais", "93045": "Les Lilas",
      "93048": "Montreuil", "93053": "Noisy-le-Sec", "93055": "Pantin", "93063": "Romainville",
    },
  },
  { name: "Montpellier", since: "2022-07-01", communes: { "34172": "Montpellier" } },
  { name: "Bordeaux", since: "2022-07-15", communes: { "33063": "Bordeaux" } },
  {
    name: "Pays basque",
    since: "2024-11-25",
    communes: {
      "64009": "Ahetze", "64024": "Anglet", "64035": "Arbonne", "64038": "Arcangues", "64065": "Ascain", "64100": "Bassussarry",
      "64102": "Bayonne", "64122": "Biarritz", "64125": "Bidart", "64130": "Biriatou", "64140": "Boucau", "64189": "Ciboure",
      "64249": "Guéthary", "64260": "Hendaye", "64282": "Jatxou", "64304": "Lahonce", "64317": "Larressore", "64407": "Mouguerre",
      "64483": "Saint-Jean-de-Luz", "64496": "Saint-Pierre-d'Irube", "64540": "Urcuit", "64545": "Urrugne", "64547": "Ustaritz",
      "64558": "Villefranque",
    },
  },
  {
    name: "Grenoble-Alpes",
    since: "2025-01-20",
    communes: {
      "38057": "Bresson", "38111": "Claix", "38150": "Domène", "38158": "Eybens", "38170": "Fontanil-Cornillon", "38179": "Gières",
      "38229": "Meylan", "38271": "Murianette", "38309": "Poisat", "38486": "Seyssins", "38516": "La Tronche",
      "38524": "Varces-Allières-et-Risset", "38533": "Venon",
    },
  },
];

const BY_CODE = new Map(RENT_CONTROL_TERRITORIES.flatMap((t) => Object.keys(t.communes).map((code) => [code, t] as const)));

export function rentControlTerritory(inseeCode: string): RentControlTerritory | undefined {
  return BY_CODE.get(inseeCode);
}

const ZONE_MENTION = /zone soumise [àa] (?:l'|un )?encadrement des loyers/u;
const REFERENCE_RENT = /loyer de r[ée]f[ée]rence major[ée]/u;
const BASE_RENT = /loyer de base/u;
const COMPLEMENT = /compl[ée]ment de loyer/u;
const NO_COMPLEMENT = /(?:sans|pas de|aucun) compl[ée]ment de loyer|compl[ée]ment de loyer\s*:?\s*(?:n[ée]ant|aucun|0\s*(?:€|euros?))/u;

/** The complement of rent the ad asks for: its amount, 0 when it says there is none, null when silent. */
function complementOf(text: AdText): { amount: number | null; evidence: string } | null {
  const none = words(text, NO_COMPLEMENT);
  if (none) return { amount: 0, evidence: none };
  const named = words(text, COMPLEMENT);
  if (!named) return null;
  const amount = amountAfter(text, COMPLEMENT);
  return amount ? { amount: amount.value, evidence: amount.evidence } : { amount: null, evidence: named };
}

/**
 * Rent control (loi ELAN, art. 140) in the territories and from the days above: the ad's
 * mentions (arrêté du 10 janvier 2017, art. 4, I, 3° for professionals; arrêté du 21 avril 2022,
 * 3° for everyone) and the cap itself, the loyer de base at most the loyer de référence majoré.
 * The experiment ran eight years from the law's publication: from 24 November 2026, without a
 * text read that extends it, the rules are "à vérifier".
 */
export function rentControlFindings(listing: ComplianceListing, text: AdText, day: string, commune: ListingCommune | null): ComplianceFinding[] {
  const territory = commune ? rentControlTerritory(commune.code) : undefined;
  const complement = complementOf(text);
  const found: ComplianceFinding[] = complementBan(listing, text, day, complement);
  if (!territory || territory.since > day) return found;
  const place = `${territory.communes[commune!.code]} (encadrement des loyers de ${territory.name} depuis le ${frenchDay(territory.since)})`;
  if (applies("rentControlEnd", day)) {
    found.push(
      finding(
        "encadrement.fin_experimentation",
        "verify",
        `${place} : l'expérimentation de l'encadrement des loyers devait prendre fin le 23 novembre 2026 ; sa prolongation n'a pas pu être vérifiée. Mentions et plafond à vérifier.`,
        commune!.name,
        "rentControlEnd",
      ),
    );
    return found;
  }
  const mentions: ReferenceKey = listing.publisherType === "professional" ? "rentControlAdPro" : "rentControlAdPrivate";
  const reference = rateOrAmountAfter(text, REFERENCE_RENT);
  const base = amountAfter(text, BASE_RENT);
  if (applies(mentions, day)) {
    if (!words(text, ZONE_MENTION)) {
      found.push(finding("encadrement.mention_zone_absente", "missing", `${place} : l'annonce doit porter la mention « Zone soumise à encadrement des loyers ».`, ABSENT, mentions));
    }
    if (!reference) {
      found.push(finding("encadrement.loyer_reference_absent", "missing", `${place} : l'annonce doit indiquer le « loyer de référence majoré (loyer de base à ne pas dépasser) ».`, ABSENT, mentions));
    }
    if (!base) found.push(finding("encadrement.loyer_base_absent", "missing", `${place} : l'annonce doit indiquer le « loyer de base ».`, ABSENT, mentions));
    if (complement && complement.amount === null) {
      found.push(finding("encadrement.complement_sans_montant", "missing", `${place} : le montant du complément de loyer n'est pas indiqué.`, complement.evidence, mentions));
    }
  }
  // The rent without charges less the complement is the loyer de base when the ad does not name it.
  const without = listing.priceExcludesCharges && listing.price ? { value: listing.price, evidence: `loyer hors charges : ${listing.price} €` } : rentWithoutCharges(text);
  const baseRent = base ?? (without ? { value: without.value - (complement?.amount ?? 0), evidence: without.evidence } : null);
  if (reference && baseRent) {
    const surface = livingSurface(listing, text);
    const cap = reference.value.perSquareMetre ? (surface ? reference.value.amount * surface.value : null) : reference.value.amount;
    if (cap !== null && baseRent.value > cap + 1) {
      found.push(
        finding(
          "encadrement.loyer_depasse",
          "breach",
          `${place} : le loyer de base (${euros(baseRent.value)}) dépasse le loyer de référence majoré (${euros(cap)}).`,
          `${baseRent.evidence} ; ${reference.evidence}`,
          "rentControlCap",
        ),
      );
    }
  }
  return found;
}

/** No complement of rent for a home of class F or G (art. 140, as amended by the loi du 16 août 2022). */
function complementBan(listing: ComplianceListing, text: AdText, day: string, complement: { amount: number | null; evidence: string } | null): ComplianceFinding[] {
  if (!complement?.amount || !applies("complementBanFG", day)) return [];
  const energy = energyClass(listing, text);
  if (!energy || (energy.value !== "F" && energy.value !== "G")) return [];
  return [
    finding(
      "encadrement.complement_interdit_fg",
      "breach",
      `Logement classé ${energy.value} : aucun complément de loyer ne peut être appliqué.`,
      `${complement.evidence} ; ${energy.evidence}`,
      "complementBanFG",
    ),
  ];
}
