import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useToast } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { TextareaField } from "~/components/ui/field";
import { REPORT_REASON_MAX, reportSchema } from "~/services/moderation/revision-form";
import type { ToastAnswer } from "~/utils/toast";

type Answer = ToastAnswer & { result?: SubmissionResult<string[]> };

/**
 * "Signaler comme arnaque" on a validated listing (issue 25 §4), from its page or its /properties
 * card: a dialog asks for the reason, then posts `intent=report` with `reason` to the listing's
 * page, which blacklists it and takes it out of the export at once.
 */
export function ReportScamButton({ listingId, listingTitle, size = "md" }: { listingId: number; listingTitle: string; size?: "sm" | "md" }) {
  const fetcher = useFetcher<Answer>();
  const [open, setOpen] = useState(false);
  useToast(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: `report-${listingId}`,
    lastResult: fetcher.data?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportSchema }),
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  const sending = fetcher.state !== "idle";
  return (
    <>
      <Button variant="danger" size={size} onClick={() => setOpen(true)}>
        Signaler comme arnaque
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Signaler comme arnaque"
        description={
          `« ${listingTitle} » sera blacklistée et retirée de l'export tout de suite ; la décision reste dans son historique et peut être corrigée.`
        }
      >
        <fetcher.Form method="post" action={`/property/${listingId}`} {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value="report" />
          <TextareaField
            label="Motif du signalement"
            rows={4}
            maxLength={REPORT_REASON_MAX}
            placeholder="Ex. : le « propriétaire » demande un virement avant toute visite."
            {...getTextareaProps(fields.reason, { ariaAttributes: false })}
            errors={fields.reason.errors}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button type="submit" variant="danger" disabled={sending}>
              Confirmer le signalement
            </Button>
          </div>
        </fetcher.Form>
      </Dialog>
    </>
  );
}
