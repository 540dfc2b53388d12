import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { KeyRequestCard } from "~/components/key-request-card";
import { useToast } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { TextareaField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Tabs } from "~/components/ui/tabs";
import { KEY_REQUEST_MESSAGES, REJECTION_REASON_MAX, type KeyRequestStatus } from "~/services/keys/key-request-rules";
import { approveKeyRequest, listKeyRequestsForAdmin, rejectKeyRequest } from "~/services/keys/key-requests.server";
import { logEvent } from "~/utils/log.server";
import { ADMIN_DENIALS, requireAdmin } from "~/utils/permissions.server";
import { parseForm, readForm } from "~/utils/form-data.server";
import type { Toast } from "~/utils/toast";
import { olderNotShown } from "~/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";

const requestId = z.string({ required_error: KEY_REQUEST_MESSAGES.notFound }).min(1).max(100);
const rejectSchema = z.object({
  intent: z.literal("reject"),
  requestId,
  reason: z
    .string({ required_error: KEY_REQUEST_MESSAGES.reasonRequired })
    .trim()
    .min(1, KEY_REQUEST_MESSAGES.reasonRequired)
    .max(REJECTION_REASON_MAX, `La raison ne peut pas dépasser ${REJECTION_REASON_MAX} caractères`),
});
const decisionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("approve"), requestId }), rejectSchema]);


export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, ADMIN_DENIALS.adminRequests);
  return listKeyRequestsForAdmin();
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, ADMIN_DENIALS.adminRequests);
  const submission = parseForm(await readForm(request), { schema: decisionSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? KEY_REQUEST_MESSAGES.reasonRequired;
    return data({ ok: false, toast: { type: "error", message } as Toast, result: submission.reply() }, { status: 400 });
  }
  const { intent, requestId: id } = submission.value;
  try {
    const outcome = intent === "approve" ? approveKeyRequest(id, admin.id) : rejectKeyRequest(id, admin.id, submission.value.reason);
    if (!outcome.ok) {
      return data({ ok: false, toast: { type: "error", message: outcome.error } as Toast, result: submission.reply() }, { status: outcome.status });
    }
    const message = intent === "approve" ? "Demande approuvée et clé API créée" : "Demande refusée";
    return { ok: true, toast: { type: "success", message } as Toast, result: submission.reply({ resetForm: true }) };
  } catch (error) {
    logEvent("key_request.decision_error", { requestId: id, intent, error: (error as Error).message });
    const message = intent === "approve" ? "Erreur lors de l'approbation" : "Erreur lors du refus";
    return data({ ok: false, toast: { type: "error", message } as Toast, result: submission.reply() }, { status: 500 });
  }
}

type Request = ReturnType<typeof useLoaderData<typeof loader>>["requests"][number];

/**
 * One fetcher for every decision: a decided card moves to another tab (and unmounts), so the
 * page, not the card, shows the toast of the answer.
 */
const DECISION_FETCHER = "key-request-decision";
const useDecisionFetcher = () => useFetcher<typeof action>({ key: DECISION_FETCHER });

function RefuseDialog({ request, open, onClose }: { request: Request; open: boolean; onClose: () => void }) {
  const fetcher = useDecisionFetcher();
  // The fetcher is shared: only the answer to this dialog's own submission concerns its form.
  const [submitted, setSubmitted] = useState(false);
  const [form, fields] = useForm({
    id: `reject-${request.id}`,
    lastResult: submitted && fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rejectSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const formProps = getFormProps(form);
  const busy = fetcher.state !== "idle";
  // On success the card moves to the « Refusées » tab, which unmounts this dialog.
  return (
    <Dialog open={open} onClose={onClose} title="Refuser la demande" description={`Demande de ${request.companyName} (${request.requesterEmail}).`}>
      <fetcher.Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          setSubmitted(true);
          formProps.onSubmit(event);
        }}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="requestId" value={request.id} />
        <TextareaField label="Raison du refus" rows={3} autoFocus errors={fields.reason.errors} {...getTextareaProps(fields.reason)} aria-required="true" />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            Confirmer le refus
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

function PendingActions({ request }: { request: Request }) {
  const fetcher = useDecisionFetcher();
  const [refusing, setRefusing] = useState(false);
  const busy = fetcher.state !== "idle";
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="requestId" value={request.id} />
        <Button type="submit" variant="success" disabled={busy}>
          {busy ? "Approbation..." : "Approuver"}
        </Button>
      </fetcher.Form>
      <Button variant="danger" onClick={() => setRefusing(true)} disabled={busy}>
        Refuser
      </Button>
      {refusing ? <RefuseDialog request={request} open={refusing} onClose={() => setRefusing(false)} /> : null}
    </div>
  );
}

const TABS: Array<{ status: KeyRequestStatus; label: string; empty: string }> = [
  { status: "pending", label: "En attente", empty: "Aucune demande en attente." },
  { status: "approved", label: "Approuvées", empty: "Aucune demande approuvée." },
  { status: "rejected", label: "Refusées", empty: "Aucune demande refusée." },
];

export default function AdminApiRequestsPage() {
  const { requests, counts } = useLoaderData<typeof loader>();
  const decision = useDecisionFetcher();
  useToast(decision.data?.toast);
  return (
    <div>
      <PageHeader title="Gérer demandes API" subtitle="Approuvez ou refusez les demandes de clés API d'export." />
      <Tabs
        tabs={TABS.map((tab) => {
          const list = requests.filter((request) => request.status === tab.status);
          const older = counts[tab.status] - list.length;
          return {
            label: `${tab.label} (${counts[tab.status]})`,
            content:
              list.length === 0 ? (
                <Card className="p-6 text-center text-sm text-slate-600">{tab.empty}</Card>
              ) : (
                <>
                  <ul className="space-y-3">
                    {list.map((request) => (
                      <li key={request.id}>
                        <KeyRequestCard request={request} requesterEmail={request.requesterEmail}>
                          {request.status === "pending" ? <PendingActions request={request} /> : null}
                        </KeyRequestCard>
                      </li>
                    ))}
                  </ul>
                  {older > 0 ? <p className="mt-3 text-sm text-slate-600">{olderNotShown(older, "demande")}</p> : null}
                </>
              ),
          };
        })}
      />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Demandes de clés API | Vigimmo" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary message={KEY_REQUEST_MESSAGES.loadError} />;
}
