import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { NotFoundText } from "~/components/not-found-text";
import { logEvent } from "~/utils/log.server";

export async function loader({ request }: LoaderFunctionArgs) {
  logEvent("http.not_found", { path: new URL(request.url).pathname });
  return data(null, { status: 404 });
}

export async function action({ request }: LoaderFunctionArgs) {
  logEvent("http.not_found", { path: new URL(request.url).pathname, method: request.method });
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <NotFoundText />
      <Link to="/" className="text-brand-700 underline">
        Retour à l&apos;accueil
      </Link>
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Page introuvable | Vigimmo" }];

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
