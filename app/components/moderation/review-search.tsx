import { Form, useSubmit } from "@remix-run/react";
import { REVIEW_FILTERS, type ReviewFilter } from "~/services/moderation/moderation-texts";
import { Button } from "../ui/button";
import { Field, SelectField } from "../ui/field";

/**
 * Search (reason, title, city) and the AI-note filter of /moderation: a GET form, so the URL
 * holds the view and it works without JavaScript; the filter applies as soon as it changes.
 */
export function ReviewSearch({ q, filter }: { q: string; filter: ReviewFilter }) {
  const submit = useSubmit();
  return (
    <Form method="get" role="search" className="grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end" key={`${q}|${filter}`}>
      <Field
        label="Rechercher"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={200}
        placeholder="Raison, titre ou ville..."
      />
      <SelectField
        label="Filtre"
        name="filter"
        defaultValue={filter}
        onChange={(event) => submit(event.currentTarget.form, { replace: true })}
      >
        {REVIEW_FILTERS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="secondary">
        Rechercher
      </Button>
    </Form>
  );
}
