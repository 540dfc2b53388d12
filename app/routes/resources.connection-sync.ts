import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { z } from "zod";
import {
  SyncRefusedError,
  startConnectionSync,
} from "~/services/connections/connection-sync.server";
import { cancelImportJob, ImportBusyError } from "~/services/imports/import-jobs.server";
import { toImportJobView } from "~/services/imports/import-job-view";
import { requireUser } from "~/utils/permissions.server";
import { redirectWithToast, type Toast } from "~/utils/toast.server";

/**
 * Sync of one of the user's import connections (from /properties and from the connection card):
 * `intent=sync` + `connectionId` starts the job, `intent=cancel` + `jobId` is its Stop.
 */
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sync"), connectionId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("cancel"), jobId: z.string().min(1).max(100) }),
]);

const INVALID = "Requête invalide";

function answer(
  request: Request,
  body: { ok: boolean; toast: Toast; [key: string]: unknown },
  status = 200,
) {
  if (request.headers.get("Sec-Fetch-Mode") === "navigate") {
    // Back to the screen the form was on (a path of this site only).
    const from = new URL(request.headers.get("Referer") ?? "/properties", request.url).pathname;
    return redirectWithToast(from === "/api-connections" ? from : "/properties", body.toast);
  }
  return data(body, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return answer(request, { ok: false, toast: { type: "error", message: INVALID } }, 400);
  const input = parsed.data;

  if (input.intent === "cancel") {
    const cancelled = cancelImportJob(user.id, input.jobId);
    return answer(
      request,
      {
        ok: cancelled,
        toast: cancelled
          ? { type: "info", message: "Arrêt demandé" }
          : { type: "error", message: "Cette synchronisation est déjà terminée" },
      },
      cancelled ? 200 : 400,
    );
  }

  try {
    const job = startConnectionSync(user.id, input.connectionId);
    const name = typeof job.params?.connectionName === "string" ? job.params.connectionName : "";
    return answer(request, {
      ok: true,
      connectionId: input.connectionId,
      job: toImportJobView(job),
      toast: { type: "info", message: `Synchronisation de « ${name} » démarrée` },
    });
  } catch (error) {
    if (error instanceof SyncRefusedError)
      return answer(
        request,
        { ok: false, toast: { type: "error", message: error.message } },
        error.status,
      );
    if (error instanceof ImportBusyError)
      return answer(request, { ok: false, toast: { type: "error", message: error.message } }, 409);
    throw error;
  }
}
