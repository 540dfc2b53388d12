import type { LoaderFunctionArgs } from "@remix-run/node";
import { getImportJob } from "~/services/imports/import-jobs.server";
import { toImportJobView } from "~/services/imports/import-job-view";
import { requireUser } from "~/utils/permissions.server";

/**
 * Polled every 500 ms by the import progress component (any import: MoteurImmo, file,
 * connection). A job of another user answers the same 404 as an unknown id.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const job = params.id ? getImportJob(user.id, params.id) : undefined;
  if (!job) {
    return Response.json({ ok: false, error: "Import introuvable" }, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return Response.json({ ok: true, job: toImportJobView(job) }, { headers: { "Cache-Control": "no-store" } });
}
