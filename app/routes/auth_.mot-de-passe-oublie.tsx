import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { AuthCard, FormAlert } from "~/components/account/auth-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { PASSWORD_RESET_LIMIT } from "~/config";
import { ACCOUNT_MSG, tooManyAttempts } from "~/messages";
import { resetRequestSchema } from "~/services/account/account-forms";
import { requestPasswordReset } from "~/services/account/password-reset.server";
import { parseForm, readForm, replyToVisitor } from "~/utils/form-data.server";
import { addressGroup } from "~/utils/client-address.server";
import { clientIp, hitRateLimit } from "~/utils/rate-limit.server";

/**
 * « Mot de passe oublié ? »: the same answer, in about the same time, whether the e-mail has an
 * account or not (requestPasswordReset waits for a floor), so the form tells nobody who is registered.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await readForm(request), { schema: resetRequestSchema });
  if (submission.status !== "success") return data({ sent: false, result: replyToVisitor(submission) }, { status: 400 });
  const { email } = submission.value;
  const { perIp, perIpAndEmail, windowMs } = PASSWORD_RESET_LIMIT;
  const requester = addressGroup(clientIp(request, context));
  // Counted for every address typed, registered or not: the limit reveals nothing either. Only
  // the requester's own address is limited; the account's mails are bounded by requestPasswordReset.
  for (const limit of [hitRateLimit(`reset:ip:${requester}`, perIp, windowMs), hitRateLimit(`reset:ip-email:${requester}:${email}`, perIpAndEmail, windowMs)]) {
    if (!limit.allowed) {
      return data(
        { sent: false, result: replyToVisitor(submission, { formErrors: [tooManyAttempts(limit.retryAfterSeconds)] }) },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
  }
  await requestPasswordReset(email);
  return { sent: true, result: submission.reply({ resetForm: true }) };
}

export default function ForgottenPasswordPage() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "password-reset-request",
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <AuthCard title="Mot de passe oublié" footer={{ to: "/auth", label: "Retour à la connexion" }} intro="Indiquez l'adresse email de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe.">
      {answer?.sent ? (
        <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {ACCOUNT_MSG.resetRequested}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <Field label="Email" autoComplete="email" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} />
        <FormAlert message={form.errors?.[0]} />
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Envoi..." : "Recevoir un lien"}
        </Button>
      </Form>
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Mot de passe oublié | Vigimmo" }];

export { GeneralErrorBoundary as ErrorBoundary };
