import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { exportMethodNotAllowed, exportPreflight, handleExportRequest } from "~/services/export-api.server";

/**
 * The public export API, `POST /functions/v1/get-properties` (DECISIONS.md item 3). Remix
 * sends GET, HEAD and OPTIONS to the loader and every other method to the action.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return request.method === "OPTIONS" ? exportPreflight(request) : exportMethodNotAllowed();
}

export async function action({ request, context }: ActionFunctionArgs) {
  return request.method === "POST" ? handleExportRequest(request, context) : exportMethodNotAllowed();
}
