import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { DashboardCharts } from "~/components/charts/dashboard-charts";
import { ComplianceCountsCard } from "~/components/compliance/compliance-counts";
import { FirstSteps } from "~/components/dashboard/first-steps";
import { ListingNewsCard } from "~/components/dashboard/listing-news";
import { ModerationPanel } from "~/components/moderation-panel";
import { Card, CardBody, CardHeader, StatCard } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { Progress } from "~/components/ui/progress";
import { getAccountCharts } from "~/services/analytics/charts.server";
import { chartPeriodOf } from "~/services/analytics/period";
import { countByCompliance } from "~/services/compliance/compliance-read.server";
import { listingNewsSince } from "~/services/dashboard/listing-news.server";
import { getUserDashboard, type UserDashboard } from "~/services/dashboard/stats.server";
import { formatLongDate, formatNumber } from "~/utils/format";
import { requireUser } from "~/utils/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MSG } from "~/messages";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    stats: getUserDashboard(user.id),
    charts: getAccountCharts(user.id, chartPeriodOf(request)),
    compliance: countByCompliance(user.id),
    news: listingNewsSince(user.id),
  };
}

function ActivityRow({ label, date }: { label: string; date: Date | string | null }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-semibold text-slate-900">{formatLongDate(date)}</dd>
    </div>
  );
}

function Figures({ stats }: { stats: UserDashboard }) {
  const { counts } = stats;
  return (
    <>
      <Card className="mb-6 bg-gradient-to-br from-brand-600 to-brand-700 p-6 text-white">
        <p className="text-sm font-medium text-white/90">Annonces sur la plateforme</p>
        <p className="mt-2 text-4xl font-bold tabular-nums" data-testid="platform-total">
          {formatNumber(stats.platformTotal)}
        </p>
        <p className="mt-1 text-sm text-white/90">Toutes les annonces importées par les utilisateurs de Vigimmo</p>
      </Card>
      <section aria-label="Mes annonces" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard label="Total annonces" value={formatNumber(counts.all)} hint="Dans mon compte" to="/properties?status=all" />
        <StatCard label="En attente IA" value={formatNumber(counts.pending)} hint="Non vérifiées" tone="slate" to="/properties?status=pending" />
        <StatCard label="Suspectes" value={formatNumber(counts.suspicious)} hint="À modérer" tone="amber" to="/moderation" />
        <StatCard label="Actives validées" value={formatNumber(counts.active)} hint="Prêtes à l'export" tone="emerald" to="/properties?status=active" />
        <StatCard label="Blacklistées" value={formatNumber(counts.rejected)} hint="Arnaques confirmées" tone="red" to="/properties?status=rejected" />
        <StatCard label="Importées via API" value={formatNumber(stats.importedViaApi)} hint="Hors imports de fichiers" tone="brand" />
      </section>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader title="Dernière activité" />
          <CardBody>
            <dl className="divide-y divide-slate-100">
              <ActivityRow label="Dernier import API" date={stats.lastImportDate} />
              <ActivityRow label="Dernier export" date={stats.lastExportDate} />
            </dl>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Taux de conversion" />
          <CardBody className="space-y-4">
            <Progress value={stats.activeRate} label="Annonces actives / total" />
            <Progress value={stats.exportedRate} label="Annonces exportées / total" />
          </CardBody>
        </Card>
      </div>
    </>
  );
}

export default function DashboardPage() {
  const { stats, charts, compliance, news } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === pathname;
  return (
    <div>
      <PageHeader title="Tableau de bord" subtitle="Vos statistiques de prospection immobilière" />
      {reloading ? (
        <p role="status" className="mb-4 text-sm text-slate-600">
          Chargement...
        </p>
      ) : null}
      {stats.counts.all === 0 ? <FirstSteps /> : null}
      <Figures stats={stats} />
      <div className="mt-6">
        <ListingNewsCard news={news} />
        <ComplianceCountsCard counts={compliance} linked description="Mes annonces au regard des règles des annonces immobilières" />
      </div>
      <DashboardCharts charts={charts} />
      <ModerationPanel className="mt-6" />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Tableau de bord | Vigimmo" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary message={MSG.statsLoadError} />;
}
