import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Card } from "../ui/card";

/** The signed-out screens (/auth and its forgotten-password pages): the product's name, then one card. */
export function AuthFrame({ tagline, children }: { tagline?: string; children: ReactNode }) {
  return (
    <main className="flex min-h-full items-center justify-center bg-gradient-to-br from-brand-50 to-white px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 text-center">
          <Link to="/" className="text-3xl font-bold text-brand-700">
            Vigimmo
          </Link>
          {tagline ? <p className="mt-2 text-slate-700">{tagline}</p> : null}
        </div>
        <Card className="p-6">{children}</Card>
      </div>
    </main>
  );
}

/** A titled card of the forgotten-password pages, with a link back under the form. */
export function AuthCard({ title, intro, footer, children }: { title: string; intro?: string; footer: { to: string; label: string }; children: ReactNode }) {
  return (
    <AuthFrame>
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {intro ? <p className="mt-2 text-sm text-slate-600">{intro}</p> : null}
      <div className="mt-6">{children}</div>
      <p className="mt-4 text-center text-sm">
        <Link to={footer.to} className="font-medium text-brand-700 underline">
          {footer.label}
        </Link>
      </p>
    </AuthFrame>
  );
}

/** A form's error above its button (conform's form-level errors, or the server's refusal). */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}
