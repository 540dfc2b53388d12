// The search criteria flags of `npm run import` (issue 14), checked against the official commune
// and department lists, turned into the same criteria a search zone holds.
import { z } from "zod";
import { communeByCode, departmentByCode } from "~/services/geo/communes.server";
import { DEFAULT_CRITERIA, zoneCriteriaSchema, type ZoneCriteria } from "~/services/prospecting/criteria";
import { formatNumber } from "~/utils/format";
import { ZONE_LIMITS } from "~/config";
import { fail } from "./cli";

const codes = (name: string, known: (code: string) => boolean, noun: string, max: number) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const list = text.split(",").map((code) => code.trim().toUpperCase()).filter(Boolean);
      if (list.length === 0 || list.length > max) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `--${name} attend de 1 à ${max} codes séparés par des virgules` });
        return z.NEVER;
      }
      const unknown = list.find((code) => !known(code));
      if (unknown) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `--${name} : ${noun} inconnu(e) « ${unknown} »` });
        return z.NEVER;
      }
      return list;
    });

const amount = (name: string) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
      if (!Number.isSafeInteger(value) || value > ZONE_LIMITS.maxAmount) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `--${name} doit être un nombre entier d'euros entre 0 et ${formatNumber(ZONE_LIMITS.maxAmount)} (reçu : « ${text} »)`,
        });
        return z.NEVER;
      }
      return value;
    });

export const criteriaFlags = {
  departments: codes("departments", (code) => departmentByCode(code.padStart(2, "0")) !== undefined, "département", ZONE_LIMITS.maxDepartments),
  communes: codes("communes", (code) => communeByCode(code) !== undefined, "commune (code INSEE)", ZONE_LIMITS.maxCommunes),
  transaction: z.enum(["vente", "location"]).optional(),
  "price-min": amount("price-min"),
  "price-max": amount("price-max"),
};

export const criteriaOptions: Array<[string, string]> = [
  ["--departments 69,01", "départements (codes séparés par des virgules)"],
  ["--communes 69123", "communes (codes INSEE séparés par des virgules)"],
  ["--transaction vente|location", "type de transaction (défaut : location)"],
  ["--price-min N", "prix minimum en euros"],
  ["--price-max N", "prix maximum en euros"],
];

type CriteriaArgs = {
  departments?: string[];
  communes?: string[];
  transaction?: "vente" | "location";
  "price-min"?: number;
  "price-max"?: number;
};

/** The criteria of the flags, or undefined without any (the fixed query then applies). */
export function criteriaFromFlags(args: CriteriaArgs): ZoneCriteria | undefined {
  const given = [args.departments, args.communes, args.transaction, args["price-min"], args["price-max"]].some((value) => value !== undefined);
  if (!given) return undefined;
  const priceMin = args["price-min"] ?? null;
  const priceMax = args["price-max"] ?? null;
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) fail("--price-min dépasse --price-max");
  return zoneCriteriaSchema.parse({
    ...DEFAULT_CRITERIA,
    departments: (args.departments ?? []).map((code) => code.padStart(2, "0")),
    communes: args.communes ?? [],
    transaction: args.transaction === "vente" ? "sale" : "rental",
    priceMin,
    priceMax,
  });
}
