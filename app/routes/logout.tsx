import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { destroySession } from "~/utils/session.server";

export async function loader() {
  return redirect("/auth");
}

export async function action({ request }: ActionFunctionArgs) {
  return redirect("/auth", { headers: { "Set-Cookie": await destroySession(request) } });
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
