import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { ZoneForm } from "~/components/prospecting/zone-form";
import { ZoneCard } from "~/components/prospecting/zone-card";
import { Badge } from "~/components/ui/badge";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { importJobKind } from "~/services/imports/import-jobs.server";
import { moteurImmoMode } from "~/services/imports/moteurimmo-import.server";
import { cancelJob, JobBusyError } from "~/services/jobs/engine.server";
import { schedulerEnabled } from "~/services/prospecting/scheduler.server";
import { zoneCards } from "~/services/prospecting/zone-cards.server";
import { EMPTY_ZONE, ZONE_TEXT } from "~/services/prospecting/zone-form";
import { startZoneRun } from "~/services/prospecting/zone-runs.server";
import { createZone, deleteZone, updateZone, ZoneRuleError, zoneFormServerSchema } from "~/services/prospecting/zones.server";
import { parseForm, readForm } from "~/utils/form-data.server";
import { requireUser } from "~/utils/permissions.server";
import type { Toast } from "~/utils/toast";

const zoneId = z.string().min(1).max(100);
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("run"), zoneId }),
  z.object({ intent: z.literal("delete"), zoneId }),
  z.object({ intent: z.literal("cancel"), jobId: z.string().min(1).max(100) }),
]);

type Answer = { ok: boolean; toast?: Toast; jobId?: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { zones: zoneCards(user.id), schedulerOn: schedulerEnabled(), mode: moteurImmoMode() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  const formIntent = formData.get("intent");
  if (formIntent === "create" || formIntent === "update") return saveZone(user.id, formIntent, formData);

  const parsed = intentSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data<Answer>({ ok: false, toast: { type: "error", message: ZONE_TEXT.invalidRequest } }, { status: 400 });
  const input = parsed.data;
  const notFound = () => data<Answer>({ ok: false, toast: { type: "error", message: ZONE_TEXT.notFound } }, { status: 404 });
  switch (input.intent) {
    case "run":
      try {
        const job = startZoneRun(user.id, input.zoneId);
        if (!job) return notFound();
        return data<Answer>({ ok: true, jobId: job.id, toast: { type: "success", message: ZONE_TEXT.started } });
      } catch (error) {
        if (!(error instanceof JobBusyError)) throw error;
        return data<Answer>({ ok: false, toast: { type: "error", message: error.message } }, { status: 409 });
      }
    case "delete":
      try {
        if (!deleteZone(user.id, input.zoneId)) return notFound();
        return data<Answer>({ ok: true, toast: { type: "success", message: ZONE_TEXT.deleted } });
      } catch (error) {
        if (!(error instanceof ZoneRuleError)) throw error;
        return data<Answer>({ ok: false, toast: { type: "error", message: error.message } }, { status: 409 });
      }
    case "cancel":
      if (cancelJob(importJobKind, user.id, input.jobId)) return data<Answer>({ ok: true });
      return data<Answer>({ ok: false, toast: { type: "info", message: "Cette recherche est déjà terminée" } }, { status: 409 });
  }
}

/** A new zone's first search, unless another import of the account is still running. */
function runAtCreation(userId: string, zoneId: string): string {
  try {
    startZoneRun(userId, zoneId);
    return ZONE_TEXT.createdAndStarted;
  } catch (error) {
    if (!(error instanceof JobBusyError)) throw error;
    return ZONE_TEXT.createdBusy;
  }
}

function saveZone(userId: string, intent: "create" | "update", formData: FormData) {
  const submission = parseForm(formData, { schema: zoneFormServerSchema });
  if (submission.status !== "success") return data({ ok: false, result: submission.reply() }, { status: 400 });
  try {
    if (intent === "create") {
      const zone = createZone(userId, submission.value);
      const message = submission.value.runNow ? runAtCreation(userId, zone.id) : ZONE_TEXT.created;
      return data({ ok: true, result: submission.reply({ resetForm: true }), toast: { type: "success" as const, message } });
    }
    const id = zoneId.safeParse(formData.get("zoneId"));
    if (!id.success || !updateZone(userId, id.data, submission.value)) {
      return data({ ok: false, result: submission.reply({ formErrors: [ZONE_TEXT.notFound] }) }, { status: 404 });
    }
    return data({ ok: true, result: submission.reply(), toast: { type: "success" as const, message: ZONE_TEXT.updated } });
  } catch (error) {
    if (!(error instanceof ZoneRuleError)) throw error;
    return data({ ok: false, result: submission.reply({ formErrors: [error.message] }) }, { status: 409 });
  }
}

export default function ProspectionPage() {
  const { zones, schedulerOn, mode } = useLoaderData<typeof loader>();
  // A saved zone remounts the form empty.
  const [formKey, setFormKey] = useState(0);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Prospection"
        subtitle="Vos zones de recherche : Vigimmo importe leurs nouvelles annonces à la fréquence choisie, navigateur fermé."
        actions={mode === "demo" ? <Badge tone="amber">Mode démo</Badge> : null}
      />
      {!schedulerOn ? (
        <p className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Planification arrêtée pour maintenance : les recherches ne partent qu&apos;avec « Lancer maintenant ».
        </p>
      ) : null}
      <Card>
        <CardHeader title="Nouvelle zone" description="Communes et/ou départements, type de transaction, budget et surface. Les sites agrégateurs exclus le restent." />
        <CardBody>
          <ZoneForm key={formKey} defaults={EMPTY_ZONE} submitLabel="Créer la zone" onSaved={() => setFormKey((key) => key + 1)} />
        </CardBody>
      </Card>
      {zones.length === 0 ? (
        <p className="text-sm text-slate-600">Aucune zone pour l&apos;instant : créez-en une pour lancer votre prospection.</p>
      ) : (
        <section aria-label="Vos zones" className="grid gap-6 lg:grid-cols-2">
          {zones.map((zone) => (
            <ZoneCard key={zone.id} zone={zone} schedulerOn={schedulerOn} />
          ))}
        </section>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Prospection | Vigimmo" }];

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
