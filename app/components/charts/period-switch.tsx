import { Link } from "@remix-run/react";
import { CHART_PERIODS } from "~/config";
import type { ChartPeriod } from "~/services/analytics/period";
import { cn } from "../ui/cn";

/** 7 / 30 / 90 jours: links to `?periode=`, so a period can be bookmarked and works without JavaScript. */
export function PeriodSwitch({ current }: { current: ChartPeriod }) {
  return (
    <nav aria-label="Période des graphiques" className="inline-flex rounded-lg border border-slate-200 bg-white p-1 shadow-sm">
      {CHART_PERIODS.map((period) => (
        <Link
          key={period}
          to={`?periode=${period}`}
          preventScrollReset
          aria-current={period === current ? "page" : undefined}
          className={cn(
            "rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600",
            period === current ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100",
          )}
        >
          {period} jours
        </Link>
      ))}
    </nav>
  );
}
