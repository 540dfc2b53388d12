import type { SubmissionResult } from "@conform-to/react";
import type { AccountDeletionJobView } from "./account-deletion-view";
import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "~/config";
import { ACCOUNT_MSG } from "~/messages";
import { emailField, passwordField } from "~/utils/field-schemas";
import type { Toast } from "~/utils/toast";

/**
 * The forms of /compte and of the forgotten-password screens, defined once (client-safe):
 * conform checks them in the browser with the same French messages the actions answer.
 */

const newPassword = passwordField({ required: ACCOUNT_MSG.newPasswordTooShort, tooShort: ACCOUNT_MSG.newPasswordTooShort }, PASSWORD_MIN_LENGTH);

/** The new password typed twice: a typo would lock the user out. */
function withConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, newPassword, confirmPassword: z.string({ required_error: ACCOUNT_MSG.passwordsDiffer }) })
    .refine((value) => value.newPassword === value.confirmPassword, { message: ACCOUNT_MSG.passwordsDiffer, path: ["confirmPassword"] });
}

export const profileSchema = z.object({
  intent: z.literal("profile"),
  fullName: z.string({ required_error: ACCOUNT_MSG.fullNameRequired }).trim().min(1, ACCOUNT_MSG.fullNameRequired).max(200, "Le nom complet ne peut pas dépasser 200 caractères"),
  companyName: z.string().trim().max(200, "Le nom de l'entreprise ne peut pas dépasser 200 caractères").optional(),
});

export const passwordChangeSchema = withConfirmation({
  intent: z.literal("password"),
  currentPassword: passwordField({ required: ACCOUNT_MSG.passwordRequired }),
}).refine((value) => value.newPassword !== value.currentPassword, { message: ACCOUNT_MSG.samePassword, path: ["newPassword"] });

export const sessionSignOutSchema = z.object({
  intent: z.literal("sign-out-session"),
  session: z.string({ required_error: ACCOUNT_MSG.sessionNotFound }).min(1, ACCOUNT_MSG.sessionNotFound).max(100, ACCOUNT_MSG.sessionNotFound),
});

export const otherSessionsSignOutSchema = z.object({ intent: z.literal("sign-out-others") });

export const accountDeletionSchema = z.object({
  intent: z.literal("delete-account"),
  password: passwordField({ required: ACCOUNT_MSG.passwordRequired }),
});

export const resetRequestSchema = z.object({
  email: emailField({ required: ACCOUNT_MSG.resetEmailInvalid, invalid: ACCOUNT_MSG.resetEmailInvalid }),
});

export const resetPasswordSchema = withConfirmation({});

/** What the /compte action answers each form (client-safe, so the forms need not import the route). */
export type AccountIntent = "profile" | "password" | "sign-out-session" | "sign-out-others" | "delete-account";
/** The action's answer; `deletion` is the account's deletion job once started (issue 30). */
export type AccountAnswer = { intent: AccountIntent; ok: boolean; toast?: Toast; result?: SubmissionResult<string[]>; deletion?: AccountDeletionJobView };

/**
 * After « Supprimer mon compte » started: the session goes with the account as soon as the job
 * ends, so the signed-in layouts do not re-read their data (they would bounce to /auth before the
 * card can say the account is gone); the card follows the job instead.
 */
export function accountDeletionStarted({ formData, actionResult }: { formData?: FormData; actionResult?: unknown }): boolean {
  return formData?.get("intent") === "delete-account" && (actionResult as AccountAnswer | undefined)?.deletion !== undefined;
}
