import { Link } from "@remix-run/react";
import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "./cn";

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("rounded-xl border border-slate-200 bg-white shadow-sm", className)} {...props} />;
}

export function CardHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
      <div>
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}

export function CardBody({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("px-5 py-4", className)} {...props} />;
}

/** A figure card of the dashboards; with `to`, the whole card links to the list behind the figure. */
export function StatCard({ label, value, hint, tone = "slate", to }: { label: string; value: ReactNode; hint?: ReactNode; tone?: "slate" | "amber" | "red" | "emerald" | "brand" | "rose"; to?: string }) {
  const tones = {
    slate: "text-slate-900",
    amber: "text-amber-600",
    red: "text-red-600",
    emerald: "text-emerald-600",
    brand: "text-brand-600",
    rose: "text-rose-700",
  };
  const body = (
    <>
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className={cn("mt-2 text-3xl font-bold tabular-nums", tones[tone])}>{value}</p>
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
    </>
  );
  if (!to) return <Card className="p-5">{body}</Card>;
  return (
    <Link
      to={to}
      className="block rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {body}
    </Link>
  );
}
