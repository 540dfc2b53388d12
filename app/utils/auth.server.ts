import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
import { EMAIL_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/config";
import { AUTH_MSG } from "~/messages";
import {
  createUser,
  EmailTakenError,
  findUserForSignIn,
} from "~/services/users.server";
import { decoyPasswordHash, verifyPassword } from "./crypto.server";

/** Thrown by the strategies with the French message the form shows. */
export class AuthError extends Error {}

const { signInRequired: SIGNIN_REQUIRED, signUpInvalid: SIGNUP_INVALID, invalidCredentials: INVALID_CREDENTIALS, emailTaken: EMAIL_TAKEN } = AUTH_MSG;

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const signInSchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH),
  password: z.string().min(1).max(1024),
});

const signUpSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(EMAIL_MAX_LENGTH).email(),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(1024),
  fullName: z.string().trim().min(1).max(200),
  companyName: z.string().trim().max(200).optional(),
});

export const authenticator = new Authenticator<string>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = signInSchema.safeParse({ email: field(form, "email"), password: field(form, "password") });
    if (!parsed.success) throw new AuthError(SIGNIN_REQUIRED);
    const user = findUserForSignIn(parsed.data.email);
    // Same work and same answer for an unknown e-mail and a wrong password (DECISIONS.md item 11).
    const valid = await verifyPassword(parsed.data.password, user?.hash ?? (await decoyPasswordHash()));
    if (!user || !valid) throw new AuthError(INVALID_CREDENTIALS);
    return user.id;
  }),
  "signin",
);

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = signUpSchema.safeParse({
      email: field(form, "email"),
      password: field(form, "password"),
      fullName: field(form, "fullName"),
      companyName: field(form, "companyName") || undefined,
    });
    if (!parsed.success) {
      const badEmail = parsed.error.issues.some((i) => i.path[0] === "email" && i.code === "invalid_string");
      throw new AuthError(
        badEmail ? "Erreur lors de la création du compte: adresse email invalide" : SIGNUP_INVALID,
      );
    }
    try {
      return await createUser(parsed.data);
    } catch (error) {
      if (error instanceof EmailTakenError) throw new AuthError(EMAIL_TAKEN);
      throw new AuthError(`Erreur lors de la création du compte: ${(error as Error).message}`);
    }
  }),
  "signup",
);
