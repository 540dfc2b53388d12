import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useToast } from "~/components/toasts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { ownerSchema } from "~/services/listings/owner-form";
import type { ListingOwner } from "~/services/listings/listings.server";
import type { Toast } from "~/utils/toast";

type Answer = { ok: boolean; toast?: Toast; result?: SubmissionResult<string[]> };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-all font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** The real owner's form (issue 24 item 3): name, e-mail and phone, checked like the server does. */
function OwnerForm({ onCancel }: { onCancel: () => void }) {
  const fetcher = useFetcher<Answer>();
  useToast(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: "owner-form",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ownerSchema }),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="create-owner" />
      <Field {...getInputProps(fields.firstName, { type: "text", ariaAttributes: false })} label="Prénom" autoComplete="off" errors={fields.firstName.errors} />
      <Field {...getInputProps(fields.lastName, { type: "text", ariaAttributes: false })} label="Nom" autoComplete="off" errors={fields.lastName.errors} />
      <Field {...getInputProps(fields.email, { type: "email", ariaAttributes: false })} label="E-mail" autoComplete="off" errors={fields.email.errors} />
      <Field
        {...getInputProps(fields.phone, { type: "tel", ariaAttributes: false })}
        label="Téléphone"
        autoComplete="off"
        hint="Un e-mail ou un téléphone au moins."
        errors={fields.phone.errors}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Enregistrement..." : "Enregistrer le propriétaire"}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Annuler
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** The owner card; without an owner, 'Créer propriétaire' opens the form for the real one. */
export function OwnerCard({ owner, canCreate = true }: { owner: ListingOwner | null; canCreate?: boolean }) {
  const [editing, setEditing] = useState(false);
  const name = owner ? [owner.firstName, owner.lastName].filter(Boolean).join(" ") : "";
  return (
    <Card>
      <CardHeader title="Propriétaire" />
      <CardBody>
        {owner ? (
          <div className="space-y-3 text-sm">
            {owner.fictitious ? (
              <p className="flex flex-wrap items-center gap-2 text-slate-700">
                <Badge tone="amber">Fictif</Badge> {"Créé par les outils de test : il ne quitte jamais l'application."}
              </p>
            ) : null}
            <dl className="space-y-2">
              <Fact label="Nom">{name || "Non renseigné"}</Fact>
              <Fact label="Email">
                {owner.email ? (
                  <a href={`mailto:${owner.email}`} className="text-brand-700 underline">
                    {owner.email}
                  </a>
                ) : (
                  "Non renseigné"
                )}
              </Fact>
              {owner.phone ? (
                <Fact label="Téléphone">
                  <a href={`tel:${owner.phone}`} className="text-brand-700 underline">
                    {owner.phone}
                  </a>
                </Fact>
              ) : null}
            </dl>
          </div>
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-slate-600">Aucun propriétaire associé à cette annonce.</p>
            {canCreate && editing ? <OwnerForm onCancel={() => setEditing(false)} /> : null}
            {canCreate && !editing ? (
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                Créer propriétaire
              </Button>
            ) : null}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
