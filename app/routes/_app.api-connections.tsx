import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useOpenOnArrival } from "~/components/use-open-on-arrival";
import { z } from "zod";
import { ConnectionCard } from "~/components/connections/connection-card";
import { MoteurImmoSystemCard } from "~/components/connections/moteurimmo-system-card";
import { ConnectionDialog } from "~/components/connections/connection-dialog";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { CONNECTION_MESSAGES, newConnectionSchema } from "~/services/connections/connection-form";
import {
  ConnectionRuleError,
  createConnection,
  deleteConnection,
  getConnection,
  listConnections,
  revealConnectionKey,
  rotateSigningSecret,
  setConnectionActive,
  updateConnection,
} from "~/services/connections/connections.server";
import { endpointRefusal } from "~/services/connections/endpoint-check.server";
import { findDelivery, recentDeliveries, resendDelivery, resumeWebhooks, sendPing } from "~/services/connections/webhook-delivery.server";
import { WEBHOOK_MESSAGES } from "~/services/connections/webhook-texts";
import { toImportJobView, type ImportJobView } from "~/services/imports/import-job-view";
import { importJobKind } from "~/services/imports/import-jobs.server";
import { latestJob } from "~/services/jobs/engine.server";
import { isOpenJob } from "~/services/jobs/job-view";
import { testMoteurImmoConnection } from "~/services/imports/moteurimmo-import.server";
import { env } from "~/utils/env.server";
import { requireUser } from "~/utils/permissions.server";
import { hitRateLimit } from "~/utils/rate-limit.server";
import { parseForm, readForm } from "~/utils/form-data.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { successWithFlashToast } from "~/utils/toast.server";

const idSchema = z.string().min(1).max(100);
const intentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("toggle"),
    connectionId: idSchema,
    active: z.enum(["true", "false"]),
  }),
  z.object({ intent: z.literal("reveal"), connectionId: idSchema }),
  z.object({ intent: z.literal("delete"), connectionId: idSchema }),
  z.object({ intent: z.literal("test") }),
  z.object({ intent: z.literal("webhook-test"), connectionId: idSchema }),
  z.object({ intent: z.literal("webhook-resend"), deliveryId: idSchema }),
  z.object({ intent: z.literal("webhook-resume"), connectionId: idSchema }),
  z.object({ intent: z.literal("rotate-secret"), connectionId: idSchema }),
]);

