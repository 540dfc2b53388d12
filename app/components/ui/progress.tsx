export function Progress({ value, label }: { value: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div>
      <div className="flex justify-between text-xs text-slate-700">
        <span>{label}</span>
        <span>{clamped} %</span>
      </div>
      <div className="mt-1 h-2.5 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={clamped}>
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${clamped}%` }} />
      </div>
    </div>
  );
}
