import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, FormAlert } from "~/components/account/auth-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ACCOUNT_MSG } from "~/messages";
import { resetPasswordSchema } from "~/services/account/account-forms";
import { isResetTokenValid, resetPassword } from "~/services/account/password-reset.server";
import { parseForm, readForm, replyToVisitor } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const valid = isResetTokenValid(params.token ?? "");
  return data({ valid }, { status: valid ? 200 : 410 });
}

/** Sets the new password (the link is spent, every session of the account is signed out). */
export async function action({ request, params }: ActionFunctionArgs) {
  const submission = parseForm(await readForm(request), { schema: resetPasswordSchema });
  if (submission.status !== "success") return data({ result: replyToVisitor(submission) }, { status: 400 });
  if (!(await resetPassword(params.token ?? "", submission.value.newPassword))) {
    return data({ result: replyToVisitor(submission, { formErrors: [ACCOUNT_MSG.resetLinkInvalid] }) }, { status: 410 });
  }
  return redirectWithToast("/auth", { type: "success", message: ACCOUNT_MSG.passwordReset });
}

export default function ResetPasswordPage() {
  const { valid } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "password-reset",
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard title="Nouveau mot de passe" footer={{ to: "/auth/mot-de-passe-oublie", label: "Demander un nouveau lien" }}>
      {valid ? (
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <Field label="Nouveau mot de passe" hint="Minimum 6 caractères" autoComplete="new-password" errors={fields.newPassword.errors} {...getInputProps(fields.newPassword, { type: "password" })} />
          <Field label="Confirmer le nouveau mot de passe" autoComplete="new-password" errors={fields.confirmPassword.errors} {...getInputProps(fields.confirmPassword, { type: "password" })} />
          <FormAlert message={form.errors?.[0]} />
          <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Enregistrement..." : "Enregistrer le mot de passe"}
          </Button>
        </Form>
      ) : (
        <FormAlert message={ACCOUNT_MSG.resetLinkInvalid} />
      )}
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Nouveau mot de passe | Vigimmo" }];

export { GeneralErrorBoundary as ErrorBoundary };
