import type { ComplianceListing } from "~/services/compliance/types";

/** A compliant unfurnished rental in a town without rent control, for the rule tests to vary. */
export function rentalListing(overrides: Partial<ComplianceListing> = {}): ComplianceListing {
  return {
    title: "Appartement T2 lumineux",
    description:
      "Loyer 850 € CC par mois dont 50 € de provisions pour charges. Dépôt de garantie : 800 €. Location non meublée, 45 m². Honoraires charge locataire : 450 € TTC dont 135 € d'état des lieux. DPE : classe C, GES : B.",
    transactionType: "rental",
    propertyType: "Appartement",
    price: 850,
    propertyCharges: null,
    surfaceArea: 45,
    energyRating: "C",
    features: [],
    postalCode: "37000",
    ...overrides,
  };
}

export function saleListing(overrides: Partial<ComplianceListing> = {}): ComplianceListing {
  return {
    title: "Maison familiale",
    description: "Prix 315 000 € honoraires inclus à la charge de l'acquéreur, soit 5 % TTC du prix hors honoraires de 300 000 €. DPE C, GES B.",
    transactionType: "sale",
    propertyType: "Maison",
    price: 315000,
    propertyCharges: null,
    surfaceArea: 120,
    energyRating: "C",
    features: [],
    postalCode: "37000",
    ...overrides,
  };
}
