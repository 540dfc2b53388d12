import type { ReactNode } from "react";
import type { ChartsData, CityPrice } from "~/services/analytics/types";
import { formatNumber } from "~/utils/format";
import { DataTable } from "../ui/data-table";
import { CHART_COLOURS, SOURCE_COLOURS } from "./chart-colours";
import { formatClock, formatPerM2 } from "./chart-format";
import { ChartCard } from "./chart-card";
import { ChartSlot, LazyDailyBars, LazyPriceRanges } from "./chart-slot";
import { DailyTable, sum } from "./daily-table";
import { PeriodSwitch } from "./period-switch";
import { useLiveRefresh } from "./use-live-refresh";

/** A daily chart and its table from the same series (label, values, colour). */
function DailyChartCard({
  title,
  description,
  days,
  series,
  stacked,
}: {
  title: string;
  description: string;
  days: string[];
  series: Array<{ label: string; values: number[]; colour: string }>;
  stacked?: boolean;
}) {
  const totals = series.map((item) => `${item.label} ${formatNumber(sum(item.values))}`).join(", ");
  const summary = `${title}, ${days.length} derniers jours : ${series.length > 0 ? totals : "aucune donnée"}.`;
  return (
    <ChartCard
      title={title}
      description={description}
      chart={
        <ChartSlot label={summary}>
          <LazyDailyBars days={days} series={series} stacked={stacked} />
        </ChartSlot>
      }
      table={<DailyTable caption={summary} days={days} series={series} />}
    />
  );
}

function PriceChartCard({ title, cities, note = "" }: { title: string; cities: CityPrice[]; note?: string }) {
  if (cities.length === 0) {
    return (
      <ChartCard
        title={title}
        description={`Médiane et quartiles des annonces actives, par ville${note}`}
        chart={<p className="text-sm text-slate-600">Aucune annonce active avec un prix et une surface.</p>}
        table={<p className="text-sm text-slate-600">Aucune donnée.</p>}
      />
    );
  }
  const summary = `${title} : ${cities.map((city) => `${city.city} médiane ${formatPerM2(city.median)}`).join(", ")}.`;
  return (
    <ChartCard
      title={title}
      description={`Médiane et quartiles des annonces actives, villes les plus représentées${note}`}
      chart={
        <ChartSlot label={summary} height={Math.max(120, cities.length * 36 + 48)}>
          <LazyPriceRanges cities={cities} />
        </ChartSlot>
      }
      table={
        <DataTable
          caption={title}
          rows={cities}
          rowKey={(city) => city.city}
          columns={[
            { header: "Ville", cell: (city) => city.city },
            { header: "Annonces", className: "text-right", cellClassName: "tabular-nums", cell: (city) => formatNumber(city.listings) },
            { header: "1er quartile", className: "text-right", cellClassName: "tabular-nums", cell: (city) => formatPerM2(city.q1) },
            { header: "Médiane", className: "text-right", cellClassName: "tabular-nums", cell: (city) => formatPerM2(city.median) },
            { header: "3e quartile", className: "text-right", cellClassName: "tabular-nums", cell: (city) => formatPerM2(city.q3) },
          ]}
        />
      }
    />
  );
}

/**
 * The 'Analyses' section of /dashboard (one account) and /admin (the platform): imports by source,
 * moderation outcomes, exports and price per m² by city over the chosen period, refreshed live.
 */
export function DashboardCharts({ charts, pricesComputedAt, children }: { charts: ChartsData; pricesComputedAt?: string; children?: ReactNode }) {
  // /admin's prices come from a periodic computation (platform-prices.server.ts): say when it ran.
  const priceNote = pricesComputedAt ? ` · calculés à ${formatClock(pricesComputedAt)}` : "";
  useLiveRefresh();
  const { days } = charts;
  return (
    <section aria-labelledby="analyses-title" className="mt-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="analyses-title" className="text-lg font-semibold text-slate-900">
            Analyses
          </h2>
          <p className="text-xs text-slate-600">Jours de Paris · mis à jour à {formatClock(charts.refreshedAt)}</p>
        </div>
        <PeriodSwitch current={charts.period} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <DailyChartCard
          title="Annonces importées par jour"
          description="Par source d'import"
          days={days}
          stacked
          series={charts.imports.series.map((item, index) => ({ label: item.source, values: item.counts, colour: SOURCE_COLOURS[index % SOURCE_COLOURS.length]! }))}
        />
        <DailyChartCard
          title="Modération par jour"
          description="Validées (par l'IA ou un agent), blacklistées par un agent, jugées suspectes par l'IA"
          days={days}
          series={[
            { label: "Validées", values: charts.moderation.validated, colour: CHART_COLOURS.emerald },
            { label: "Blacklistées", values: charts.moderation.rejected, colour: CHART_COLOURS.red },
            { label: "Suspectes", values: charts.moderation.suspicious, colour: CHART_COLOURS.amber },
          ]}
        />
        <DailyChartCard
          title="Exports par jour"
          description="Appels de l'API d'export et annonces exportées"
          days={days}
          series={[
            { label: "Appels", values: charts.exports.calls, colour: CHART_COLOURS.violet },
            { label: "Annonces exportées", values: charts.exports.listings, colour: CHART_COLOURS.brand },
          ]}
        />
        <PriceChartCard title="Prix de vente au m²" cities={charts.prices.sale} note={priceNote} />
        <PriceChartCard title="Loyer au m²" cities={charts.prices.rental} note={priceNote} />
        {children}
      </div>
    </section>
  );
}
