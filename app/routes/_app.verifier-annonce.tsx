import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { ComplianceFindings } from "~/components/compliance/compliance-findings";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { checkAd } from "~/services/compliance/check-ad.server";
import { CHECK_FORM_CATEGORIES, checkFormSchema, checkFormToAd } from "~/services/compliance/check-form";
import { COMPLIANCE_LABELS, COMPLIANCE_TONES } from "~/services/compliance/compliance-texts";
import { lawDay } from "~/services/compliance/references";
import { readForm } from "~/utils/form-data.server";
import { requireUser } from "~/utils/permissions.server";

const GRADES = ["A", "B", "C", "D", "E", "F", "G"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

/** Checks the pasted ad against the rules of docs/conformite.md; nothing is stored. */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: checkFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), verdict: null }, { status: 400 });
  const day = submission.value.date ?? lawDay(new Date());
  const verdict = checkAd(checkFormToAd(submission.value), day);
  return { result: submission.reply(), verdict: { ...verdict, day } };
}

function CheckAdForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "check-ad",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { type: "rental", category: "flat", publisherType: "unknown", furnished: "unknown" },
  });
  const checking = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Transaction" errors={fields.type.errors} {...getSelectProps(fields.type)}>
          <option value="rental">Location</option>
          <option value="sale">Vente</option>
        </SelectField>
        <SelectField label="Type de bien" errors={fields.category.errors} {...getSelectProps(fields.category)}>
          {CHECK_FORM_CATEGORIES.map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Annonceur"
          hint="Les mentions d'honoraires ne sont exigées que d'un professionnel."
          errors={fields.publisherType.errors}
          {...getSelectProps(fields.publisherType)}
        >
          <option value="unknown">Non précisé</option>
          <option value="professional">Professionnel</option>
          <option value="private">Particulier</option>
        </SelectField>
      </div>
      <Field label="Titre" errors={fields.title.errors} {...getInputProps(fields.title, { type: "text" })} aria-required="true" />
      <TextareaField
        label="Texte de l'annonce"
        rows={8}
        hint="Collez le texte tel qu'il sera publié : loyer, charges, dépôt de garantie, honoraires, DPE, Géorisques…"
        errors={fields.description.errors}
        {...getTextareaProps(fields.description)}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Loyer hors charges ou prix (€)"
          inputMode="decimal"
          errors={fields.price.errors}
          {...getInputProps(fields.price, { type: "text" })}
        />
        <Field label="Charges mensuelles (€)" inputMode="decimal" errors={fields.charges.errors} {...getInputProps(fields.charges, { type: "text" })} />
        <Field label="Surface habitable (m²)" inputMode="decimal" errors={fields.surface.errors} {...getInputProps(fields.surface, { type: "text" })} />
        <SelectField label="Classe énergie (DPE)" errors={fields.energyGrade.errors} {...getSelectProps(fields.energyGrade)}>
          <option value="">Non renseignée</option>
          {GRADES.map((grade) => (
            <option key={grade} value={grade}>
              {grade}
            </option>
          ))}
        </SelectField>
        <SelectField label="Classe climat (GES)" errors={fields.gesGrade.errors} {...getSelectProps(fields.gesGrade)}>
          <option value="">Non renseignée</option>
          {GRADES.map((grade) => (
            <option key={grade} value={grade}>
              {grade}
            </option>
          ))}
        </SelectField>
        <SelectField label="Meublé" errors={fields.furnished.errors} {...getSelectProps(fields.furnished)}>
          <option value="unknown">Non précisé</option>
          <option value="yes">Oui</option>
          <option value="no">Non</option>
        </SelectField>
        <Field label="Ville" autoComplete="address-level2" errors={fields.city.errors} {...getInputProps(fields.city, { type: "text" })} />
        <Field label="Code postal" inputMode="numeric" autoComplete="postal-code" errors={fields.postalCode.errors} {...getInputProps(fields.postalCode, { type: "text" })} />
        <Field
          label="Date de vérification"
          hint="Les règles datées (DPE, encadrement) s'appliquent à ce jour."
          errors={fields.date.errors}
          {...getInputProps(fields.date, { type: "date" })}
        />
      </div>
      <Button type="submit" disabled={checking}>
        {checking ? "Vérification..." : "Vérifier l'annonce"}
      </Button>
    </Form>
  );
}

function VerdictCard() {
  const actionData = useActionData<typeof action>();
  const verdict = actionData?.verdict;
  if (!verdict) return null;
  const [year, month, day] = verdict.day.split("-");
  return (
    <Card>
      <CardHeader
        title="Verdict"
        description={`Règles en vigueur le ${day}/${month}/${year}. Rien n'est enregistré.`}
        actions={<Badge tone={COMPLIANCE_TONES[verdict.status]}>{COMPLIANCE_LABELS[verdict.status]}</Badge>}
      />
      <CardBody>
        <p className="mb-4 text-sm text-slate-800" role="status">
          {`Verdict : ${COMPLIANCE_LABELS[verdict.status]}`}
          {verdict.findings.length ? ` (${verdict.findings.length} constat${verdict.findings.length > 1 ? "s" : ""})` : " : aucun manquement relevé."}
        </p>
        {verdict.findings.length ? <ComplianceFindings findings={verdict.findings} /> : null}
      </CardBody>
    </Card>
  );
}

export default function CheckAdPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Vérifier une annonce"
        subtitle="Collez une annonce avant de la publier : le vérificateur de conformité donne son verdict et ses constats, sans rien enregistrer."
      />
      <VerdictCard />
      <Card>
        <CardHeader title="L'annonce" description="Seuls le titre, la transaction et le type de bien sont obligatoires." />
        <CardBody>
          <CheckAdForm />
        </CardBody>
      </Card>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Vérifier une annonce | Vigimmo" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
