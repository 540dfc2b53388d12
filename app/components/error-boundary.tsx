import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { showToast } from "./toasts";

/**
 * The ErrorBoundary of every route module: an error keeps the app shell around it (the
 * navigation of the signed-in layout stays usable) and shows a French message. A response
 * thrown with `{ error }` (the guards, readForm, a 404 of an unknown id) shows its own message;
 * anything else shows the route's `message` (SPEC's "Erreur lors du chargement ...") as a toast
 * too, like the screens did when they caught their own errors.
 */
export function GeneralErrorBoundary({ message = "Une erreur inattendue est survenue. Réessayez dans un instant." }: { message?: string }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const answered =
    isRouteErrorResponse(error) && typeof error.data === "object" && error.data && "error" in error.data
      ? String((error.data as { error: unknown }).error)
      : null;
  const shown = status === 404 && !answered ? "Page introuvable" : (answered ?? message);
  useEffect(() => {
    if (!answered && status !== 404) showToast({ type: "error", message: shown });
  }, [answered, status, shown]);
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <p className="text-5xl font-bold text-brand-600">{status}</p>
      <h1 className="text-xl font-semibold">{shown}</h1>
      <Link to="/dashboard" className="text-brand-700 underline">
        Retour au tableau de bord
      </Link>
    </section>
  );
}
