import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { exportApiResponse } from "~/services/export/export-api.server";

/**
 * The public export API, `POST /functions/v1/get-properties` (DECISIONS.md item 3). Remix
 * sends GET, HEAD and OPTIONS to the loader and every other method to the action; the service
 * answers each method (POST, the OPTIONS preflight, 405 otherwise). The production server
 * reaches the same service without Remix's per-request routing (docs/decisions/007-export-api.md).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return exportApiResponse(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return exportApiResponse(request, context);
}
