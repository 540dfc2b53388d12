import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Card } from "../ui/card";

/** The frame of the signed-out screens around /auth: the product's name, then one card. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <main className="flex min-h-full items-center justify-center bg-gradient-to-br from-brand-50 to-white px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 text-center">
          <Link to="/" className="text-3xl font-bold text-brand-700">
            Vigimmo
          </Link>
        </div>
        <Card className="p-6">
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          {intro ? <p className="mt-2 text-sm text-slate-600">{intro}</p> : null}
          <div className="mt-6">{children}</div>
        </Card>
      </div>
    </main>
  );
}
