import { z } from "zod";
import { LISTINGS_MAX_LIMIT, LISTINGS_PAGE_SIZE } from "~/config";
import { COMPLIANCE_ORDER } from "../compliance/compliance-texts";
import { CHANGES_FILTERS } from "./listing-changes";
import { LISTING_SORT_VALUES } from "./listing-sort";

/**
 * The /properties filters as the query string carries them, read by the list and by its CSV
 * export. Every parameter falls back to its default: a hand-edited URL never gives an error page.
 */
export const listingFiltersQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  city: z.string().trim().max(200).catch(""),
  type: z.string().trim().max(100).catch(""),
  transaction: z.enum(["all", "sale", "rental"]).catch("all"),
  // Every listing by default (issue 24 item 4): after an auto-moderated import nothing is pending,
  // and a list opening on "En attente IA" showed none of them beside non-zero badges.
  status: z.enum(["pending", "suspicious", "active", "rejected", "all"]).catch("all"),
  sort: z.enum(LISTING_SORT_VALUES).catch("recent"),
  changes: z.enum(CHANGES_FILTERS).catch(""),
  compliance: z.enum([...COMPLIANCE_ORDER, "all"]).catch("all"),
  /** A search zone of the user (issue 14); another user's zone id matches nothing. */
  zone: z.string().trim().max(100).catch(""),
  limit: z.coerce
    .number()
    .int()
    .catch(LISTINGS_PAGE_SIZE)
    .transform((limit) => Math.min(LISTINGS_MAX_LIMIT, Math.max(LISTINGS_PAGE_SIZE, limit))),
});

export function readListingFilters(url: string | URL) {
  return listingFiltersQuerySchema.parse(Object.fromEntries(new URL(url).searchParams));
}
