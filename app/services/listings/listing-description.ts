import { z } from "zod";
import { DESCRIPTION_MAX_LENGTH, DESCRIPTION_MIN_LENGTH } from "~/config";

export const DESCRIPTION_TOO_SHORT = `La description doit contenir au moins ${DESCRIPTION_MIN_LENGTH} caractères`;
export const DESCRIPTION_TOO_LONG = `La description ne peut pas dépasser ${DESCRIPTION_MAX_LENGTH} caractères`;

/** Description edit (SPEC.md section 5): trimmed, 10 to 5000 characters. Shared by the form and the action. */
export const descriptionSchema = z.object({
  intent: z.literal("update-description"),
  // conform turns an empty field into undefined: that is a too-short description too.
  description: z
    .string({ required_error: DESCRIPTION_TOO_SHORT })
    .trim()
    .min(DESCRIPTION_MIN_LENGTH, DESCRIPTION_TOO_SHORT)
    .max(DESCRIPTION_MAX_LENGTH, DESCRIPTION_TOO_LONG),
});
