import type { AdText, Reading } from "./ad-text";
import { feeCaps, feeZone } from "./fee-caps";
import { euros, finding } from "./finding";
import { applies, type ReferenceKey } from "./references";
import {
  baseRent,
  chargesRegime,
  deposit,
  furnished,
  inventoryFees,
  livingSurface,
  mobilityLease,
  monthlyCharges,
  monthlyMention,
  rentWithCharges,
  tenantFees,
  tenantFeesWords,
  type BaseRent,
  type Deposit,
} from "./rental-reading";
import { ABSENT, type ComplianceFinding, type ComplianceListing, type ListingCommune } from "./types";

/**
 * The mentions of a rental ad under the loi du 6 juillet 1989: a professional's (arrêté du 10
 * janvier 2017, art. 4) and a private landlord's (art. 2-1, arrêté du 21 avril 2022) carry the
 * same list but the agency's fees; the deposit caps (art. 22, 25-6, 25-17) and the caps of the
 * tenant's fees (art. 5, décret 2014-890).
 */
export function rentalFindings(listing: ComplianceListing, text: AdText, day: string, commune: ListingCommune | null): ComplianceFinding[] {
  const found: ComplianceFinding[] = [];
  const charges = monthlyCharges(listing, text);
  const surface = livingSurface(listing, text);
  const depositReading = deposit(text);
  const mobility = mobilityLease(text);
  const fees = tenantFees(text);
  const withCharges = rentWithCharges(text);
  const publisher = listing.publisherType ?? null;
  // Both lists apply to professionals from 2017; to every landlord from 1 July 2022. An unknown
  // publisher owes the common list from the later date, when it is certain either way.
  const mentions: ReferenceKey = publisher === "professional" ? "rentalAdPro" : "rentalAdPrivate";

  if (applies(mentions, day)) {
    if (!charges) {
      found.push(finding("location.charges_absentes", "missing", "Le montant des charges récupérables (ou leur absence) n'est pas indiqué.", ABSENT, mentions));
    } else if (charges.value > 0) {
      if (!withCharges) {
        found.push(finding("location.loyer_cc_absent", "missing", "Le loyer mensuel charges comprises (mention « charges comprises » ou « CC ») n'est pas indiqué.", charges.evidence, mentions));
      }
      if (!chargesRegime(text)) {
        found.push(
          finding("location.charges_modalites_absentes", "missing", "Les modalités de règlement des charges (provisions avec régularisation annuelle, ou forfait) ne sont pas indiquées.", charges.evidence, mentions),
        );
      }
    }
    if (!monthlyMention(text)) {
      found.push(finding("location.par_mois_absent", "missing", "Le loyer n'est pas suivi de la mention « par mois » (ou « /mois »).", ABSENT, mentions));
    }
    if (!depositReading && !mobility) {
      found.push(finding("location.depot_absent", "missing", "Le montant du dépôt de garantie (ou son absence) n'est pas indiqué.", ABSENT, mentions));
    }
    if (!surface) found.push(finding("location.surface_absente", "missing", "La surface habitable en m² n'est pas indiquée.", ABSENT, mentions));
    const place = placeMention(listing, text);
    if (place) found.push(finding("location.commune_absente", "missing", place, ABSENT, mentions));
  }
  if (publisher === "professional" && applies("rentalAdPro", day)) found.push(...professionalFeeMentions(text, fees));

  const rent = baseRent(listing, text, charges, withCharges);
  if (depositReading && mobility && depositAsked(depositReading.value) && applies("depositMobility", day)) {
    found.push(finding("location.depot_bail_mobilite", "breach", "Bail mobilité : aucun dépôt de garantie ne peut être exigé.", `${mobility} ; ${depositReading.evidence}`, "depositMobility"));
  } else if (depositReading && rent && !mobility) {
    found.push(...depositCap(listing, text, depositReading.value, depositReading.evidence, rent, charges?.value ?? null));
  }
  found.push(...feeCapFindings(text, fees, day, commune, surface?.value ?? null));
  return found;
}

function depositAsked(value: Deposit): boolean {
  return "months" in value ? value.months > 0 : value.euros > 0;
}

const ARRONDISSEMENT_CITIES = /^(paris|lyon|marseille)$/iu;
// "3e", "11ème", "Lyon 7", a postal code of the city; "1er" only with the word (it is also a date).
const ARRONDISSEMENT = /arrondissement|\b(?:[2-9]|1\d|20)\s*(?:e|ème|eme)\b(?!\s*[ée]tage)|\b(?:paris|lyon|marseille)\s+\d{1,2}\b|\b(?:75|69|13)\d{3}\b/u;

/** The commune, and for Paris, Lyon and Marseille the arrondissement (7°): what is missing, or null. */
function placeMention(listing: ComplianceListing, text: AdText): string | null {
  const city = listing.city?.trim();
  if (!city && !listing.postalCode) return "La commune du logement n'est pas indiquée.";
  if (city && ARRONDISSEMENT_CITIES.test(city) && !listing.postalCode && !ARRONDISSEMENT.test(text.lower)) {
    return `${city} : l'arrondissement du logement n'est pas indiqué.`;
  }
  return null;
}

