import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "~/config";
import { AUTH_MSG } from "~/messages";
import { emailField, passwordField } from "./field-schemas";

/**
 * The sign-in and sign-up forms of /auth, defined once: conform checks them in the browser, the
 * action parses them, and the remix-auth strategies (auth.server.ts) read the same values.
 */
const { signInRequired, signUpInvalid, invalidCredentials, emailInvalid } = AUTH_MSG;

export const signInSchema = z.object({
  intent: z.literal("signin"),
  // A malformed address is answered like an unknown one.
  email: emailField({ required: signInRequired, invalid: invalidCredentials }),
  password: passwordField({ required: signInRequired }),
});

export const signUpSchema = z.object({
  intent: z.literal("signup"),
  fullName: z.string({ required_error: "Le nom complet est requis" }).trim().min(1, "Le nom complet est requis").max(200),
  companyName: z.string().trim().max(200).optional(),
  email: emailField({ required: signUpInvalid, invalid: emailInvalid }),
  password: passwordField({ required: signUpInvalid, tooShort: signUpInvalid }, PASSWORD_MIN_LENGTH),
});

export const authSchema = z.discriminatedUnion("intent", [signInSchema, signUpSchema]);
