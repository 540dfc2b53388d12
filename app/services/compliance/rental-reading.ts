import { amountAfter, amountBefore, numberBefore, words, type AdText, type Reading } from "./ad-text";
import type { ComplianceListing } from "./types";

/**
 * The money and characteristics of a rental ad, read from the structured fields first, then
 * from the ad's words. Every reader returns what it read and the words it read it from.
 */

const NOT_FURNISHED = /\bnon[- ]meubl[ée]e?s?(?![\p{L}])|\blocation vide\b|\blogement vide\b/u;
const FURNISHED = /\bmeubl[ée]e?s?(?![\p{L}])/u;

export function furnished(listing: ComplianceListing, text: AdText): Reading<boolean> | null {
  const feature = listing.features.find((f) => /^(non[- ])?meubl[ée]e?$/iu.test(f.trim()));
  if (feature) return { value: !/^non/iu.test(feature.trim()), evidence: feature };
  const no = words(text, NOT_FURNISHED);
  if (no) return { value: false, evidence: no };
  const yes = words(text, FURNISHED);
  return yes ? { value: true, evidence: yes } : null;
}

const SURFACE_UNIT = /m²|m2\b|m[èe]tres? carr[ée]s/u;

export function livingSurface(listing: ComplianceListing, text: AdText): Reading<number> | null {
  if (listing.surfaceArea && listing.surfaceArea > 0) return { value: listing.surfaceArea, evidence: `${listing.surfaceArea} m²` };
  return numberBefore(text, SURFACE_UNIT);
}

const CHARGES_AFTER = /(?<!hors )(?:provisions? (?:sur |pour |de )?charges|forfait de charges|charges(?: r[ée]cup[ée]rables| mensuelles)?)(?!\s*(?:comprises|incluses))/u;
const CHARGES_BEFORE = /(?:de |d')?(?:provisions? (?:sur |pour |de )?)?charges(?!\s*(?:comprises|incluses))/u;
const NO_CHARGES = /(?:sans|pas de|aucune) charges|charges\s*:?\s*n[ée]ant/u;

/** Monthly recoverable charges: the field, then "50 € de charges", "provision pour charges : 50 €". */
export function monthlyCharges(listing: ComplianceListing, text: AdText): Reading<number> | null {
  if (listing.propertyCharges !== null && listing.propertyCharges >= 0) {
    return { value: listing.propertyCharges, evidence: `charges : ${listing.propertyCharges} €` };
  }
  const none = words(text, NO_CHARGES);
  if (none) return { value: 0, evidence: none };
  return amountBefore(text, CHARGES_BEFORE) ?? amountAfter(text, CHARGES_AFTER);
}

const CC_AFTER = /loyer (?:mensuel )?(?:cc|charges comprises)|charges comprises/u;
const CC_BEFORE = /cc\b|charges comprises|charges incluses/u;
const HC_AFTER = /loyer (?:mensuel )?(?:hc|hors charges)|hors charges/u;
const HC_BEFORE = /hc\b|hors charges/u;

/** The rent with charges as the ad writes it ("850 € CC", "loyer charges comprises : 850 €"). */
export function rentWithCharges(text: AdText): Reading<number> | null {
  return amountBefore(text, CC_BEFORE) ?? amountAfter(text, CC_AFTER);
}

/** The rent without charges as the ad writes it ("800 € HC", "hors charges : 800 €"). */
export function rentWithoutCharges(text: AdText): Reading<number> | null {
  return amountBefore(text, HC_BEFORE) ?? amountAfter(text, HC_AFTER);
}

const DEPOSIT = /d[ée]p[oô]t de garantie|caution/u;
const DEPOSIT_MONTHS = /(?:d[ée]p[oô]t de garantie|caution)\s*:?\s*(?:de\s+|d'|=\s*)?(1|2|3|4|un|une|deux|trois|quatre)\s+mois/u;
const NO_DEPOSIT = /(?:sans|pas de|aucun) (?:d[ée]p[oô]t de garantie|caution)|d[ée]p[oô]t de garantie\s*:?\s*(?:n[ée]ant|aucun)/u;
const MONTH_WORDS: Record<string, number> = { un: 1, une: 1, deux: 2, trois: 3, quatre: 4 };

export type Deposit = { euros: number } | { months: number };

export function deposit(text: AdText): Reading<Deposit> | null {
  const none = words(text, NO_DEPOSIT);
  if (none) return { value: { euros: 0 }, evidence: none };
  const months = DEPOSIT_MONTHS.exec(text.lower);
  if (months) {
    const count = MONTH_WORDS[months[1]!] ?? Number(months[1]);
    return { value: { months: count }, evidence: words(text, DEPOSIT_MONTHS) ?? months[0] };
  }
  const amount = amountAfter(text, DEPOSIT);
  return amount ? { value: { euros: amount.value }, evidence: amount.evidence } : null;
}

const FEES = /honoraires|frais d'agence/u;
const FEES_BEFORE = /(?:d'|de )?(?:honoraires|frais d'agence)/u;
// A landlord letting directly charges no agency fees: "Pas d'agence", "de particulier à particulier".
const NO_FEES = /(?:sans |pas d'|pas de |aucuns? |z[ée]ro )(?:honoraires|frais d'agence|agence)|particulier [àa] particulier|agences s'abstenir|(?:honoraires|frais d'agence)\s*:?\s*(?:n[ée]ant|offerts|gratuits?)/u;
const INVENTORY = /[ée]tat des lieux|\bedl\b/u;
const INVENTORY_BEFORE = /(?:(?:pour |au titre de )?l'|d'|de l')?[ée]tat des lieux|(?:d'|de l')?edl\b/u;

/** The tenant's fees, all included (TTC), as the ad writes them; 0 when the ad says there are none. */
export function tenantFees(text: AdText): Reading<number> | null {
  const none = words(text, NO_FEES);
  if (none) return { value: 0, evidence: none };
  return amountAfter(text, FEES) ?? amountBefore(text, FEES_BEFORE);
}

/** The part of the fees due for the inventory ("dont 120 € d'état des lieux"). */
export function inventoryFees(text: AdText): Reading<number> | null {
  return amountBefore(text, INVENTORY_BEFORE) ?? amountAfter(text, INVENTORY);
}
