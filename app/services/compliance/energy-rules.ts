import { words, type AdText, type Reading } from "./ad-text";
import { finding } from "./finding";
import { applies, type ReferenceKey } from "./references";
import { ABSENT, type ComplianceFinding, type ComplianceListing } from "./types";

/** Energy performance (DPE) mentions of every housing ad, and the rental calendar of the loi Climat. */

export type EnergyClass = "A" | "B" | "C" | "D" | "E" | "F" | "G";

const ENERGY_WORDS = /(?:classe [ée]nerg(?:ie|[ée]tique)|[ée]tiquette [ée]nergie|consommation [ée]nerg[ée]tique|dpe)\s*:?\s*(?:classe\s*)?([a-g])\b/u;
const CLIMATE_WORDS = /(?:\bges\b|gaz [àa] effet de serre|classe climat|[ée]tiquette climat|[ée]missions? de (?:ges|co2))\s*:?\s*(?:classe\s*)?([a-g])\b/u;
const EXCESSIVE_MENTION = /consommation [ée]nerg[ée]tique excessive/u;

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

export function energyFindings(listing: ComplianceListing, text: AdText, day: string, overseas: boolean): ComplianceFinding[] {
  const found: ComplianceFinding[] = [];
  const energy = energyClass(listing, text);
  if (!energy) {
    found.push(finding("energie.classe_absente", "missing", "La classe énergie (DPE) n'est pas indiquée.", ABSENT, "energyClass"));
  }
  if (applies("climateClass", day) && !classIn(text, CLIMATE_WORDS)) {
    found.push(finding("energie.ges_absente", "missing", "La classe climat (émissions de gaz à effet de serre, GES) n'est pas indiquée.", ABSENT, "climateClass"));
  }
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
