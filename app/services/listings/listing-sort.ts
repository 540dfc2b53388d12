/**
 * The orders of the /properties list (issue 17), kept in the query string as `sort`. Plain
 * module: the filters card lists the same options.
 */
export const LISTING_SORTS = [
  { value: "recent", label: "Plus récentes" },
  { value: "price_asc", label: "Prix croissant" },
  { value: "price_desc", label: "Prix décroissant" },
  { value: "surface_desc", label: "Surface décroissante" },
  { value: "price_per_m2_asc", label: "Prix au m² croissant" },
] as const;

export type ListingSort = (typeof LISTING_SORTS)[number]["value"];

export const LISTING_SORT_VALUES = LISTING_SORTS.map((sort) => sort.value) as [ListingSort, ...ListingSort[]];
