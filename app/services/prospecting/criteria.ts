import { z } from "zod";
import { ZONE_LIMITS } from "~/config";
import { FIXED_IMPORT_QUERY } from "../moteurimmo/mapping";

/**
 * A search zone's criteria and the MoteurImmo filter body they become (issue 14). Every import
 * of the partner builds its body here: the zone runs, `npm run import` with its flags, and the
 * fixed query of /moteurimmo-sync (DEFAULT_CRITERIA). Plain module: the zone form reads the
 * same vocabulary.
 */

/** The partner's categories (MOTEURIMMO.md, "sure" for the first seven). */
export const ZONE_CATEGORIES = ["flat", "house", "block", "land", "office", "premises", "shop", "parking", "misc"] as const;
export type ZoneCategory = (typeof ZONE_CATEGORIES)[number];
export type ZoneTransaction = "sale" | "rental";

export type ZoneCriteria = {
  /** Department codes as INSEE writes them: "69", "2A", "971". */
  departments: string[];
  /** INSEE codes of communes (or of a municipal arrondissement). */
  communes: string[];
  transaction: ZoneTransaction;
  /** Empty: every category. */
  categories: ZoneCategory[];
  priceMin: number | null;
  priceMax: number | null;
  surfaceMin: number | null;
  surfaceMax: number | null;
  /** All of them must appear in the ad (keywordsOperator "and"). */
  keywords: string[];
};

const departmentCode = z.string().regex(/^(\d{2}|2[AB]|97\d)$/i).transform((code) => code.toUpperCase());
const inseeCode = z.string().regex(/^(\d{5}|2[AB]\d{3})$/i).transform((code) => code.toUpperCase());
const bound = z.number().nonnegative().max(ZONE_LIMITS.maxAmount).nullable();

/** What a stored zone or a CLI run holds; a row that no longer parses is refused, never guessed. */
export const zoneCriteriaSchema = z
  .object({
    departments: z.array(departmentCode).max(ZONE_LIMITS.maxDepartments),
    communes: z.array(inseeCode).max(ZONE_LIMITS.maxCommunes),
    transaction: z.enum(["sale", "rental"]),
    categories: z.array(z.enum(ZONE_CATEGORIES)),
    priceMin: bound,
    priceMax: bound,
    surfaceMin: bound,
    surfaceMax: bound,
    keywords: z.array(z.string().trim().min(1).max(ZONE_LIMITS.keywordLength)).max(ZONE_LIMITS.maxKeywords),
  })
  .transform((criteria) => ({
    ...criteria,
    departments: [...new Set(criteria.departments)],
    communes: [...new Set(criteria.communes)],
    categories: [...new Set(criteria.categories)],
  }));

/** The fixed query of SPEC.md section 9 as criteria: all of France, rentals of flats and houses. */
export const DEFAULT_CRITERIA: ZoneCriteria = Object.freeze({
  departments: [],
  communes: [],
  transaction: "rental",
  categories: ["flat", "house"],
  priceMin: null,
  priceMax: null,
  surfaceMin: null,
  surfaceMax: null,
  keywords: [],
}) as ZoneCriteria;

/**
 * The partner's filter body. What never changes comes from the fixed query: private individuals
 * only (Vigimmo prospects owners), the excluded aggregator sites (DECISIONS), ads with pictures,
 * newest first. Paging and the key are added by the client per request.
 */
export function criteriaToPartnerBody(criteria: ZoneCriteria): Record<string, unknown> {
  const body: Record<string, unknown> = {
    types: [criteria.transaction],
    publisherTypes: [...FIXED_IMPORT_QUERY.publisherTypes],
  };
  if (criteria.categories.length > 0) body.categories = [...criteria.categories];
  body.excludedOrigins = [...FIXED_IMPORT_QUERY.excludedOrigins];
  body.options = [...FIXED_IMPORT_QUERY.options];
  body.sortBy = FIXED_IMPORT_QUERY.sortBy;
  const locations = [
    ...criteria.communes.map((code) => ({ inseeCode: code })),
    // The partner reads department codes as numbers; Corsica's 2A/2B stay strings.
    ...criteria.departments.map((code) => ({ departmentCode: /^\d+$/.test(code) ? Number(code) : code })),
  ];
  if (locations.length > 0) body.locations = locations;
  if (criteria.priceMin !== null) body.priceMin = criteria.priceMin;
  if (criteria.priceMax !== null) body.priceMax = criteria.priceMax;
  if (criteria.surfaceMin !== null) body.surfaceMin = criteria.surfaceMin;
  if (criteria.surfaceMax !== null) body.surfaceMax = criteria.surfaceMax;
  if (criteria.keywords.length > 0) {
    body.keywords = [...criteria.keywords];
    body.keywordsOperator = "and";
  }
  return body;
}
