import type { ReactNode } from "react";
import { cn } from "./cn";

const TONES = {
  slate: "bg-slate-100 text-slate-800 ring-slate-300",
  brand: "bg-brand-50 text-brand-700 ring-brand-100",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  emerald: "bg-emerald-50 text-emerald-800 ring-emerald-200",
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({ tone = "slate", children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", TONES[tone], className)}>
      {children}
    </span>
  );
}
