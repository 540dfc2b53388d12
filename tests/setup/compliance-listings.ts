import type { ComplianceListing } from "~/services/compliance/types";

/** The mentions every housing ad carries since 2023 (CCH R.126-21 to R.126-23, C. env. R.125-25). */
export const ENERGY_AND_RISKS =
  "Classe énergie C, classe climat B. Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre 610 € et 860 € par an (prix moyens des énergies indexés au 1er janvier 2021). Les informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques : www.georisques.gouv.fr.";

/**
 * A compliant unfurnished rental by an agency in a town without rent control, for the rule tests
 * to vary (arrêté du 10 janvier 2017, art. 4).
 */
export function rentalListing(overrides: Partial<ComplianceListing> = {}): ComplianceListing {
  return {
    title: "Appartement T2 lumineux",
    description: `Loyer 850 € par mois charges comprises, dont 50 € de provisions sur charges avec régularisation annuelle. Dépôt de garantie : 800 €. Location non meublée, 45 m² habitables. Honoraires charge locataire : 450 € TTC dont 135 € d'état des lieux. ${ENERGY_AND_RISKS}`,
    transactionType: "rental",
    propertyType: "Appartement",
    price: 850,
    propertyCharges: null,
    surfaceArea: 45,
    energyRating: "C",
    features: [],
    postalCode: "37000",
    city: "Tours",
    publisherType: "professional",
    ...overrides,
  };
}

/** A compliant sale of a house by an agency, fees paid by the buyer (arrêté du 10 janvier 2017, art. 3). */
export function saleListing(overrides: Partial<ComplianceListing> = {}): ComplianceListing {
  return {
    title: "Maison familiale",
    description: `Prix 315 000 € honoraires inclus à la charge de l'acquéreur, soit 5 % TTC du prix hors honoraires de 300 000 €. ${ENERGY_AND_RISKS}`,
    transactionType: "sale",
    propertyType: "Maison",
    price: 315000,
    propertyCharges: null,
    surfaceArea: 120,
    energyRating: "C",
    features: [],
    postalCode: "37000",
    city: "Tours",
    publisherType: "professional",
    ...overrides,
  };
}
