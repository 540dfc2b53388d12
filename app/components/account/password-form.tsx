import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { passwordChangeSchema } from "~/services/account/account-forms";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { useAccountForm } from "./use-account-form";

export function PasswordForm() {
  const { form, fields, submitting } = useAccountForm("password", passwordChangeSchema);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="password" />
      <Field label="Mot de passe actuel" autoComplete="current-password" errors={fields.currentPassword.errors} {...getInputProps(fields.currentPassword, { type: "password" })} />
      <Field label="Nouveau mot de passe" hint="Minimum 6 caractères" autoComplete="new-password" errors={fields.newPassword.errors} {...getInputProps(fields.newPassword, { type: "password" })} />
      <Field label="Confirmer le nouveau mot de passe" autoComplete="new-password" errors={fields.confirmPassword.errors} {...getInputProps(fields.confirmPassword, { type: "password" })} />
      <Button type="submit" disabled={submitting}>
        {submitting ? "Modification..." : "Changer le mot de passe"}
      </Button>
    </Form>
  );
}
