import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
import { AUTH_MSG } from "~/messages";
import {
  createUser,
  EmailTakenError,
  findUserForSignIn,
} from "~/services/users/users.server";
import { signInSchema, signUpSchema } from "./auth-forms";
import { decoyPasswordHash, verifyPassword } from "./crypto.server";

/** Thrown by the strategies with the French message the form shows. */
export class AuthError extends Error {}

const { signInRequired: SIGNIN_REQUIRED, signUpInvalid: SIGNUP_INVALID, invalidCredentials: INVALID_CREDENTIALS, emailTaken: EMAIL_TAKEN } = AUTH_MSG;

/** The first French message of a refused form, else the form's general one. */
const firstMessage = (error: z.ZodError, fallback: string) => error.issues[0]?.message ?? fallback;

export const authenticator = new Authenticator<string>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = signInSchema.safeParse({ ...Object.fromEntries(form), intent: "signin" });
    if (!parsed.success) throw new AuthError(firstMessage(parsed.error, SIGNIN_REQUIRED));
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
    const values = Object.fromEntries(form);
    const parsed = signUpSchema.safeParse({ ...values, intent: "signup", companyName: values.companyName || undefined });
    if (!parsed.success) throw new AuthError(firstMessage(parsed.error, SIGNUP_INVALID));
    try {
      const { email, password, fullName, companyName } = parsed.data;
      return await createUser({ email, password, fullName, companyName });
    } catch (error) {
      if (error instanceof EmailTakenError) throw new AuthError(EMAIL_TAKEN);
      throw new AuthError(`Erreur lors de la création du compte: ${(error as Error).message}`);
    }
  }),
  "signup",
);
