import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { ImportJobProgress } from "~/components/import-job-progress";
import { useToast } from "~/components/toasts";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { AUTO_IMPORT_DELAY_MS, IMPORT_PAGES, IMPORT_PER_PAGE } from "~/config";
import { MSG } from "~/messages";
import { warmUpImportWorker } from "~/services/imports/ad-page-thread.server";
import { countOwnListings, deleteAllOwnListings } from "~/services/imports/delete-listings.server";
import { importJobKind } from "~/services/imports/import-jobs.server";
import { toImportJobView, type ImportJobView } from "~/services/imports/import-job-view";
import { cancelJob, JobBusyError, latestJob } from "~/services/jobs/engine.server";
import { isOpenJob } from "~/services/jobs/job-view";
import {
  importDefaults,
  latestPartnerImport,
  moteurImmoMode,
  startMoteurImmoImport,
  testMoteurImmoConnection,
} from "~/services/imports/moteurimmo-import.server";
import { FIXED_FILTER_LABELS } from "~/services/moteurimmo/mapping";
import { assignOwnersToAllListings } from "~/services/listings/fictitious-owners.server";
import { formatNumber } from "~/utils/format";
import { logEvent } from "~/utils/log.server";
import { ADMIN_DENIALS, requireAdmin, requireUser } from "~/utils/permissions.server";
import { parseForm, readForm } from "~/utils/form-data.server";
import type { Toast } from "~/utils/toast";

// Pages and listings per page are forced into range by the service, never refused.
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), pages: z.unknown(), perPage: z.unknown() }),
  z.object({ intent: z.literal("cancel"), jobId: z.string({ required_error: "Import introuvable" }).min(1) }),
  z.object({ intent: z.literal("test") }),
  z.object({ intent: z.literal("assign-owners") }),
  z.object({ intent: z.literal("delete-all") }),
]);

type ActionAnswer = { ok: boolean; toast?: Toast; job?: ImportJobView; count?: number };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Non-administrators get the denial card of SPEC.md section 6, with a 403 status.
  if (!user.isAdmin) return data({ denied: true as const }, { status: 403 });
  const latest = latestPartnerImport(user.id);
  // The import worker loads while the administrator reads the page.
  void warmUpImportWorker();
  return {
    denied: false as const,
    mode: moteurImmoMode(),
    defaults: importDefaults(moteurImmoMode()),
    filters: [...FIXED_FILTER_LABELS],
    latestJob: latest ? toImportJobView(latest) : null,
    ownListings: countOwnListings(user.id),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request, ADMIN_DENIALS.import);
  const submission = parseForm(await readForm(request), { schema: actionSchema });
  if (submission.status !== "success") {
    return data<ActionAnswer>({ ok: false, toast: { type: "error", message: "Action inconnue ou incomplète" } }, { status: 400 });
  }
  const form = submission.value;
  switch (form.intent) {
    case "start":
      try {
        const job = startMoteurImmoImport(user.id, { pages: form.pages, perPage: form.perPage });
        return data<ActionAnswer>({ ok: true, job: toImportJobView(job) });
      } catch (error) {
        if (error instanceof JobBusyError) {
          return data<ActionAnswer>({ ok: false, toast: { type: "error", message: error.message } }, { status: 409 });
        }
        logEvent("import.start_error", { userId: user.id, error: (error as Error).message });
        return data<ActionAnswer>(
          { ok: false, toast: { type: "error", message: `Erreur lors de la synchronisation: ${(error as Error).message}` } },
          { status: 500 },
        );
      }
    case "cancel": {
      if (cancelJob(importJobKind, user.id, form.jobId)) return data<ActionAnswer>({ ok: true });
      return data<ActionAnswer>({ ok: false, toast: { type: "info", message: "Cet import est déjà terminé" } }, { status: 409 });
    }
    case "test": {
      const result = await testMoteurImmoConnection();
      return data<ActionAnswer>({
        ok: result.ok,
        count: result.ok ? result.count : undefined,
        toast: { type: result.ok ? "success" : "error", message: result.message },
      });
    }
    case "assign-owners":
      try {
        const { message } = await assignOwnersToAllListings(user.id);
        return data<ActionAnswer>({ ok: true, toast: { type: "success", message } });
      } catch (error) {
        return data<ActionAnswer>(
          { ok: false, toast: { type: "error", message: `Erreur lors de l'assignation: ${(error as Error).message}` } },
          { status: 500 },
        );
      }
    case "delete-all": {
      const open = latestJob(importJobKind, user.id);
      if (open && isOpenJob(open)) {
        const message = "Arrêtez l'import en cours avant de supprimer vos annonces";
        return data<ActionAnswer>({ ok: false, toast: { type: "error", message } }, { status: 409 });
      }
      try {
        const { message } = await deleteAllOwnListings(user.id);
        return data<ActionAnswer>({ ok: true, toast: { type: "success", message } });
      } catch (error) {
        return data<ActionAnswer>(
          { ok: false, toast: { type: "error", message: `Erreur lors de la suppression: ${(error as Error).message}` } },
          { status: 500 },
        );
      }
    }
  }
}

