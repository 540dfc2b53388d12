import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { ACCOUNT_MSG } from "~/messages";
import { accountDeletionSchema } from "~/services/account/account-forms";
import type { AccountDeletionJobView } from "~/services/account/account-deletion-view";
import { isOpenJob } from "~/services/jobs/job-view";
import { formatNumber } from "~/utils/format";
import { JobProgress } from "../jobs/job-progress";
import { useJob } from "../jobs/use-job";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Dialog } from "../ui/dialog";
import { Field } from "../ui/field";
import { useAccountForm } from "./use-account-form";

/**
 * « Supprimer mon compte »: the password confirms it, in a dialog; the last administrator cannot.
 * The deletion then runs as a job (issue 30) whose progress the card shows.
 */
export function DeleteAccountCard({ lastAdmin, running }: { lastAdmin: boolean; running: AccountDeletionJobView | null }) {
  const [open, setOpen] = useState(false);
  const { form, fields, submitting, answer } = useAccountForm("delete-account", accountDeletionSchema);
  const started = answer?.deletion ?? running;
  if (started) return <DeletionProgress started={started} />;
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

/**
 * The deletion's progress. The session that follows it goes with the account: a poll answered
 * "not signed in" (or a completed job) means the account is gone; the last button then clears
 * the cookie on the way to /auth.
 */
function DeletionProgress({ started }: { started: AccountDeletionJobView }) {
  const { job, error } = useJob<AccountDeletionJobView>(started.id, { initialJob: started });
  const shown = job ?? started;
  const gone = shown.status === "completed" || (error !== null && shown.status !== "failed");
  return (
    <Card className="border-red-200">
      <CardHeader title="Suppression du compte" description="Vos annonces sont effacées par lots, puis le compte lui-même." />
      <CardBody className="space-y-3">
        {gone ? (
          <>
            <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
              {ACCOUNT_MSG.accountDeleted}
            </p>
            <Form method="post" action="/logout">
              <Button type="submit">Terminer</Button>
            </Form>
          </>
        ) : (
          <JobProgress
            job={shown}
            label="Suppression du compte"
            status={isOpenJob(shown) ? `${formatNumber(shown.deletedListings)} / ${formatNumber(shown.listings)} annonces effacées` : null}
          />
        )}
      </CardBody>
    </Card>
  );
}
