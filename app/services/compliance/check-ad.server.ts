import { checkAdToListing, checkInstant, type CheckAd } from "./check-input";
import { checkCompliance } from "./checker";
import { listingCommune } from "./listing-verdict";
import type { ComplianceVerdict } from "./types";

/**
 * Checks an ad that is not stored (check:compliance, /verifier-annonce) on a Paris day, with the
 * commune resolved from its postal code and city as the stored listings are.
 */
export function checkAd(ad: CheckAd, day: string): ComplianceVerdict {
  const listing = checkAdToListing(ad);
  return checkCompliance(listing, { now: checkInstant(day), commune: listingCommune(listing.postalCode, listing.city ?? null) });
}
