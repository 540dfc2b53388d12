import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { profileSchema } from "~/services/account/account-forms";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { useAccountForm } from "./use-account-form";

export function ProfileForm({ profile }: { profile: { fullName: string; companyName: string | null } }) {
  const { form, fields, submitting } = useAccountForm("profile", profileSchema, { fullName: profile.fullName, companyName: profile.companyName ?? "" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="profile" />
      <Field label="Nom complet" autoComplete="name" errors={fields.fullName.errors} {...getInputProps(fields.fullName, { type: "text" })} aria-required="true" />
      <Field label="Entreprise (optionnel)" autoComplete="organization" errors={fields.companyName.errors} {...getInputProps(fields.companyName, { type: "text" })} />
      <Button type="submit" disabled={submitting}>
        {submitting ? "Enregistrement..." : "Enregistrer le profil"}
      </Button>
    </Form>
  );
}
