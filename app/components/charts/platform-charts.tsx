import type { PlatformChartsData } from "~/services/analytics/types";
import { formatNumber } from "~/utils/format";
import { Card, CardBody, CardHeader } from "../ui/card";
import { DataTable } from "../ui/data-table";
import { CHART_COLOURS } from "./chart-colours";
import { ChartCard } from "./chart-card";
import { ChartSlot, LazyDailyBars } from "./chart-slot";
import { DashboardCharts } from "./dashboard-charts";
import { DailyTable, sum } from "./daily-table";

/** /admin's 'Analyses': the dashboard's charts over every account, sign-ups and the busiest API keys. */
export function PlatformCharts({ charts }: { charts: PlatformChartsData }) {
  const signups = [{ label: "Inscriptions", values: charts.signups, colour: CHART_COLOURS.brand }];
  const summary = `Inscriptions par jour, ${charts.days.length} derniers jours : ${formatNumber(sum(charts.signups))} au total.`;
  return (
    <DashboardCharts charts={charts} pricesComputedAt={charts.pricesComputedAt}>
      <ChartCard
        title="Inscriptions par jour"
        description="Nouveaux comptes"
        chart={
          <ChartSlot label={summary}>
            <LazyDailyBars days={charts.days} series={signups} />
          </ChartSlot>
        }
        table={<DailyTable caption={summary} days={charts.days} series={signups} />}
      />
      <Card className="min-w-0 lg:col-span-2">
        <CardHeader title="Clés API les plus utilisées" description={`Appels d'export des ${charts.days.length} derniers jours`} />
        <CardBody>
          {charts.busiestKeys.length === 0 ? (
            <p className="text-sm text-slate-600">Aucun appel d&apos;export sur la période.</p>
          ) : (
            <DataTable
              rows={charts.busiestKeys}
              rowKey={(key) => key.id}
              columns={[
                { header: "Clé", cell: (key) => key.name },
                { header: "Compte", cell: (key) => key.ownerEmail },
                { header: "Appels", className: "text-right", cellClassName: "tabular-nums", cell: (key) => formatNumber(key.calls) },
                { header: "Annonces exportées", className: "text-right", cellClassName: "tabular-nums", cell: (key) => formatNumber(key.listings) },
              ]}
            />
          )}
        </CardBody>
      </Card>
    </DashboardCharts>
  );
}
