import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { showToast, useToast } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/field";
import { DESCRIPTION_MAX_LENGTH } from "~/config";
import { descriptionSchema } from "~/services/listings/listing-description";
import type { ToastAnswer } from "~/utils/toast";


/** The description, edited in place through a fetcher (the page stays where it is). */
export function DescriptionEditor({ description, editable = true }: { description: string | null; editable?: boolean }) {
  const fetcher = useFetcher<ToastAnswer>();
  const [editing, setEditing] = useState(false);
  const [length, setLength] = useState(description?.length ?? 0);
  useToast(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: "description-form",
    shouldValidate: "onSubmit",
    onValidate({ formData }) {
      const submission = parseWithZod(formData, { schema: descriptionSchema });
      // SPEC.md: the first message is shown as an error toast.
      const first = submission.status === "error" ? Object.values(submission.error ?? {}).flat()[0] : undefined;
      if (first) showToast({ type: "error", message: first });
      return submission;
    },
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setEditing(false);
  }, [fetcher.state, fetcher.data]);

  if (!editing) {
    return (
      <div className="space-y-3">
        <p className="whitespace-pre-line text-sm leading-relaxed text-slate-800">{description || "Aucune description."}</p>
        {editable ? (
          <Button variant="secondary" size="sm" onClick={() => { setLength(description?.length ?? 0); setEditing(true); }}>
            Modifier la description
          </Button>
        ) : null}
      </div>
    );
  }
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="update-description" />
      <TextareaField
        label="Description"
        rows={8}
        autoFocus
        name={fields.description.name}
        defaultValue={description ?? ""}
        onInput={(event) => setLength(event.currentTarget.value.trim().length)}
        hint={`${length} / ${DESCRIPTION_MAX_LENGTH} caractères`}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? "Enregistrement..." : "Enregistrer"}
        </Button>
        <Button variant="secondary" onClick={() => setEditing(false)} disabled={saving}>
          Annuler
        </Button>
      </div>
    </fetcher.Form>
  );
}
