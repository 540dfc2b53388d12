import type { AdText } from "./ad-text";
import { feeCaps, feeZone } from "./fee-caps";
import { euros, finding } from "./finding";
import { applies } from "./references";
import {
  deposit,
  furnished,
  inventoryFees,
  livingSurface,
  monthlyCharges,
  rentWithCharges,
  rentWithoutCharges,
  tenantFees,
} from "./rental-reading";
import { ABSENT, type ComplianceFinding, type ComplianceListing, type ListingCommune } from "./types";

/**
 * The mentions of a rental ad (arrêté du 10 janvier 2017, art. 3), the deposit cap (loi du 6
 * juillet 1989, art. 22 and 25-6) and the caps of the tenant's fees (art. 5, décret 2014-890).
 */
export function rentalFindings(listing: ComplianceListing, text: AdText, day: string, commune: ListingCommune | null): ComplianceFinding[] {
  const found: ComplianceFinding[] = [];
  const charges = monthlyCharges(listing, text);
  const withCharges = rentWithCharges(text);
  const withoutCharges = rentWithoutCharges(text);
  const isFurnished = furnished(listing, text);
  const surface = livingSurface(listing, text);
  const depositReading = deposit(text);
  const fees = tenantFees(text);

  if (applies("rentalAd", day)) {
    if (!withCharges && charges?.value !== 0) {
      found.push(finding("location.loyer_cc_absent", "missing", "Le loyer charges comprises (mention « charges comprises » ou « CC ») n'est pas indiqué.", withoutCharges?.evidence ?? ABSENT, "rentalAd"));
    }
    if (!charges) found.push(finding("location.charges_absentes", "missing", "Le montant des charges récupérables n'est pas indiqué.", ABSENT, "rentalAd"));
    if (!depositReading) found.push(finding("location.depot_absent", "missing", "Le montant du dépôt de garantie n'est pas indiqué.", ABSENT, "rentalAd"));
    if (!isFurnished) found.push(finding("location.meuble_non_indique", "missing", "L'annonce ne dit pas si la location est meublée ou non.", ABSENT, "rentalAd"));
    if (!surface) found.push(finding("location.surface_absente", "missing", "La surface habitable n'est pas indiquée.", ABSENT, "rentalAd"));
    if (!fees) {
      found.push(finding("location.honoraires_absents", "missing", "Les honoraires à la charge du locataire (montant TTC) ne sont pas indiqués.", ABSENT, "rentalAd"));
    }
  }

  // The rent without charges: as written, else the advertised rent less the charges.
  const advertised = withCharges?.value ?? listing.price;
  const baseRent = withoutCharges?.value ?? (advertised !== null ? advertised - (charges?.value ?? 0) : null);
  if (depositReading && baseRent !== null && baseRent > 0) {
    // Furnished unknown: only the furnished cap (two months) is certain to be exceeded.
    const capMonths = isFurnished?.value === false ? 1 : 2;
    const value = depositReading.value;
    const over = "months" in value ? value.months > capMonths : value.euros > baseRent * capMonths + 1;
    if (over) {
      const kind = isFurnished === null ? "meublée ou non (non indiqué : plafond des locations meublées)" : isFurnished.value ? "meublée" : "vide";
      found.push(
        finding(
          "location.depot_excessif",
          "breach",
          `Le dépôt de garantie dépasse ${capMonths === 1 ? "un mois" : "deux mois"} de loyer hors charges (${euros(baseRent * capMonths)}) pour une location ${kind}.`,
          depositReading.evidence,
          capMonths === 1 ? "depositUnfurnished" : "depositFurnished",
        ),
      );
    }
  }

  if (fees && fees.value > 0) {
    const inventory = inventoryFees(text);
    if (!inventory && applies("rentalAd", day)) {
      found.push(finding("location.etat_des_lieux_absent", "missing", "La part des honoraires due pour l'état des lieux n'est pas indiquée.", fees.evidence, "rentalAd"));
    }
    if (surface) {
      const caps = feeCaps(feeZone(commune?.code ?? null), day);
      const reference = applies("feesCapRevised", day) ? "feesCapRevised" : "feesCap";
      const inventoryPart = inventory?.value ?? 0;
      const visitsCap = caps.visitsPerM2 * surface.value;
      const inventoryCap = caps.inventoryPerM2 * surface.value;
      if (fees.value - inventoryPart > visitsCap + (inventory ? 0 : inventoryCap) + 0.5) {
        found.push(
          finding(
            "location.honoraires_excessifs",
            "breach",
            `Les honoraires du locataire dépassent le plafond de ${euros(caps.visitsPerM2)}/m²${inventory ? "" : ` (plus ${euros(caps.inventoryPerM2)}/m² d'état des lieux)`} pour ${surface.value} m² : ${euros(visitsCap + (inventory ? 0 : inventoryCap))} au plus.`,
            fees.evidence,
            reference,
          ),
        );
      }
      if (inventory && inventory.value > inventoryCap + 0.5) {
        found.push(
          finding(
            "location.etat_des_lieux_excessif",
            "breach",
            `Les frais d'état des lieux dépassent le plafond de ${euros(caps.inventoryPerM2)}/m² pour ${surface.value} m² : ${euros(inventoryCap)} au plus.`,
            inventory.evidence,
            reference,
          ),
        );
      }
    }
  }
  return found;
}
