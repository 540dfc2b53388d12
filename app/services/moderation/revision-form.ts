import { z } from "zod";

/**
 * The forms that take a decision back from the listing's page or a /properties card (issue 24
 * item 5, issue 25 §4). Plain module: the dialogs validate with the same schemas before posting.
 */
export const REPORT_REASON_MAX = 500;

export const REVISION_TEXT = {
  reasonRequired: "Indiquez pourquoi cette annonce est une arnaque.",
  reasonTooShort: "Le motif doit contenir au moins 5 caractères.",
  reasonTooLong: `Le motif ne peut pas dépasser ${REPORT_REASON_MAX} caractères.`,
  reported: "Annonce signalée comme arnaque : elle est blacklistée et retirée de l'export.",
  restored: "Décision corrigée : l'annonce est de nouveau active et exportée.",
  notRevisable: "Le statut de cette annonce a changé entre-temps : rechargez la page.",
  reportError: "Erreur lors du signalement",
  restoreError: "Erreur lors de la correction",
} as const;

const reason = z
  .string({ required_error: REVISION_TEXT.reasonRequired })
  .trim()
  .min(1, REVISION_TEXT.reasonRequired)
  // Piped: a blank reason gets one message, not "required" and "too short" together.
  .pipe(z.string().min(5, REVISION_TEXT.reasonTooShort).max(REPORT_REASON_MAX, REVISION_TEXT.reasonTooLong));

/** `intent=report` with `reason` (a stable interface: SPEC.md, third round). */
export const reportSchema = z.object({ intent: z.literal("report"), reason });

/** `intent=restore`, the reason optional. */
export const restoreSchema = z.object({
  intent: z.literal("restore"),
  reason: z.string().trim().max(REPORT_REASON_MAX, REVISION_TEXT.reasonTooLong).optional(),
});
