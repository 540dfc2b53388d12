import { z } from "zod";
import { PROPERTY_TYPE_LABELS } from "../listings/listing-input";
import { PUBLISHER_TYPES, type ComplianceListing } from "./types";

/**
 * An ad given to check without storing it (`npm run check:compliance`, the "Vérifier une
 * annonce" page): the fields of the moderation datasets' `ad`, plus `publisherType`, `furnished`
 * and `gesGrade`. For rentals `price` is the rent without charges. Unknown fields are ignored.
 * Client-safe (no Node import): the page validates with the same schema in the browser.
 */
const amount = (name: string) =>
  z
    .number({ invalid_type_error: `${name} doit être un nombre` })
    .finite(`${name} doit être un nombre`)
    .nonnegative(`${name} ne peut pas être négatif`)
    .nullish();
const grade = (name: string) =>
  z
    .string({ invalid_type_error: `${name} doit être une lettre de A à G` })
    .trim()
    .toUpperCase()
    .regex(/^[A-G]?$/, `${name} doit être une lettre de A à G`)
    .nullish();
const text = (name: string, max: number) => z.string({ invalid_type_error: `${name} doit être un texte` }).max(max, `${name} : ${max} caractères au plus`).nullish();

export const checkAdSchema = z.object({
  title: z.string({ required_error: "title est obligatoire", invalid_type_error: "title doit être un texte" }).trim().min(1, "title ne peut pas être vide").max(300, "title : 300 caractères au plus"),
  description: text("description", 50_000),
  type: z.enum(["rental", "sale"], { errorMap: () => ({ message: "type doit valoir « rental » ou « sale »" }) }),
  category: text("category", 100),
  price: amount("price"),
  charges: amount("charges"),
  surface: amount("surface"),
  energyGrade: grade("energyGrade"),
  gesGrade: grade("gesGrade"),
  city: text("city", 100),
  postalCode: text("postalCode", 10),
  publisherName: text("publisherName", 200),
  publisherType: z.enum(PUBLISHER_TYPES, { errorMap: () => ({ message: "publisherType doit valoir « professional » ou « private »" }) }).nullish(),
  furnished: z.boolean({ invalid_type_error: "furnished doit valoir true ou false" }).nullish(),
  options: z.array(z.string({ invalid_type_error: "options doit être une liste de textes" }), { invalid_type_error: "options doit être une liste de textes" }).max(100).nullish(),
});

export type CheckAd = z.infer<typeof checkAdSchema>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-03-15" that is a real calendar day. */
export const checkDaySchema = z
  .string({ invalid_type_error: "la date doit être au format AAAA-MM-JJ" })
  .refine(realDay, "la date doit être un jour réel au format AAAA-MM-JJ");

function realDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // "2026-02-30" parses as 2 March: only a day that reads back the same is real.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** One line of the check:compliance input. */
export const checkLineSchema = z.object({
  id: z.union([z.string().min(1), z.number()], { errorMap: () => ({ message: "id est obligatoire (texte ou nombre)" }) }),
  date: checkDaySchema.nullish(),
  ad: z.record(z.unknown(), { errorMap: () => ({ message: "ad est obligatoire (un objet)" }) }).pipe(checkAdSchema),
});

/** The instant the rules are read at for a Paris day: its noon, so the Paris day is that day. */
export function checkInstant(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

/** Option flags of the datasets and of MoteurImmo that the rules read, as the listing's features. */
const OPTION_FEATURES: Record<string, string> = {
  furnished: "Meublé",
  isFurnished: "Meublé",
  seasonal: "Location saisonnière",
  seasonal_rental: "Location saisonnière",
  isSeasonalRental: "Location saisonnière",
};

function propertyType(category: string | null | undefined): string | null {
  const key = category?.trim();
  if (!key) return null;
  if (Object.hasOwn(PROPERTY_TYPE_LABELS, key)) return PROPERTY_TYPE_LABELS[key]!;
  const label = Object.values(PROPERTY_TYPE_LABELS).find((l) => l.toLowerCase() === key.toLowerCase());
  return label ?? "Autre";
}

export function checkAdToListing(ad: CheckAd): ComplianceListing {
  const features = [...new Set((ad.options ?? []).flatMap((option) => (Object.hasOwn(OPTION_FEATURES, option) ? [OPTION_FEATURES[option]!] : [])))];
  return {
    title: ad.title,
    description: ad.description?.trim() || null,
    transactionType: ad.type,
    propertyType: propertyType(ad.category),
    price: ad.price ?? null,
    propertyCharges: ad.charges ?? null,
    surfaceArea: ad.surface ?? null,
    energyRating: ad.energyGrade || null,
    gesRating: ad.gesGrade || null,
    features,
    postalCode: ad.postalCode?.trim() || null,
    city: ad.city?.trim() || null,
    publisherType: ad.publisherType ?? null,
    furnished: ad.furnished ?? null,
    priceExcludesCharges: ad.type === "rental",
  };
}

/** A zod error as one French line: "ad.price doit être un nombre ; date doit …". */
export function describeCheckIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path[0] === "ad" && issue.path.length > 1 ? "ad." : ""}${issue.message}`).join(" ; ");
}
