import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "./cn";

export const inputClasses =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-inset focus:ring-brand-600 aria-[invalid=true]:ring-red-500";

type Common = { label: ReactNode; hint?: ReactNode; errors?: string[] | null; className?: string };

function FieldShell({ id, label, hint, errors, className, children }: Common & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {hint ? <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">{hint}</p> : null}
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint: ReactNode, errors?: string[] | null) {
  return [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

export function Field({ label, hint, errors, className, id, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const fallback = useId();
  const inputId = id ?? fallback;
  return (
    <FieldShell id={inputId} label={label} hint={hint} errors={errors} className={className}>
      <input id={inputId} className={inputClasses} aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy(inputId, hint, errors)} {...input} />
    </FieldShell>
  );
}

export function TextareaField({ label, hint, errors, className, id, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const fallback = useId();
  const inputId = id ?? fallback;
  return (
    <FieldShell id={inputId} label={label} hint={hint} errors={errors} className={className}>
      <textarea id={inputId} className={inputClasses} aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy(inputId, hint, errors)} {...input} />
    </FieldShell>
  );
}

export function SelectField({ label, hint, errors, className, id, children, ...input }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const fallback = useId();
  const inputId = id ?? fallback;
  return (
    <FieldShell id={inputId} label={label} hint={hint} errors={errors} className={className}>
      <select id={inputId} className={cn(inputClasses, "pr-8")} aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy(inputId, hint, errors)} {...input}>
        {children}
      </select>
    </FieldShell>
  );
}
