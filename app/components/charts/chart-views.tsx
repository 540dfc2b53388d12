/**
 * The drawn charts (recharts). This module is only reached through React.lazy in chart-slot.tsx:
 * the chart library lands in a chunk of its own, loaded by the pages that draw charts once they
 * run in the browser, never by the landing page.
 */
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from "recharts";
import type { CityPrice } from "~/services/analytics/types";
import { formatNumber } from "~/utils/format";
import { CHART_COLOURS } from "./chart-colours";
import { formatAxisDay, formatPerM2, formatTableDay } from "./chart-format";

export type DailySeriesView = { label: string; values: number[]; colour: string };

const axisTick = { fill: CHART_COLOURS.axis, fontSize: 12 };

/** Bars per day, one colour per series; stacked when the series add up to a whole (imports by source). */
export function DailyBars({ days, series, stacked = false }: { days: string[]; series: DailySeriesView[]; stacked?: boolean }) {
  const rows = days.map((day, index) => ({ day, ...Object.fromEntries(series.map((item, key) => [`s${key}`, item.values[index] ?? 0])) }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke={CHART_COLOURS.grid} />
        <XAxis dataKey="day" tickFormatter={formatAxisDay} tick={axisTick} minTickGap={16} />
        <YAxis allowDecimals={false} tick={axisTick} tickFormatter={(value: number) => formatNumber(value)} />
        <Tooltip labelFormatter={(day) => formatTableDay(String(day))} formatter={(value) => formatNumber(Number(value))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((item, key) => (
          <Bar key={item.label} dataKey={`s${key}`} name={item.label} fill={item.colour} stackId={stacked ? "day" : undefined} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Median line on the interquartile bar of each city. */
function MedianMark({ cx, cy }: { cx?: number; cy?: number }) {
  if (cx === undefined || cy === undefined) return null;
  return <rect x={cx - 2} y={cy - 11} width={4} height={22} fill={CHART_COLOURS.brand} />;
}

/** Price per m² by city: the bar spans the first to the third quartile, the mark is the median. */
export function PriceRanges({ cities }: { cities: CityPrice[] }) {
  const rows = cities.map((city) => ({ city: city.city, range: [city.q1, city.q3], median: city.median }));
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, cities.length * 36 + 48)}>
      <ComposedChart layout="vertical" data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke={CHART_COLOURS.grid} />
        <XAxis type="number" tick={axisTick} tickFormatter={(value: number) => formatNumber(value)} domain={[0, "auto"]} />
        <YAxis type="category" dataKey="city" tick={axisTick} width={96} />
        <Tooltip
          formatter={(value, name) =>
            Array.isArray(value) ? [`${formatPerM2(Number(value[0]))} – ${formatPerM2(Number(value[1]))}`, name] : [formatPerM2(Number(value)), name]
          }
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="range" name="1er – 3e quartile" fill={CHART_COLOURS.brandLight} barSize={18} isAnimationActive={false} />
        <Scatter dataKey="median" name="Médiane" fill={CHART_COLOURS.brand} shape={<MedianMark />} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
