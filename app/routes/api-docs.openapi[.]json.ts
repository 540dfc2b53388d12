import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportApiOpenApiDocument } from "~/services/export/export-api-openapi.server";

/**
 * GET /api-docs/openapi.json: the OpenAPI 3.1 description of the export API and its webhooks
 * (issue 27). Public, like the API it describes: customers' generators, Postman and Insomnia
 * fetch it without a session, from any origin.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json(exportApiOpenApiDocument(new URL(request.url).origin), {
    headers: { "Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=300" },
  });
}
