import { z } from "zod";
import { emailField } from "~/utils/field-schemas";

/**
 * The owner form of a listing's page (issue 24 item 3), checked by the same schema in the browser
 * and on the server. Plain module.
 */
export const OWNER_TEXT = {
  lastNameRequired: "Le nom du propriétaire est requis.",
  nameTooLong: "100 caractères au plus.",
  emailInvalid: "Adresse e-mail invalide.",
  phoneInvalid: "Numéro de téléphone invalide (ex. : 06 12 34 56 78 ou +33 6 12 34 56 78).",
  contactRequired: "Indiquez au moins un e-mail ou un téléphone pour joindre le propriétaire.",
  created: "Propriétaire enregistré",
  hasOwner: "Cette annonce a déjà un propriétaire",
  error: "Erreur lors de l'enregistrement du propriétaire",
} as const;

const name = z.string().trim().max(100, OWNER_TEXT.nameTooLong);

/**
 * A French number (10 digits starting with 0) or an international one (+ then 8 to 15 digits);
 * spaces, dots, dashes and brackets are dropped. Stored as typed digits, '+33' kept.
 */
const phone = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s.\-()]/g, ""))
  .refine((value) => /^0[1-9]\d{8}$/.test(value) || /^\+[1-9]\d{7,14}$/.test(value), OWNER_TEXT.phoneInvalid);

export const ownerSchema = z
  .object({
    intent: z.literal("create-owner"),
    firstName: name.optional(),
    lastName: z.string({ required_error: OWNER_TEXT.lastNameRequired }).trim().min(1, OWNER_TEXT.lastNameRequired).max(100, OWNER_TEXT.nameTooLong),
    email: emailField({ invalid: OWNER_TEXT.emailInvalid }).optional(),
    phone: phone.optional(),
  })
  .refine((owner) => owner.email !== undefined || owner.phone !== undefined, { message: OWNER_TEXT.contactRequired, path: ["email"] });

export type OwnerInput = { firstName?: string; lastName: string; email?: string; phone?: string };
