import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import {
  SyncRefusedError,
  startConnectionSync,
} from "~/services/connections/connection-sync.server";
import { importJobKind } from "~/services/imports/import-jobs.server";
import { cancelJob, JobBusyError } from "~/services/jobs/engine.server";
import { toImportJobView } from "~/services/imports/import-job-view";
import { requireUser } from "~/utils/permissions.server";
import { resourceAnswer } from "~/utils/resource-answer.server";
import { readForm } from "~/utils/form-data.server";
import { parseUrl } from "~/utils/safe-redirect";

/**
 * Sync of one of the user's import connections (from /properties and from the connection card):
 * `intent=sync` + `connectionId` starts the job, `intent=cancel` + `jobId` is its Stop.
 */
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sync"), connectionId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("cancel"), jobId: z.string().min(1).max(100) }),
]);

const INVALID = "Requête invalide";

/**
 * The screen a form posted without JavaScript came from (a path of this site only). The Referer is
 * the client's to write: one no URL parser accepts goes back to /properties.
 */
function formPage(request: Request): string {
  const from = parseUrl(request.headers.get("Referer") ?? "/properties", request.url)?.pathname;
  return from === "/api-connections" ? from : "/properties";
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = schema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success)
    return resourceAnswer(
      request,
      { ok: false, toast: { type: "error", message: INVALID } },
      { status: 400, redirectTo: formPage },
    );
  const input = parsed.data;

  if (input.intent === "cancel") {
    const cancelled = cancelJob(importJobKind, user.id, input.jobId);
    return resourceAnswer(
      request,
      {
        ok: cancelled,
        toast: cancelled
          ? { type: "info", message: "Arrêt demandé" }
          : { type: "error", message: "Cette synchronisation est déjà terminée" },
      },
      { status: cancelled ? 200 : 400, redirectTo: formPage },
    );
  }

  try {
    const job = startConnectionSync(user.id, input.connectionId);
    const name = typeof job.params?.connectionName === "string" ? job.params.connectionName : "";
    return resourceAnswer(
      request,
      {
        ok: true,
        connectionId: input.connectionId,
        job: toImportJobView(job),
        toast: { type: "info", message: `Synchronisation de « ${name} » démarrée` },
      },
      { redirectTo: formPage },
    );
  } catch (error) {
    if (error instanceof SyncRefusedError)
      return resourceAnswer(
        request,
        { ok: false, toast: { type: "error", message: error.message } },
        { status: error.status, redirectTo: formPage },
      );
    if (error instanceof JobBusyError)
      return resourceAnswer(
        request,
        { ok: false, toast: { type: "error", message: error.message } },
        { status: 409, redirectTo: formPage },
      );
    throw error;
  }
}
