import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";

/** The chart library's chunk, fetched by the first chart a page draws (see chart-views.tsx). */
const views = () => import("./chart-views");
export const LazyDailyBars = lazy(() => views().then((module) => ({ default: module.DailyBars })));
export const LazyPriceRanges = lazy(() => views().then((module) => ({ default: module.PriceRanges })));

/**
 * Where a chart is drawn: the server and the first client render keep its height empty (the chart
 * needs the browser's width), then the chart replaces the placeholder. The figure's label and
 * table carry the numbers meanwhile and for assistive technologies.
 */
export function ChartSlot({ label, height = 260, children }: { label: string; height?: number; children: ReactNode }) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const placeholder = <div className="animate-pulse rounded-lg bg-slate-50" style={{ height }} />;
  return (
    <div role="img" aria-label={label} className="min-w-0">
      {inBrowser ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
