import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { PlatformCharts } from "~/components/charts/platform-charts";
import { ComplianceCountsCard } from "~/components/compliance/compliance-counts";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader, StatCard } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { getPlatformCharts } from "~/services/analytics/charts.server";
import { chartPeriodOf } from "~/services/analytics/period";
import { countByCompliance } from "~/services/compliance/compliance-read.server";
import { COMPLIANCE_TEXT } from "~/services/compliance/compliance-texts";
import { latestComplianceJob, startComplianceRecheck } from "~/services/compliance/recheck-job.server";
import { getPlatformStats, type PlatformStats } from "~/services/dashboard/stats.server";
import { JobBusyError } from "~/services/jobs/engine.server";
import { readForm } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formatLongDateTime, formatNumber } from "~/utils/format";
import { ADMIN_DENIALS, requireAdmin } from "~/utils/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MSG } from "~/messages";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, ADMIN_DENIALS.admin);
  const recheck = latestComplianceJob();
  return {
    stats: getPlatformStats(),
    charts: getPlatformCharts(chartPeriodOf(request)),
    compliance: countByCompliance(null),
    lastRecheck: recheck ? { status: recheck.status, message: recheck.message, createdAt: recheck.createdAt.toISOString() } : null,
  };
}

/** "Revérifier la conformité": every listing of the platform checked again, as a job. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request, ADMIN_DENIALS.admin);
  const form = await readForm(request);
  if (form.get("intent") !== "recheck-compliance") {
    return redirectWithToast("/admin", { type: "error", message: "Action inconnue" });
  }
  try {
    startComplianceRecheck(user.id);
  } catch (error) {
    if (error instanceof JobBusyError) return redirectWithToast("/admin", { type: "warning", message: error.message });
    throw error;
  }
  return redirectWithToast("/admin", { type: "success", message: COMPLIANCE_TEXT.started });
}

function RecheckButton() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "recheck-compliance";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="recheck-compliance" />
      <Button type="submit" variant="secondary" size="sm" disabled={busy}>
        {COMPLIANCE_TEXT.recheck}
      </Button>
    </Form>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

function Cards({ stats }: { stats: PlatformStats }) {
  return (
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      <StatCard label="Total Annonces" value={formatNumber(stats.totalProperties)} hint={`${formatNumber(stats.activeProperties)} actives`} tone="brand" />
      <StatCard label="Utilisateurs" value={formatNumber(stats.totalUsers)} hint="Comptes inscrits" />
      <StatCard label="Connexions API" value={formatNumber(stats.totalApiConnections)} hint="Toutes connexions confondues" />
      <Card>
        <CardHeader title="Activité du jour" description={`${formatNumber(stats.importedToday + stats.exportedToday)} annonces importées ou exportées`} />
        <CardBody>
          <dl className="divide-y divide-slate-100">
            <Row label="Annonces importées aujourd'hui" value={formatNumber(stats.importedToday)} />
            <Row label="Annonces exportées aujourd'hui" value={formatNumber(stats.exportedToday)} />
          </dl>
        </CardBody>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader title="Performance Plateforme" />
        <CardBody>
          <dl className="divide-y divide-slate-100">
            <Row label="Taux d'annonces actives" value={`${stats.activeRate} %`} />
            <Row label="Annonces par utilisateur (moyenne)" value={stats.averagePerUser.toLocaleString("fr-FR", { maximumFractionDigits: 1 })} />
            <Row label="Dernière mise à jour" value={formatLongDateTime(stats.updatedAt)} />
          </dl>
        </CardBody>
      </Card>
    </div>
  );
}

export default function AdminPage() {
  const { stats, charts, compliance, lastRecheck } = useLoaderData<typeof loader>();
  const lastRun = lastRecheck ? `Dernière vérification lancée le ${formatLongDateTime(lastRecheck.createdAt)}${lastRecheck.message ? ` : ${lastRecheck.message}` : " (en cours)"}` : "Aucune vérification d'ensemble lancée";
  return (
    <div>
      <PageHeader title="Tableau de bord administrateur" subtitle="Statistiques globales de la plateforme" />
      <Cards stats={stats} />
      <div className="mt-6">
        <ComplianceCountsCard counts={compliance} description={lastRun} actions={<RecheckButton />} />
      </div>
      <PlatformCharts charts={charts} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Tableau de bord administrateur | Vigimmo" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary message={MSG.statsLoadError} />;
}
