import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { showToast } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { AuthFrame, FormAlert } from "~/components/account/auth-card";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/field";
import { AUTH_MSG, tooManyAttempts } from "~/messages";
import { AuthError, authenticator } from "~/utils/auth.server";
import { authSchema, signInSchema, signUpSchema } from "~/utils/auth-forms";
import { getUser } from "~/utils/permissions.server";
import { clientIp, hitRateLimit, type RateLimitResult } from "~/utils/rate-limit.server";
import { addressGroup } from "~/utils/client-address.server";
import { knownDevice, rememberDevice } from "~/utils/sign-in-device.server";
import { recordSignInFailure, recordSignInSuccess, signInWaitSeconds } from "~/utils/sign-in-throttle.server";
import { createSession } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";
import { parseForm, readForm, replyToVisitor } from "~/utils/form-data.server";

const { signInRequired: SIGNIN_REQUIRED, signUpInvalid: SIGNUP_INVALID } = AUTH_MSG;

const SIGNUP_LIMIT = { perIp: 10, windowMs: 60 * 60 * 1000 };

const retryAfterOf = (result: RateLimitResult) => (result.allowed ? 0 : result.retryAfterSeconds);

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/dashboard");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request.clone());
  const submission = parseForm(formData, { schema: authSchema });
  const intent = formData.get("intent") === "signup" ? "signup" : "signin";
  if (submission.status !== "success") {
    return data(
      // Sign-in answers one line; sign-up SPEC's line only for a missing field or a short password,
      // a malformed e-mail or a missing name being said under their field. Nothing the visitor
      // typed is echoed back (replyToVisitor).
      { intent, error: intent === "signup" ? spec(Object.values(submission.error ?? {}).flat().filter((m) => m !== null))?.[0] : SIGNIN_REQUIRED, result: replyToVisitor(submission) },
      { status: 400 },
    );
  }
  const ip = clientIp(request, context);
  const email = submission.value.email.toLowerCase();
  const device = intent === "signin" ? await knownDevice(request, email) : null;
  const waitSeconds =
    intent === "signin"
      ? signInWaitSeconds(email, ip, Date.now(), device)
      : retryAfterOf(hitRateLimit(`signup:ip:${addressGroup(ip)}`, SIGNUP_LIMIT.perIp, SIGNUP_LIMIT.windowMs));
  if (waitSeconds > 0) {
    return data(
      { intent, error: tooManyAttempts(waitSeconds), result: replyToVisitor(submission) },
      { status: 429, headers: { "Retry-After": String(waitSeconds) } },
    );
  }
  try {
    const userId = await authenticator.authenticate(intent, request);
    if (intent === "signin") recordSignInSuccess(email, ip, device);
    const session = await createSession(userId, request);
    const headers = new Headers({ Location: "/dashboard" });
    headers.append("Set-Cookie", session.setCookie);
    headers.append("Set-Cookie", await rememberDevice(request, email));
    headers.append(
      "Set-Cookie",
      await toastHeader({ type: "success", message: intent === "signup" ? "Compte créé avec succès !" : "Connexion réussie !" }),
    );
    return new Response(null, { status: 302, headers });
  } catch (error) {
    if (intent === "signin" && error instanceof AuthError && error.message === AUTH_MSG.invalidCredentials)
      recordSignInFailure(email, ip, Date.now(), device);
    const message =
      error instanceof AuthError
        ? error.message
        : intent === "signup"
          ? `Erreur lors de la création du compte: ${(error as Error).message}`
          : `Erreur de connexion: ${(error as Error).message}`;
    return data({ intent, error: message, result: replyToVisitor(submission) }, { status: 400 });
  }
}

function SignInForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "signin",
    lastResult: actionData?.intent === "signin" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="signin" />
      <Field label="Email" autoComplete="email" {...getInputProps(fields.email, { type: "email" })} />
      <Field label="Mot de passe" autoComplete="current-password" {...getInputProps(fields.password, { type: "password" })} />
      <FormError formErrors={form.errors ?? fields.email.errors ?? fields.password.errors} fallback={actionData?.intent === "signin" ? actionData.error : undefined} />
      <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
        {navigation.state === "submitting" ? "Connexion..." : "Se connecter"}
      </Button>
      <p className="text-center text-sm">
        <Link to="/auth/mot-de-passe-oublie" className="font-medium text-brand-700 underline">
          Mot de passe oublié ?
        </Link>
      </p>
    </Form>
  );
}

function SignUpForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "signup",
    lastResult: actionData?.intent === "signup" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="signup" />
      <Field label="Nom complet" autoComplete="name" required {...getInputProps(fields.fullName, { type: "text" })} errors={fields.fullName.errors} />
      <Field label="Entreprise (optionnel)" autoComplete="organization" {...getInputProps(fields.companyName, { type: "text" })} />
      <Field label="Email" autoComplete="email" {...getInputProps(fields.email, { type: "email" })} errors={fieldOnly(fields.email.errors)} />
      <Field label="Mot de passe" hint="Minimum 6 caractères" autoComplete="new-password" {...getInputProps(fields.password, { type: "password" })} />
      <FormError formErrors={spec(fields.email.errors) ?? spec(fields.password.errors)} fallback={actionData?.intent === "signup" ? actionData.error : undefined} />
      <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
        {navigation.state === "submitting" ? "Création..." : "Créer mon compte"}
      </Button>
    </Form>
  );
}

/** SPEC's sign-up line ("Veuillez remplir tous les champs…") is shown above the button; a field's own message under the field. */
function spec(errors?: string[]) {
  return errors?.includes(SIGNUP_INVALID) ? [SIGNUP_INVALID] : undefined;
}
const fieldOnly = (errors?: string[]) => errors?.filter((message) => message !== SIGNUP_INVALID);

/** One French message above the button: the client-side check or the server's answer. */
function FormError({ formErrors, fallback }: { formErrors?: string[]; fallback?: string }) {
  const message = formErrors?.[0] ?? fallback;
  useEffect(() => {
    if (fallback) showToast({ type: "error", message: fallback });
  }, [fallback]);
  return <FormAlert message={message} />;
}

export default function AuthPage() {
  const actionData = useActionData<typeof action>();
  const [tab, setTab] = useState<"signin" | "signup">(actionData?.intent ?? "signin");
  return (
    <AuthFrame tagline="La plateforme immobilière intelligente">
          <div role="tablist" aria-label="Connexion ou inscription" className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
            {(["signin", "signup"] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={tab === value}
                aria-controls={`panel-${value}`}
                id={`tab-${value}`}
                onClick={() => setTab(value)}
                className={cn("rounded-md px-3 py-2 text-sm font-medium", tab === value ? "bg-white text-slate-900 shadow" : "text-slate-700")}
              >
                {value === "signin" ? "Connexion" : "Inscription"}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === "signin" ? <SignInForm /> : <SignUpForm />}
          </div>
    </AuthFrame>
  );
}

// Remix puts an action's headers (other than Set-Cookie) on the page, and on the single-fetch
// answer of /auth.data, only through this export: without it the 429 lost its Retry-After.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const forwarded = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) forwarded.set("Retry-After", retryAfter);
  return forwarded;
};

export const meta: MetaFunction = () => [{ title: "Connexion | Vigimmo" }];

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
