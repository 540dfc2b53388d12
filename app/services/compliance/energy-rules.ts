import { words, type AdText, type Reading } from "./ad-text";
import { finding } from "./finding";
import { applies, type ReferenceKey } from "./references";
import { ABSENT, type ComplianceFinding, type ComplianceListing } from "./types";

/** Energy performance (DPE) mentions of every housing ad, and the rental calendar of the loi Climat. */

export type EnergyClass = "A" | "B" | "C" | "D" | "E" | "F" | "G";

const ENERGY_WORDS = /(?:classe [ée]nerg(?:ie|[ée]tique)|[ée]tiquette [ée]nergie|consommation [ée]nerg[ée]tique|performance [ée]nerg[ée]tique|dpe)\s*:?\s*(?:classe\s*)?([a-g])\b/u;
const CLIMATE_WORDS = /(?:\bges\b|gaz [àa] effet de serre|classe climat|[ée]tiquette climat|indice climat|[ée]missions? de (?:ges|co2))\s*:?\s*(?:classe\s*)?([a-g])\b/u;
const EXCESSIVE_MENTION = /consommation [ée]nerg[ée]tique excessive/u;
/** A home with no DPE class to give (blank DPE, not subject to it): no class mention can be asked. */
const NO_DPE = /dpe (?:vierge|non soumis|non requis|non applicable)|non soumis au dpe|dpe\s*:\s*(?:vierge|non soumis|non requis)/u;
const ENERGY_COST = /d[ée]penses (?:annuelles |th[ée]oriques |estim[ée]es )*(?:d'[ée]nergie|[ée]nerg[ée]tiques)|co[uû]ts? annuels? d'[ée]nergie/u;
const PRICE_YEAR = /(?:indexés?|r[ée]f[ée]rence|prix|tarifs?|ann[ée]e|base)[^\n]{0,60}?\b(?:19|20)\d{2}\b/u;

function classIn(text: AdText, pattern: RegExp): Reading<EnergyClass> | null {
  const match = pattern.exec(text.lower);
  if (!match) return null;
  return { value: match[1]!.toUpperCase() as EnergyClass, evidence: words(text, pattern) ?? match[0] };
}

/** The DPE class: the structured field first, then the ad's words ("DPE : F", "classe énergie D"). */
export function energyClass(listing: ComplianceListing, text: AdText): Reading<EnergyClass> | null {
  const stored = listing.energyRating?.trim().toUpperCase();
  if (stored && /^[A-G]$/.test(stored)) return { value: stored as EnergyClass, evidence: `classe ${stored}` };
  return classIn(text, ENERGY_WORDS);
}

/**
 * The calendar of article 6 of the loi du 6 juillet 1989 as written by the loi Climat et
 * résilience: from these days a dwelling of that class is not decent, so it cannot be let on a
 * new lease. Overseas (Guadeloupe, Martinique, Guyane, La Réunion, Mayotte) dates are later and
 * class E has no date there yet.
 */
const RENTAL_BANS: Record<"metropole" | "outre-mer", Array<{ cls: EnergyClass; reference: ReferenceKey }>> = {
  metropole: [
    { cls: "G", reference: "rentalBanG" },
    { cls: "F", reference: "rentalBanF" },
    { cls: "E", reference: "rentalBanE" },
  ],
  "outre-mer": [
    { cls: "G", reference: "rentalBanOverseasG" },
    { cls: "F", reference: "rentalBanOverseasF" },
  ],
};

/** The climate class: the feed's field first, then the ad's words ("GES : B", "classe climat C"). */
export function climateClass(listing: ComplianceListing, text: AdText): Reading<EnergyClass> | null {
  const stored = listing.gesRating?.trim().toUpperCase();
  if (stored && /^[A-G]$/.test(stored)) return { value: stored as EnergyClass, evidence: `classe climat ${stored}` };
  return classIn(text, CLIMATE_WORDS);
}

/**
 * The estimated yearly energy cost (CCH R.126-23): after the words « Montant estimé des dépenses
 * annuelles d'énergie pour un usage standard », an amount, and the year of the energy prices.
 */
function energyCostFindings(text: AdText, day: string): ComplianceFinding[] {
  if (!applies("energyCost", day)) return [];
  const match = ENERGY_COST.exec(text.lower);
  const after = match ? text.lower.slice(match.index, match.index + 300) : "";
  if (!match || !/\d[\d \u00a0\u202f.,]*\s*(?:€|euros?)/u.test(after)) {
    return [finding("energie.depenses_absentes", "missing", "Le « Montant estimé des dépenses annuelles d'énergie pour un usage standard » n'est pas indiqué.", ABSENT, "energyCost")];
  }
  if (!PRICE_YEAR.test(after)) {
    return [finding("energie.depenses_annee_absente", "missing", "L'année de référence des prix de l'énergie de l'estimation des dépenses annuelles n'est pas indiquée.", words(text, ENERGY_COST) ?? ABSENT, "energyCost")];
  }
  return [];
}

/** Code de l'environnement R.125-25: the Géorisques mention, in sale and rental ads alike. */
export function georisquesFindings(text: AdText, day: string): ComplianceFinding[] {
  // A substring search: far cheaper than a pattern on every ad, and the word has two spellings only.
  if (!applies("georisques", day) || text.lower.includes("géorisques") || text.lower.includes("georisques")) return [];
  return [
    finding(
      "risques.georisques_absent",
      "missing",
      "La mention « Les informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques : www.georisques.gouv.fr » n'est pas portée.",
      ABSENT,
      "georisques",
    ),
  ];
}

export function energyFindings(listing: ComplianceListing, text: AdText, day: string, overseas: boolean): ComplianceFinding[] {
  const found: ComplianceFinding[] = [];
  const energy = energyClass(listing, text);
  if (!energy && NO_DPE.test(text.lower)) return found;
  if (!energy) {
    found.push(finding("energie.classe_absente", "missing", "La classe énergie (DPE) n'est pas indiquée.", ABSENT, "energyClass"));
  }
  if (applies("climateClass", day) && !climateClass(listing, text)) {
    found.push(finding("energie.ges_absente", "missing", "La classe climat (émissions de gaz à effet de serre, GES) n'est pas indiquée.", ABSENT, "climateClass"));
  }
  found.push(...energyCostFindings(text, day));
  if (!energy) return found;
  if ((energy.value === "F" || energy.value === "G") && applies("excessiveConsumption", day) && !EXCESSIVE_MENTION.test(text.lower)) {
    found.push(
      finding(
        "energie.mention_consommation_excessive",
        "missing",
        `Logement classé ${energy.value} : l'annonce doit porter la mention « Logement à consommation énergétique excessive ».`,
        `${energy.evidence} ; mention absente`,
        "excessiveConsumption",
      ),
    );
  }
  if (listing.transactionType === "rental") {
    const ban = RENTAL_BANS[overseas ? "outre-mer" : "metropole"].find((b) => b.cls === energy.value && applies(b.reference, day));
    if (ban) {
      found.push(
        finding(
          "energie.location_interdite",
          "breach",
          `Un logement classé ${energy.value} ne peut plus être proposé à la location pour un nouveau bail${overseas ? " (outre-mer)" : ""} : il n'est pas décent.`,
          energy.evidence,
          ban.reference,
        ),
      );
    }
  }
  return found;
}