export default function MoteurImmoSyncPage() {
  const loaderData = useLoaderData<typeof loader>();
  if (loaderData.denied) return <AccessDenied />;
  return <ImportScreen {...loaderData} />;
}

function AccessDenied() {
  return (
    <Card className="mx-auto mt-10 max-w-lg">
      <CardHeader title="Accès refusé" />
      <CardBody className="space-y-4">
        <p className="text-sm text-slate-700">{MSG.deniedImport}</p>
        <Link to="/dashboard" className={buttonClasses("primary")}>
          Retour au tableau de bord
        </Link>
      </CardBody>
    </Card>
  );
}

type ScreenProps = {
  mode: "live" | "demo";
  defaults: { pages: number; perPage: number };
  filters: string[];
  latestJob: ImportJobView | null;
  ownListings: number;
};

function ImportScreen({ mode, defaults, filters, latestJob, ownListings }: ScreenProps) {
  const start = useFetcher<ActionAnswer>({ key: "moteurimmo-start" });
  useToast(start.data?.toast);
  const job = newest(start.data?.job, latestJob);
  const [running, setRunning] = useState(job ? isOpenJob(job) : false);
  const [auto, setAuto] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const autoTimer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    if (start.data?.job) setRunning(true);
  }, [start.data]);
  useEffect(() => () => clearTimeout(autoTimer.current), []);
  useEffect(() => {
    if (!auto) clearTimeout(autoTimer.current);
  }, [auto]);

  // Auto-import mode (SPEC.md section 4): a batch that imported something starts the next one.
  function onFinished(finished: ImportJobView) {
    setRunning(false);
    if (!auto || finished.status !== "completed" || finished.imported <= 0) return;
    autoTimer.current = setTimeout(() => {
      if (formRef.current) start.submit(formRef.current);
    }, AUTO_IMPORT_DELAY_MS);
  }

  const busy = running || start.state !== "idle";
  return (
    <div className="space-y-6">
      <PageHeader
        title="Import d'annonce"
        subtitle="Importez les annonces de particuliers publiées sur les sites d'annonces que MoteurImmo rassemble."
        actions={mode === "demo" ? <Badge tone="amber">Mode démo</Badge> : <Badge tone="emerald">API MoteurImmo</Badge>}
      />
      {mode === "demo" ? (
        <p className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Mode démo : aucune clé MoteurImmo n&apos;est configurée, les annonces sont générées localement.
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Filtres appliqués" description="La recherche MoteurImmo utilise toujours ces critères." />
          <CardBody>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
              {filters.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Paramètres d'import" actions={<ConnectionTest />} />
          <CardBody>
            <start.Form method="post" ref={formRef} noValidate className="space-y-4">
              <input type="hidden" name="intent" value="start" />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Nombre de pages" name="pages" type="number" inputMode="numeric" min={IMPORT_PAGES.min} max={IMPORT_PAGES.max} defaultValue={defaults.pages} hint={`De ${IMPORT_PAGES.min} à ${IMPORT_PAGES.max}`} />
                <Field label="Annonces par page" name="perPage" type="number" inputMode="numeric" min={IMPORT_PER_PAGE.min} max={IMPORT_PER_PAGE.max} defaultValue={defaults.perPage} hint={`De ${IMPORT_PER_PAGE.min} à ${formatNumber(IMPORT_PER_PAGE.max)}`} />
              </div>
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input type="checkbox" className="mt-0.5" checked={auto} onChange={(event) => setAuto(event.target.checked)} />
                <span>
                  Mode auto-import
                  <span className="block text-xs text-slate-600">Relance un lot environ 1 s après chaque lot qui a importé de nouvelles annonces.</span>
                </span>
              </label>
              <Button type="submit" disabled={busy}>
                {busy ? "Import en cours..." : "Lancer l'import"}
              </Button>
            </start.Form>
          </CardBody>
        </Card>
      </div>
      {job ? (
        <ImportJobProgress key={job.id} jobId={job.id} initialJob={job} cancelAction="/moteurimmo-sync" onFinished={onFinished} />
      ) : null}
      <OwnersBlock />
      <DangerZone ownListings={ownListings} />
    </div>
  );
}

/** The start answer and the loader can both know a job: show the most recent one. */
function newest(a: ImportJobView | undefined, b: ImportJobView | null): ImportJobView | null {
  if (!a) return b;
  if (!b) return a;
  return a.createdAt >= b.createdAt ? a : b;
}

function ConnectionTest() {
  const test = useFetcher<ActionAnswer>();
  useToast(test.data?.toast);
  return (
    <test.Form method="post" className="flex items-center gap-3">
      {test.data?.count !== undefined ? (
        <span className="text-sm text-emerald-700">{formatNumber(test.data.count)} annonces disponibles</span>
      ) : null}
      <Button type="submit" name="intent" value="test" variant="secondary" size="sm" disabled={test.state !== "idle"}>
        {test.state !== "idle" ? "Test..." : "Tester la connexion"}
      </Button>
    </test.Form>
  );
}

function OwnersBlock() {
  const owners = useFetcher<ActionAnswer>();
  useToast(owners.data?.toast);
  return (
    <Card>
      <CardHeader title="Propriétaires fictifs" description="Donne un propriétaire fictif (nom et email en example.fr) à chacune de vos annonces qui n'en a pas." />
      <CardBody>
        <owners.Form method="post">
          <Button type="submit" name="intent" value="assign-owners" variant="secondary" disabled={owners.state !== "idle"}>
            {owners.state !== "idle" ? "Assignation..." : "Assigner des propriétaires fictifs"}
          </Button>
        </owners.Form>
      </CardBody>
    </Card>
  );
}

function DangerZone({ ownListings }: { ownListings: number }) {
  const remove = useFetcher<ActionAnswer>();
  const [open, setOpen] = useState(false);
  useToast(remove.data?.toast);
  useEffect(() => {
    if (remove.state === "idle" && remove.data) setOpen(false);
  }, [remove.state, remove.data]);
  return (
    <Card className="border-red-200">
      <CardHeader title="Zone de danger" description="Supprime définitivement toutes les annonces de votre compte. Cette action est irréversible." />
      <CardBody>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Supprimer toutes mes annonces
        </Button>
      </CardBody>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Supprimer toutes vos annonces ?"
        description={`Vos ${formatNumber(ownListings)} annonces seront supprimées définitivement. Cette action est irréversible.`}
      >
        <remove.Form method="post" className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Annuler
          </Button>
          <Button type="submit" name="intent" value="delete-all" variant="danger" disabled={remove.state !== "idle"}>
            {remove.state !== "idle" ? "Suppression..." : "Supprimer définitivement"}
          </Button>
        </remove.Form>
      </Dialog>
    </Card>
  );
}

export const meta: MetaFunction = () => [{ title: "Import MoteurImmo | Vigimmo" }];

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