/** The partner count check calls MoteurImmo: a few per minute and per user is plenty. */
const TEST_LIMIT = { count: 6, windowMs: 60_000 };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const connections = listConnections(user.id);
  // A sync still running when the page is (re)loaded keeps its progress card.
  const latest = latestJob(importJobKind, user.id);
  const runningSync: { connectionId: string; job: ImportJobView } | null =
    latest && latest.source === "connexion" && latest.connectionId && isOpenJob(latest)
      ? { connectionId: latest.connectionId, job: toImportJobView(latest) }
      : null;
  const { moteurImmoApiKey, moteurImmoApiUrl } = env();
  const deliveries = recentDeliveries(connections.filter((connection) => connection.apiType === "export").map((connection) => connection.id));
  return {
    connections,
    webhookDeliveries: Object.fromEntries(deliveries),
    runningSync,
    isAdmin: user.isAdmin,
    moteurImmo: {
      configured: Boolean(moteurImmoApiKey),
      endpoint: `${moteurImmoApiUrl.replace(/\/+$/, "")}/ads`,
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);

  const formIntent = formData.get("intent");
  if (formIntent === "create" || formIntent === "edit") return saveConnection(user.id, formIntent, formData);

  const parsed = intentSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return data(
      { ok: false, toast: { type: "error" as const, message: "Requête invalide" } },
      { status: 400 },
    );
  const input = parsed.data;

  if (input.intent === "toggle") {
    const active = input.active === "true";
    const updated = setConnectionActive(user.id, input.connectionId, active);
    if (!updated)
      return data(
        { ok: false, toast: { type: "error" as const, message: CONNECTION_MESSAGES.notFound } },
        { status: 404 },
      );
    return {
      ok: true,
      toast: {
        type: "success" as const,
        message: active ? CONNECTION_MESSAGES.activated : CONNECTION_MESSAGES.deactivated,
      },
    };
  }

  if (input.intent === "delete") {
    let deleted: boolean;
    try {
      deleted = deleteConnection(user.id, input.connectionId);
    } catch (error) {
      if (!(error instanceof ConnectionRuleError)) throw error;
      return data({ ok: false, toast: { type: "error" as const, message: error.message } }, { status: 409 });
    }
    if (!deleted)
      return data({ ok: false, toast: { type: "error" as const, message: CONNECTION_MESSAGES.deleteError } }, { status: 404 });
    return successWithFlashToast(CONNECTION_MESSAGES.deleted);
  }

  if (input.intent === "webhook-resume") {
    if (!resumeWebhooks(user.id, input.connectionId))
      return data({ ok: false, toast: { type: "error" as const, message: CONNECTION_MESSAGES.notFound } }, { status: 404 });
    return data({ ok: true, toast: { type: "success" as const, message: WEBHOOK_MESSAGES.resumed } });
  }

  if (input.intent === "rotate-secret") {
    const secret = rotateSigningSecret(user.id, input.connectionId);
    if (!secret)
      return data({ ok: false, toast: { type: "error" as const, message: CONNECTION_MESSAGES.notFound } }, { status: 404 });
    return data(
      { ok: true, connectionId: input.connectionId, signingSecret: secret, toast: { type: "success" as const, message: WEBHOOK_MESSAGES.secretRotated } },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  if (input.intent === "reveal") {
    // An export connection's signing secret is shown once, when generated (issue 24 item 6).
    if (getConnection(user.id, input.connectionId)?.apiType === "export")
      return data({ ok: false, toast: { type: "error" as const, message: WEBHOOK_MESSAGES.secretShownOnce } }, { status: 400 });
    const key = revealConnectionKey(user.id, input.connectionId);
    if (key === undefined)
      return data(
        { ok: false, toast: { type: "error" as const, message: CONNECTION_MESSAGES.notFound } },
        { status: 404 },
      );
    if (key === null)
      return data(
        {
          ok: false,
          toast: { type: "error" as const, message: "Aucune clé API lisible pour cette connexion" },
        },
        { status: 400 },
      );
    return data(
      { ok: true, connectionId: input.connectionId, key },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  if (input.intent === "webhook-test" || input.intent === "webhook-resend") return webhookAction(user.id, input);

  const limited = hitRateLimit(`moteurimmo-test:${user.id}`, TEST_LIMIT.count, TEST_LIMIT.windowMs);
  if (!limited.allowed) {
    return data(
      {
        ok: false,
        toast: {
          type: "error" as const,
          message: `Trop de tests. Réessayez dans ${limited.retryAfterSeconds} s.`,
        },
      },
      { status: 429 },
    );
  }
  const test = await testMoteurImmoConnection();
  return {
    ok: test.ok,
    toast: { type: test.ok ? ("success" as const) : ("error" as const), message: test.message },
  };
}

/**
 * "Tester" (a signed ping) and "Renvoyer" (a batch again, same id) on an export connection's
 * card: one POST each, answered with its outcome; rate-limited like the partner test.
 */
async function webhookAction(
  userId: string,
  input: { intent: "webhook-test"; connectionId: string } | { intent: "webhook-resend"; deliveryId: string },
) {
  const toast = (ok: boolean, message: string, status = 200) =>
    data({ ok, toast: { type: ok ? ("success" as const) : ("error" as const), message } }, { status });
  const limited = hitRateLimit(`webhook-test:${userId}`, TEST_LIMIT.count, TEST_LIMIT.windowMs);
  if (!limited.allowed) return toast(false, `Trop de tests. Réessayez dans ${limited.retryAfterSeconds} s.`, 429);
  if (input.intent === "webhook-test") {
    const connection = getConnection(userId, input.connectionId);
    if (!connection) return toast(false, CONNECTION_MESSAGES.notFound, 404);
    if (connection.apiType !== "export") return toast(false, WEBHOOK_MESSAGES.exportOnly, 400);
    const outcome = await sendPing(connection.id);
    return outcome.ok ? toast(true, WEBHOOK_MESSAGES.pingOk(outcome.latencyMs)) : toast(false, WEBHOOK_MESSAGES.pingFailed(outcome.error));
  }
  const delivery = findDelivery(userId, input.deliveryId);
  if (!delivery || delivery.kind !== "events") return toast(false, WEBHOOK_MESSAGES.deliveryNotFound, 404);
  const outcome = await resendDelivery(delivery);
  return outcome.ok ? toast(true, WEBHOOK_MESSAGES.resent(delivery.eventCount)) : toast(false, WEBHOOK_MESSAGES.resendFailed(outcome.error));
}

/**
 * 'Ajouter une connexion API' and its edit twin: the same form, the same checks (required
 * fields, URL, JSON, then the sync's address guard and the unique name), the same answers.
 */
async function saveConnection(userId: string, intent: "create" | "edit", formData: FormData) {
  const submission = parseForm(formData, { schema: newConnectionSchema });
  const refuse = (message: string, field?: string) =>
    data(
      {
        ok: false,
        intent,
        result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
        toast: { type: "error" as const, message },
      },
      { status: 400 },
    );
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    return refuse(errors[""]?.[0] ?? Object.values(errors).flat().find(Boolean) ?? CONNECTION_MESSAGES.required);
  }
  const connectionId = idSchema.safeParse(formData.get("connectionId"));
  if (intent === "edit" && !connectionId.success) return refuse(CONNECTION_MESSAGES.notFound);
  const notFound = () =>
    data({ ok: false, intent, result: submission.reply(), toast: { type: "error" as const, message: CONNECTION_MESSAGES.notFound } }, { status: 404 });
  // The edit form does not send the type: it is the stored connection's.
  const apiType = intent === "edit" ? getConnection(userId, connectionId.data!)?.apiType : submission.value.apiType;
  if (!apiType) return notFound();
  const refusal = await endpointRefusal(submission.value.apiEndpoint, apiType);
  if (refusal) return refuse(refusal, "api_endpoint");
  let signingSecret: string | null = null;
  try {
    if (intent === "create") signingSecret = createConnection(userId, submission.value).signingSecret;
    else if (!updateConnection(userId, connectionId.data!, submission.value)) return notFound();
  } catch (error) {
    if (!(error instanceof ConnectionRuleError)) throw error;
    return refuse(error.message, "name");
  }
  return data(
    {
      ok: true,
      intent,
      result: submission.reply({ resetForm: intent === "create" }),
      toast: { type: "success" as const, message: intent === "create" ? CONNECTION_MESSAGES.created : CONNECTION_MESSAGES.updated },
      // Shown once by the dialog; never stored by the browser.
      signingSecret,
    },
    signingSecret ? { headers: { "Cache-Control": "no-store" } } : undefined,
  );
}

export default function ApiConnectionsPage() {
  const { connections, runningSync, isAdmin, moteurImmo, webhookDeliveries } = useLoaderData<typeof loader>();
  const [dialogOpen, setDialogOpen] = useState(false);
  useOpenOnArrival("connexion", () => setDialogOpen(true));
  return (
    <div className="space-y-8">
      <PageHeader
        title="Connexions API"
        subtitle="Gérez les sources de vos annonces et vos connexions aux plateformes partenaires"
        actions={<Button onClick={() => setDialogOpen(true)}>Nouvelle connexion</Button>}
      />
      <MoteurImmoSystemCard configured={moteurImmo.configured} endpoint={moteurImmo.endpoint} isAdmin={isAdmin} />
      {connections.length > 0 ? (
        <section aria-labelledby="custom-connections">
          <h2 id="custom-connections" className="mb-4 text-lg font-semibold text-slate-900">
            Mes connexions personnalisées
          </h2>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {connections.map((connection) => (
              // min-w-0: a long connection name is truncated in its card instead of widening the grid.
              <li key={connection.id} className="min-w-0">
                <ConnectionCard
                  connection={connection}
                  runningJob={runningSync?.connectionId === connection.id ? runningSync.job : null}
                  deliveries={connection.apiType === "export" ? (webhookDeliveries[connection.id] ?? []) : null}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ConnectionDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Connexions API | Vigimmo" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary message={CONNECTION_MESSAGES.loadError} />;
}
