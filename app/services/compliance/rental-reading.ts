import { amountAfter, amountBefore, numberBefore, words, type AdText, type Reading } from "./ad-text";
import type { ComplianceListing } from "./types";

/**
 * The money and characteristics of a rental ad, read from the structured fields first, then
 * from the ad's words. Every reader returns what it read and the words it read it from.
 */

/**
 * Whether the ad has one of the words at all: a plain substring search, far cheaper than the
 * readers' patterns, skips them on the many ads that do not have the word (the check runs ~10 000
 * times a second).
 */
function mentions(text: AdText, ...needles: string[]): boolean {
  return needles.some((needle) => text.lower.includes(needle));
}

const NOT_FURNISHED = /\bnon[- ]meubl[ée]e?s?(?![\p{L}])|\blocation vide\b|\blogement vide\b|\bloué vide\b/u;
const FURNISHED = /\bmeubl[ée]e?s?(?![\p{L}])/u;

export function furnished(listing: ComplianceListing, text: AdText): Reading<boolean> | null {
  if (listing.furnished === true || listing.furnished === false) return { value: listing.furnished, evidence: listing.furnished ? "meublé" : "non meublé" };
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

const CHARGES_AFTER = /(?<!hors )(?:provisions? (?:sur |pour |de )?charges|forfait de charges|charges(?: r[ée]cup[ée]rables| mensuelles| locatives)?)(?!\s*(?:comprises|incluses))/u;
const CHARGES_BEFORE = /(?:de |d')?(?:provisions? (?:sur |pour |de )?)?charges(?!\s*(?:comprises|incluses))/u;
const NO_CHARGES = /(?:sans|pas de|aucune) charges|charges\s*:?\s*(?:n[ée]ant|aucune|0\s*(?:€|euros?))/u;

/** Monthly recoverable charges: the field, then "50 € de charges", "provision pour charges : 50 €". */
export function monthlyCharges(listing: ComplianceListing, text: AdText): Reading<number> | null {
  if (listing.propertyCharges !== null && listing.propertyCharges >= 0) {
    return { value: listing.propertyCharges, evidence: `charges : ${listing.propertyCharges} €` };
  }
  const none = words(text, NO_CHARGES);
  if (none) return { value: 0, evidence: none };
  return amountBefore(text, CHARGES_BEFORE) ?? amountAfter(text, CHARGES_AFTER);
}

/**
 * How the charges are paid, "dans tous les cas" (arrêté du 10 janvier 2017, art. 4, 2° ; arrêté
 * du 21 avril 2022, 2°): provisions with a yearly adjustment, a flat sum, or paid as incurred.
 */
const CHARGES_REGIME = /provisions?|forfait|forfaitaires?|r[ée]gularisation|au r[ée]el|r[ée]gl[ée]es? (?:mensuellement|annuellement|trimestriellement)|payables? (?:mensuellement|annuellement|trimestriellement)/u;

export function chargesRegime(text: AdText): string | null {
  return words(text, CHARGES_REGIME);
}

const CC_AFTER = /(?<!mois de )loyer (?:mensuel )?(?:cc|charges comprises)|(?:total|montant) (?:cc|charges comprises)/u;
const CC_BEFORE = /cc\b|charges comprises|charges incluses/u;
const HC_AFTER = /(?<!mois de )loyer (?:mensuel )?(?:hc|hors charges)|hors charges|loyer de base|loyer nu/u;
const HC_BEFORE = /hc\b|hors charges/u;

/** The rent with charges as the ad writes it ("850 € CC", "loyer charges comprises : 850 €"). */
export function rentWithCharges(text: AdText): Reading<number> | null {
  return amountBefore(text, CC_BEFORE) ?? amountAfter(text, CC_AFTER);
}

/** The rent without charges as the ad writes it ("800 € HC", "hors charges : 800 €"). */
export function rentWithoutCharges(text: AdText): Reading<number> | null {
  if (!mentions(text, "hc", "hors charges", "loyer de base", "loyer nu")) return null;
  return amountBefore(text, HC_BEFORE) ?? amountAfter(text, HC_AFTER);
}

/**
 * The rent without charges, exactly when it was read (the field when the input says the price
 * excludes charges, "800 € HC", or "850 € CC" less the charges read), else the bounds the
 * price allows: it is at most the price (with or without charges) and at least the price less
 * the charges. A rule that declares a breach uses the bound that cannot wrong the landlord.
 */
export type BaseRent = { low: number; high: number; evidence: string };

export function baseRent(listing: ComplianceListing, text: AdText, charges: Reading<number> | null, withCharges: Reading<number> | null): BaseRent | null {
  if (listing.priceExcludesCharges && listing.price !== null && listing.price > 0) {
    return { low: listing.price, high: listing.price, evidence: `loyer hors charges : ${listing.price} €` };
  }
  const without = rentWithoutCharges(text);
  if (without) return { low: without.value, high: without.value, evidence: without.evidence };
  if (withCharges && charges) return { low: withCharges.value - charges.value, high: withCharges.value - charges.value, evidence: `${withCharges.evidence} ; ${charges.evidence}` };
  const advertised = withCharges?.value ?? listing.price;
  if (advertised === null || advertised <= 0) return null;
  return { low: advertised - (charges?.value ?? advertised), high: advertised, evidence: withCharges?.evidence ?? `prix : ${advertised} €` };
}

const MONTHLY = /(?:€|euros?)\s*(?:hc|cc|charges comprises|hors charges)?\s*(?:\/|par)\s*mois|\/\s*mois|\bmensuel(?:le)?s?\b|\bpar mois\b/u;

/** "par mois" (or "/mois", "mensuel") after the rent (arrêtés of 2017 and 2022, 1°). */
export function monthlyMention(text: AdText): string | null {
  return words(text, MONTHLY);
}

const DEPOSIT = /d[ée]p[oô]t de garantie|caution(?! solidaire| personnelle| bancaire| visale)/u;
const DEPOSIT_MONTHS =
  /(?:d[ée]p[oô]t de garantie|caution)\s*:?\s*(?:de\s+|d'|=\s*|[ée]gal\s+[àa]\s+)?(1|2|3|4|un|une|deux|trois|quatre)\s+mois(?:\s+de\s+loyer)?(\s*(?:,\s*)?(?:charges comprises|cc\b|charges incluses))?(?:[^\d\n]{0,30}?soit\s+(\d{1,3}(?:[ \u00a0\u202f.]\d{3})*(?:,\d{1,2})?)\s*(?:€|euros?))?/u;
const NO_DEPOSIT = /(?:sans|pas de|aucun) (?:d[ée]p[oô]t de garantie|caution)|d[ée]p[oô]t de garantie\s*:?\s*(?:n[ée]ant|aucun|0\s*(?:€|euros?))/u;
const MONTH_WORDS: Record<string, number> = { un: 1, une: 1, deux: 2, trois: 3, quatre: 4 };

/** In months of rent without charges, with charges ("un mois charges comprises"), or in euros. */
export type Deposit = { euros: number } | { months: number; withCharges: boolean };

export function deposit(text: AdText): Reading<Deposit> | null {
  if (!mentions(text, "garantie", "caution")) return null;
  const none = words(text, NO_DEPOSIT);
  if (none) return { value: { euros: 0 }, evidence: none };
  const months = DEPOSIT_MONTHS.exec(text.lower);
  if (months) {
    const evidence = words(text, DEPOSIT_MONTHS) ?? months[0];
    // "un mois de loyer charges comprises, soit 850 €": the euros say what is asked.
    if (months[3]) {
      const euros = Number(months[3].replace(/[ \u00a0\u202f.]/g, "").replace(",", "."));
      if (Number.isFinite(euros)) return { value: { euros }, evidence };
    }
    const count = MONTH_WORDS[months[1]!] ?? Number(months[1]);
    return { value: { months: count, withCharges: Boolean(months[2]) }, evidence };
  }
  const amount = amountAfter(text, DEPOSIT);
  if (!amount) return null;
  // "le premier loyer et la caution (930 €)", "caution + premier mois (1 200 €)": a sum of both.
  const at = text.raw.indexOf(amount.evidence);
  const around = text.lower.slice(Math.max(0, at - 40), at + amount.evidence.length);
  return WITH_FIRST_RENT.test(around) ? null : { value: { euros: amount.value }, evidence: amount.evidence };
}

const WITH_FIRST_RENT = /premiers? (?:loyer|mois)|mois d'avance|loyers? d'avance|au total/u;

const FEES = /honoraires|frais d'agence|\bhcl\b/u;
const FEES_BEFORE = /(?:d'|de )?(?:honoraires|frais d'agence)|hcl\b/u;
// A landlord letting directly charges no agency fees: "Pas d'agence", "de particulier à particulier".
const NO_FEES = /(?:sans |pas d'|pas de |aucuns? |z[ée]ro )(?:honoraires|frais d'agence|agence)|particulier [àa] particulier|agences s'abstenir|(?:honoraires|frais d'agence)(?: charge locataire| [àa] la charge du locataire)?\s*:?\s*(?:n[ée]ant|offerts|gratuits?|aucun|0\s*(?:€|euros?))/u;
const INVENTORY = /[ée]tat des lieux|\bedl\b/u;
const INVENTORY_BEFORE = /(?:(?:pour |au titre de )?l'|d'|de l')?[ée]tat des lieux|(?:d'|de l')?edl\b/u;
const TENANT_FEES_WORDS = /honoraires[^.\n]{0,40}locataire|locataire[^.\n]{0,40}honoraires|\bhcl\b/u;

/** The tenant's fees, all included (TTC), as the ad writes them; 0 when the ad says there are none. */
export function tenantFees(text: AdText): Reading<number> | null {
  if (!mentions(text, "honoraires", "agence", "hcl", "particulier")) return null;
  const none = words(text, NO_FEES);
  if (none) return { value: 0, evidence: none };
  return amountAfter(text, FEES) ?? amountBefore(text, FEES_BEFORE);
}

/** The statutory words "honoraires charge locataire" (or "HCL") next to the fees. */
export function tenantFeesWords(text: AdText): string | null {
  return words(text, TENANT_FEES_WORDS);
}

/** The part of the fees due for the inventory ("dont 120 € d'état des lieux"). */
export function inventoryFees(text: AdText): Reading<number> | null {
  if (!mentions(text, "des lieux", "edl")) return null;
  return amountBefore(text, INVENTORY_BEFORE) ?? amountAfter(text, INVENTORY);
}

const MOBILITY_LEASE = /\bbail (?:de )?mobilit[ée](?![\p{L}])/u;

/** A bail mobilité (loi du 6 juillet 1989, titre Ier ter): no deposit may be asked. */
export function mobilityLease(text: AdText): string | null {
  if (!mentions(text, "mobilit")) return null;
  return words(text, MOBILITY_LEASE);
}

const HOLIDAY = /locations? saisonni[èe]re|location de vacances|locations? vacances|meubl[ée] de tourisme|g[îi]te rural|(?:€|euros?)\s*(?:\/|par|la)\s*(?:nuit(?:[ée]e)?|semaine)\b|(?<![\p{L}])à la (?:nuit(?:[ée]e)?|semaine)\b/u;

/**
 * A holiday let is outside the loi du 6 juillet 1989 (its art. 2) and the arrêtés cover only
 * "non saisonnière" lets: none of the rental rules apply to it.
 */
export function holidayLet(listing: ComplianceListing, text: AdText): string | null {
  const feature = listing.features.find((f) => /saisonni[èe]re|vacances/iu.test(f));
  if (feature) return feature;
  return mentions(text, "saison", "vacances", "tourisme", "gîte", "gite", "nuit", "semaine") ? words(text, HOLIDAY) : null;
}
