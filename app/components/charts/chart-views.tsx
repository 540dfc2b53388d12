/**
 * The drawn charts (recharts). This module is only reached through React.lazy in chart-slot.tsx:
 * the chart library lands in a chunk of its own, loaded by the pages that draw charts once they
 * run in the browser, never by the landing page.
 */
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from "recharts";
import type { CityPrice } from "~/services/analytics/types";
import { formatNumber } from "~/utils/format";
import { CHART_COLOURS } from "./chart-colours";
import { cityAxis, formatAxisDay, formatPerM2, formatTableDay } from "./chart-format";

export type DailySeriesView = { label: string; values: number[]; colour: string };

const axisTick = { fill: CHART_COLOURS.axis, fontSize: 12 };

// Legend words in the text colour: a light series colour (the quartile bar) would be hard to read.
const legendText = (value: string) => <span style={{ color: CHART_COLOURS.axis }}>{value}</span>;

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
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter="dataKey" formatter={legendText} />
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

/**
 * Price per m² by city: the bar spans the first to the third quartile (drawn as a visible bar
 * stacked on an invisible one up to the first quartile), the mark is the median.
 */
export function PriceRanges({ cities }: { cities: CityPrice[] }) {
  const rows = cities.map((city) => ({ city: city.city, below: city.q1, spread: city.q3 - city.q1, median: city.median, q1: city.q1, q3: city.q3 }));
  const axis = cityAxis(rows.map((row) => row.city));
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, cities.length * 36 + 48)}>
      <ComposedChart layout="vertical" data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke={CHART_COLOURS.grid} />
        <XAxis type="number" tick={axisTick} tickFormatter={(value: number) => formatNumber(value)} domain={[0, "auto"]} />
        <YAxis type="category" dataKey="city" tick={axisTick} width={axis.width} tickFormatter={axis.label} />
        <Tooltip content={<PriceTooltip />} />
        <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
        <Bar dataKey="below" stackId="range" fill="transparent" legendType="none" tooltipType="none" isAnimationActive={false} />
        <Bar dataKey="spread" stackId="range" name="1er – 3e quartile" fill={CHART_COLOURS.brandLight} barSize={18} isAnimationActive={false} />
        <Scatter dataKey="median" name="Médiane" fill={CHART_COLOURS.brand} shape={<MedianMark />} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** The tooltip of a city: its three figures in words, not the stacked bars' lengths. */
function PriceTooltip({ active, payload }: { active?: boolean; payload?: Array<{ payload: { city: string; q1: number; median: number; q3: number } }> }) {
  const row = active ? payload?.[0]?.payload : undefined;
  if (!row) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-sm">
      <p className="font-semibold text-slate-900">{row.city}</p>
      <p className="text-slate-700">1er quartile : {formatPerM2(row.q1)}</p>
      <p className="text-slate-700">Médiane : {formatPerM2(row.median)}</p>
      <p className="text-slate-700">3e quartile : {formatPerM2(row.q3)}</p>
    </div>
  );
}
