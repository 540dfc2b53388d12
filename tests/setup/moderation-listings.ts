/** Listing fixtures for the moderation engine's unit tests (pure, no database). */
import type { ModerationListing } from "~/services/moderation/types";

let counter = 0;

/** An ordinary, honest-looking Lyon T2 rental; override what the test is about. */
export function makeListing(overrides: Partial<ModerationListing> = {}): ModerationListing {
  counter += 1;
  return {
    id: `test-${counter}`,
    title: "T2 45 m² Lyon 3e avec balcon",
    // Short on purpose: too short for the near-duplicate index, so fixtures never "copy" each other.
    description:
      "T2 lumineux avec balcon, loyer 720 € + 60 € de charges, garant ou Visale, visites le soir.",
    price: 720,
    propertyCharges: 60,
    propertyType: "Appartement",
    transactionType: "rental",
    surfaceArea: 45,
    rooms: 2,
    bedrooms: 1,
    floor: 3,
    totalFloors: 5,
    yearBuilt: 1970,
    energyRating: "D",
    city: "Lyon",
    postalCode: "69003",
    images: [`https://img.example.fr/${counter}/1.jpg`, `https://img.example.fr/${counter}/2.jpg`],
    features: [],
    ownerKey: `owner-${counter}`,
    publishedAt: null,
    ...overrides,
  };
}

/** A listing whose description is exactly `description` (and an unremarkable title). */
export function withText(
  description: string,
  overrides: Partial<ModerationListing> = {},
): ModerationListing {
  return makeListing({ title: "Appartement T2", description, ...overrides });
}
