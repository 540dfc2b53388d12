import { CHART_TOP } from "~/config";
import type { ParisDay } from "./paris-days";

/** What a per-day SQL query answers: the day's index in the period, a group, and a count. */
export type DayCount = { dayIndex: number; n: number };

/** The days of a period as the JSON a query reads with json_each: [[start, end], ...]. */
export function daysParameter(days: ParisDay[]): string {
  return JSON.stringify(days.map((day) => [day.start, day.end]));
}

/** One number per day of the period, zero for the days without a row. */
export function dailySeries(dayCount: number, rows: DayCount[]): number[] {
  const series = new Array<number>(dayCount).fill(0);
  for (const row of rows) series[row.dayIndex] = (series[row.dayIndex] ?? 0) + row.n;
  return series;
}

/**
 * The imports per day of each source label, biggest sources first; past CHART_TOP.sources the
 * smaller ones are added up as 'Autres' so that a chart keeps a readable legend.
 */
export function sourceSeries(
  dayCount: number,
  rows: Array<DayCount & { source: string }>,
): Array<{ source: string; counts: number[] }> {
  const bySource = new Map<string, DayCount[]>();
  for (const row of rows) bySource.set(row.source, [...(bySource.get(row.source) ?? []), row]);
  const ranked = [...bySource.entries()]
    .map(([source, sourceRows]) => ({ source, counts: dailySeries(dayCount, sourceRows) }))
    .sort((a, b) => total(b.counts) - total(a.counts) || a.source.localeCompare(b.source, "fr"));
  if (ranked.length <= CHART_TOP.sources) return ranked;
  const kept = ranked.slice(0, CHART_TOP.sources - 1);
  const others = ranked.slice(CHART_TOP.sources - 1);
  return [...kept, { source: "Autres", counts: others.reduce((sum, s) => sum.map((n, i) => n + s.counts[i]!), new Array<number>(dayCount).fill(0)) }];
}

const total = (counts: number[]) => counts.reduce((sum, n) => sum + n, 0);

/** The index of the day holding `instant`, or -1 outside the period (days are sorted, contiguous). */
export function dayIndexOf(days: ParisDay[], instant: number): number {
  let low = 0;
  let high = days.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const day = days[middle]!;
    if (instant < day.start) high = middle - 1;
    else if (instant >= day.end) low = middle + 1;
    else return middle;
  }
  return -1;
}
