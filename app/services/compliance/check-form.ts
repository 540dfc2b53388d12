import { z } from "zod";
import { parseFrenchNumber } from "../file-import/french-number";
import { checkAdSchema, checkDaySchema, type CheckAd } from "./check-input";

/**
 * The "Vérifier une annonce" form (/verifier-annonce): what an agent pastes before publishing,
 * as form fields (French numbers, empty fields), turned into the ad that check:compliance reads.
 * Client-safe: conform validates with it in the browser and on the server.
 */
export const CHECK_FORM_CATEGORIES = [
  ["flat", "Appartement"],
  ["house", "Maison"],
  ["parking", "Parking, box ou cave"],
  ["land", "Terrain"],
  ["office", "Bureau"],
  ["premises", "Local commercial"],
  ["shop", "Commerce"],
  ["block", "Immeuble"],
  ["misc", "Autre"],
] as const;

const CATEGORY_KEYS = CHECK_FORM_CATEGORIES.map(([key]) => key) as [string, ...string[]];

/** "1 250,50", "850 €": a French amount, or empty. */
const frenchAmount = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const parsed = parseFrenchNumber(value);
      if (!parsed.ok || parsed.value < 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return parsed.value;
    });

export const checkFormSchema = z.object({
  type: z.enum(["rental", "sale"], { errorMap: () => ({ message: "Choisissez location ou vente" }) }),
  category: z.enum(CATEGORY_KEYS, { errorMap: () => ({ message: "Choisissez le type de bien" }) }),
  publisherType: z.enum(["professional", "private", "unknown"], { errorMap: () => ({ message: "Choisissez qui publie l'annonce" }) }).default("unknown"),
  title: z.string({ required_error: "Le titre est obligatoire" }).trim().min(1, "Le titre est obligatoire").max(300, "Le titre ne peut pas dépasser 300 caractères"),
  description: z.string().trim().max(50_000, "Le texte ne peut pas dépasser 50 000 caractères").optional(),
  price: frenchAmount("Le prix doit être un nombre positif (ex. : 850 ou 1 250,50)"),
  charges: frenchAmount("Les charges doivent être un nombre positif (ex. : 50)"),
  surface: frenchAmount("La surface doit être un nombre positif (ex. : 45 ou 45,5)"),
  energyGrade: z.enum(["A", "B", "C", "D", "E", "F", "G"]).optional(),
  gesGrade: z.enum(["A", "B", "C", "D", "E", "F", "G"]).optional(),
  furnished: z.enum(["yes", "no", "unknown"]).default("unknown"),
  city: z.string().trim().max(100, "La ville ne peut pas dépasser 100 caractères").optional(),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "Le code postal compte 5 chiffres")
    .optional(),
  date: checkDaySchema.optional(),
});

export type CheckForm = z.infer<typeof checkFormSchema>;

/** The form as the ad check:compliance reads (validated again by that schema). */
export function checkFormToAd(form: CheckForm): CheckAd {
  return checkAdSchema.parse({
    title: form.title,
    description: form.description ?? null,
    type: form.type,
    category: form.category,
    price: form.price,
    charges: form.charges,
    surface: form.surface,
    energyGrade: form.energyGrade ?? null,
    gesGrade: form.gesGrade ?? null,
    city: form.city ?? null,
    postalCode: form.postalCode ?? null,
    publisherType: form.publisherType === "unknown" ? null : form.publisherType,
    furnished: form.furnished === "unknown" ? null : form.furnished === "yes",
  });
}