/** Art. 4, 6° and 7°: the tenant's fees, all taxes included, under the words "honoraires charge locataire". */
function professionalFeeMentions(text: AdText, fees: Reading<number> | null): ComplianceFinding[] {
  if (!fees) {
    return [finding("location.honoraires_absents", "missing", "Les honoraires à la charge du locataire (montant TTC, « honoraires charge locataire ») ne sont pas indiqués.", ABSENT, "rentalAdPro")];
  }
  if (fees.value === 0) return [];
  const found: ComplianceFinding[] = [];
  if (!tenantFeesWords(text)) {
    found.push(finding("location.honoraires_mention_absente", "missing", "Le montant des honoraires n'est pas suivi ou précédé de la mention « honoraires charge locataire » (ou « HCL »).", fees.evidence, "rentalAdPro"));
  }
  if (!inventoryFees(text)) {
    // "Le cas échéant": owed only when the inventory is charged, which the ad alone cannot tell.
    found.push(finding("location.etat_des_lieux_a_verifier", "verify", "Si des honoraires d'état des lieux sont dus par le locataire, leur montant TTC doit être indiqué.", fees.evidence, "rentalAdPro"));
  }
  return found;
}

/**
 * At most one month of rent without charges unfurnished (art. 22), two furnished (art. 25-6). A
 * breach needs the deposit and the rent read: when only the advertised price is known, the rent
 * without charges is at most that price, so a deposit above the cap of that price is a breach
 * whatever the charges; one between the two bounds is "à vérifier".
 */
function depositCap(listing: ComplianceListing, text: AdText, value: Deposit, evidence: string, rent: BaseRent, charges: number | null): ComplianceFinding[] {
  const isFurnished = furnished(listing, text);
  // A furnished let must say so (5° of both arrêtés): an ad that does not is an unfurnished let.
  const capMonths = isFurnished?.value ? 2 : 1;
  const reference = capMonths === 1 ? "depositUnfurnished" : "depositFurnished";
  const kind = isFurnished === null ? "vide (l'annonce ne la dit pas meublée)" : isFurnished.value ? "meublée" : "vide";
  const message = (cap: number) => `Le dépôt de garantie dépasse ${capMonths === 1 ? "un mois" : "deux mois"} de loyer hors charges (${euros(cap)}) pour une location ${kind}.`;
  if ("months" in value) {
    if (value.months > capMonths) return [finding("location.depot_excessif", "breach", message(rent.high * capMonths), evidence, reference)];
    // "Un mois de loyer charges comprises": more than a month of rent without charges when there are charges.
    if (value.withCharges && value.months === capMonths && charges !== null && charges > 0) {
      return [finding("location.depot_excessif", "breach", message(rent.high * capMonths), `${evidence} ; charges : ${euros(charges)}`, reference)];
    }
    return [];
  }
  if (value.euros > rent.high * capMonths + 1) return [finding("location.depot_excessif", "breach", message(rent.high * capMonths), `${evidence} ; ${rent.evidence}`, reference)];
  if (rent.low < rent.high && value.euros > rent.low * capMonths + 1) {
    return [
      finding(
        "location.depot_a_verifier",
        "verify",
        `Le dépôt de garantie pourrait dépasser ${capMonths === 1 ? "un mois" : "deux mois"} de loyer hors charges : l'annonce ne dit pas si le prix comprend les charges.`,
        `${evidence} ; ${rent.evidence}`,
        reference,
      ),
    ];
  }
  return [];
}

/**
 * Visits, file and lease, and the inventory, per m² (art. 5, décret 2014-890). The zone decides
 * the first cap: in a commune whose zone is unknown, only what exceeds the highest cap is a breach.
 */
function feeCapFindings(text: AdText, fees: Reading<number> | null, day: string, commune: ListingCommune | null, surface: number | null): ComplianceFinding[] {
  if (!fees || fees.value <= 0 || surface === null || !applies("feesCap", day)) return [];
  const found: ComplianceFinding[] = [];
  const inventory = inventoryFees(text);
  const reference = applies("feesCapRevised", day) ? "feesCapRevised" : "feesCap";
  const zone = feeZone(commune?.code ?? null);
  const caps = feeCaps(zone, day);
  const highest = feeCaps("tres_tendue", day);
  const inventoryPart = inventory?.value ?? 0;
  const inventoryCap = caps.inventoryPerM2 * surface;
  // Without the inventory's part, the whole fee may include it: compare with both caps together.
  const capOf = (perM2: number) => perM2 * surface + (inventory ? 0 : inventoryCap);
  const visits = fees.value - inventoryPart;
  const label = (perM2: number) => `${euros(perM2)}/m²${inventory ? "" : ` (plus ${euros(caps.inventoryPerM2)}/m² d'état des lieux)`}`;
  if (visits > capOf(caps.visitsPerM2) + 0.5) {
    const certain = zone !== "inconnue" || visits > capOf(highest.visitsPerM2) + 0.5;
    if (certain) {
      const perM2 = zone === "inconnue" ? highest.visitsPerM2 : caps.visitsPerM2;
      found.push(
        finding(
          "location.honoraires_excessifs",
          "breach",
          `Les honoraires du locataire dépassent le plafond de ${label(perM2)} pour ${surface} m² : ${euros(capOf(perM2))} au plus${zone === "inconnue" ? ", quelle que soit la zone" : ""}.`,
          fees.evidence,
          reference,
        ),
      );
    } else {
      found.push(
        finding(
          "location.honoraires_zone_a_verifier",
          "verify",
          `Les honoraires du locataire dépassent ${euros(capOf(caps.visitsPerM2))} (plafond de ${label(caps.visitsPerM2)} hors zone tendue) : à vérifier selon la zone de la commune (10,09 € en zone tendue, 12,10 € en zone très tendue).`,
          fees.evidence,
          reference,
        ),
      );
    }
  }
  if (inventory && inventory.value > inventoryCap + 0.5) {
    found.push(
      finding(
        "location.etat_des_lieux_excessif",
        "breach",
        `Les frais d'état des lieux dépassent le plafond de ${euros(caps.inventoryPerM2)}/m² pour ${surface} m² : ${euros(inventoryCap)} au plus.`,
        inventory.evidence,
        reference,
      ),
    );
  }
  return found;
}
