import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { ACCOUNT_MSG } from "~/messages";
import { accountDeletionSchema } from "~/services/account/account-forms";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Dialog } from "../ui/dialog";
import { Field } from "../ui/field";
import { useAccountForm } from "./use-account-form";

/** « Supprimer mon compte »: the password confirms it, in a dialog; the last administrator cannot. */
export function DeleteAccountCard({ lastAdmin }: { lastAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const { form, fields, submitting } = useAccountForm("delete-account", accountDeletionSchema);
  return (
    <Card className="border-red-200">
      <CardHeader
        title="Supprimer mon compte"
        description="Vos annonces et leurs propriétaires, vos connexions API, vos clés, vos demandes et vos sessions sont effacés définitivement. L'historique des appels à l'API d'export est conservé sans lien avec vous."
      />
      <CardBody className="space-y-3">
        {lastAdmin ? <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{ACCOUNT_MSG.lastAdmin}</p> : null}
        <Button variant="danger" onClick={() => setOpen(true)} disabled={lastAdmin}>
          Supprimer mon compte
        </Button>
      </CardBody>
      <Dialog open={open} onClose={() => setOpen(false)} title="Supprimer définitivement votre compte ?" description="Cette action est irréversible. Saisissez votre mot de passe pour confirmer.">
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value="delete-account" />
          <Field label="Mot de passe" autoComplete="current-password" errors={fields.password.errors} {...getInputProps(fields.password, { type: "password" })} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button type="submit" variant="danger" disabled={submitting}>
              {submitting ? "Suppression..." : "Supprimer définitivement"}
            </Button>
          </div>
        </Form>
      </Dialog>
    </Card>
  );
}
