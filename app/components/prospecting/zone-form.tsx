import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { PROPERTY_TYPE_LABELS } from "~/services/listings/listing-input";
import { ZONE_CATEGORIES } from "~/services/prospecting/criteria";
import { FREQUENCY_OPTIONS, TRANSACTION_LABELS, zoneFormSchema, type ZoneFormValues } from "~/services/prospecting/zone-form";
import type { Toast } from "~/utils/toast";
import { useToast } from "../toasts";
import { Button } from "../ui/button";
import { Field, SelectField } from "../ui/field";
import { CommunePicker } from "./commune-picker";

export type ZoneFormAnswer = { ok: boolean; toast?: Toast; result?: SubmissionResult<string[]> };

/** Creation and edition of a zone: the same fields, checked by the same schema as the server's. */
export function ZoneForm({ zoneId, defaults, submitLabel, onSaved }: { zoneId?: string; defaults: ZoneFormValues; submitLabel: string; onSaved?: () => void }) {
  // No fetcher key: the page remounts the form after a save, which must start empty.
  const fetcher = useFetcher<ZoneFormAnswer>();
  useToast(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: zoneId ? `zone-form-${zoneId}` : "zone-form-new",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: zoneFormSchema }),
    shouldValidate: "onSubmit",
    // A corrected field loses its error as soon as it is right again (issue 24 item 11).
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onSaved?.();
  }, [fetcher.state, fetcher.data, onSaved]);
  const amount = (name: "priceMin" | "priceMax" | "surfaceMin" | "surfaceMax", label: string) => (
    <Field
      {...getInputProps(fields[name], { type: "text" })}
      key={fields[name].key}
      label={label}
      inputMode="numeric"
      defaultValue={defaults[name] ?? ""}
      errors={fields[name].errors}
    />
  );
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={zoneId ? "update" : "create"} />
      {zoneId ? <input type="hidden" name="zoneId" value={zoneId} /> : null}
      <Field {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} label="Nom de la zone" defaultValue={defaults.name} errors={fields.name.errors} />
      <div className="grid gap-4 md:grid-cols-2">
        <CommunePicker key={fields.communes.key} defaultValue={defaults.communes} errors={fields.communes.errors} />
        <Field
          {...getInputProps(fields.departments, { type: "text" })}
          key={fields.departments.key}
          label="Départements"
          hint="Codes séparés par des virgules, ex. 69, 01"
          defaultValue={defaults.departments}
          errors={fields.departments.errors}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField name={fields.transaction.name} label="Transaction" defaultValue={defaults.transaction}>
          {Object.entries(TRANSACTION_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField name={fields.frequency.name} label="Fréquence" defaultValue={defaults.frequency}>
          {FREQUENCY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Types de biens</legend>
        <p className="text-xs text-slate-600">Aucun coché : tous les types.</p>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {ZONE_CATEGORIES.map((category) => (
            <label key={category} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name={fields.categories.name} value={category} defaultChecked={defaults.categories.includes(category)} />
              {PROPERTY_TYPE_LABELS[category]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {amount("priceMin", "Prix minimum (€)")}
        {amount("priceMax", "Prix maximum (€)")}
        {amount("surfaceMin", "Surface minimum (m²)")}
        {amount("surfaceMax", "Surface maximum (m²)")}
      </div>
      <Field
        {...getInputProps(fields.keywords, { type: "text" })}
        key={fields.keywords.key}
        label="Mots-clés (facultatif)"
        hint="Séparés par des virgules ; l'annonce doit tous les contenir"
        defaultValue={defaults.keywords}
        errors={fields.keywords.errors}
      />
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" name={fields.autoModeration.name} className="mt-0.5" defaultChecked={defaults.autoModeration} />
        <span>
          Auto-modération
          <span className="block text-xs text-slate-600">Passe à la modération IA les annonces que chaque recherche apporte.</span>
        </span>
      </label>
      {zoneId ? null : (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" name={fields.runNow.name} className="mt-0.5" defaultChecked />
          <span>
            Lancer la recherche dès la création
            <span className="block text-xs text-slate-600">Décochez pour attendre la première échéance de la fréquence choisie.</span>
          </span>
        </label>
      )}
      {form.errors?.length ? (
        <p role="alert" className="text-sm text-red-700">
          {form.errors.join(" ")}
        </p>
      ) : null}
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Enregistrement..." : submitLabel}
      </Button>
    </fetcher.Form>
  );
}
