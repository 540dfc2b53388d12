import { data } from "@remix-run/node";
import { z } from "zod";
import { CHART_DEFAULT_PERIOD, CHART_PERIODS } from "~/config";
import { MSG } from "~/messages";

export type ChartPeriod = (typeof CHART_PERIODS)[number];

const periodSchema = z
  .enum(CHART_PERIODS.map(String) as [string, ...string[]])
  .default(String(CHART_DEFAULT_PERIOD))
  .transform((value) => Number(value) as ChartPeriod);

/** The `?periode=` of a dashboard URL (7, 30 or 90 days; 30 when absent); anything else is a 400. */
export function chartPeriodOf(request: Request): ChartPeriod {
  const parsed = periodSchema.safeParse(new URL(request.url).searchParams.get("periode") ?? undefined);
  if (!parsed.success) throw data({ error: MSG.chartPeriodInvalid }, { status: 400 });
  return parsed.data;
}
