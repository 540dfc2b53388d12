import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { cancelJob, JobBusyError } from "~/services/jobs/engine.server";
import { moderationJobKind, startModeration } from "~/services/moderation/jobs.server";
import { toModerationJobView, type PanelActionData } from "~/services/moderation/moderation-job-view";
import { moderationPanelStatus } from "~/services/moderation/panel-status.server";
import { countDuplicates, deleteDuplicates, resetModeration } from "~/services/moderation/maintenance.server";
import { duplicatesDeletedMessage, MODERATION_TEXT } from "~/services/moderation/moderation-texts";
import { logEvent } from "~/utils/log.server";
import { requireUser } from "~/utils/permissions.server";
import { resourceAnswer } from "~/utils/resource-answer.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { readForm } from "~/utils/form-data.server";

/**
 * The moderation panel's one endpoint (on /dashboard and /moderation): its state (GET) and its
 * actions (POST intent): start one batch, auto run, re-analyse, stop, duplicates, reset.
 */
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start") }),
  z.object({ intent: z.literal("auto") }),
  z.object({ intent: z.literal("reanalyze") }),
  z.object({ intent: z.literal("cancel"), jobId: z.string().uuid() }),
  z.object({ intent: z.literal("dedupe-scan") }),
  z.object({ intent: z.literal("dedupe") }),
  z.object({ intent: z.literal("reset") }),
]);


const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return Response.json(moderationPanelStatus(user.id), { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const parsed = actionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return reply(request, form, { ok: false, toast: { type: "error", message: "Action de modération inconnue" } }, 400);
  }
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "start":
      case "auto":
      case "reanalyze": {
        const started = startModeration(user.id, {
          mode: input.intent === "reanalyze" ? "reanalyze" : "pending",
          auto: input.intent !== "start",
        });
        if (!started.job) return reply(request, form, { ok: true, intent: input.intent, toast: { type: "info", message: started.nothing } });
        return reply(request, form, { ok: true, intent: input.intent, job: toModerationJobView(started.job) });
      }
      case "cancel": {
        const stopped = cancelJob(moderationJobKind, user.id, input.jobId);
        if (!stopped) return reply(request, form, { ok: false, intent: input.intent, toast: { type: "error", message: MODERATION_TEXT.stopError } }, 404);
        return reply(request, form, { ok: true, intent: input.intent });
      }
      case "dedupe-scan": {
        const duplicates = countDuplicates(user.id);
        return reply(request, form, {
          ok: true,
          intent: input.intent,
          duplicates,
          toast: duplicates === 0 ? { type: "success", message: MODERATION_TEXT.noDuplicates } : undefined,
        });
      }
      case "dedupe": {
        const { found, deleted } = await deleteDuplicates(user.id);
        const message = found === 0 ? MODERATION_TEXT.noDuplicates : duplicatesDeletedMessage(deleted);
        return reply(request, form, { ok: true, intent: input.intent, duplicates: found, toast: { type: "success", message } });
      }
      case "reset": {
        await resetModeration(user.id);
        return reply(request, form, { ok: true, intent: input.intent, toast: { type: "success", message: MODERATION_TEXT.resetDone } });
      }
    }
  } catch (error) {
    if (error instanceof JobBusyError) {
      return reply(request, form, { ok: false, intent: input.intent, toast: { type: "error", message: error.message } }, 409);
    }
    logEvent("moderation.action_failed", { intent: input.intent, error: (error as Error).message });
    return reply(request, form, { ok: false, intent: input.intent, toast: { type: "error", message: failureMessage(input.intent, error as Error) } }, 500);
  }
}

function failureMessage(intent: string, error: Error) {
  if (intent === "reset") return MODERATION_TEXT.resetError;
  if (intent.startsWith("dedupe")) return `Erreur : ${error.message}`;
  if (intent === "cancel") return MODERATION_TEXT.stopError;
  return `${MODERATION_TEXT.errorPrefix}${error.message}`;
}

/**
 * Fetchers and API clients get JSON with a real status code (a resource route's plain objects
 * would reach direct callers as 200); a plain form post (JavaScript off) goes back to the page it
 * came from with the toast, as every form of the app does.
 */
/** The shared form-post answer; without JavaScript, back to the page the panel was on. */
function reply(request: Request, form: FormData, body: PanelActionData, status = 200) {
  return resourceAnswer(request, body, {
    status,
    headers: NO_STORE,
    redirectTo: () => safeRedirect(form.get("redirectTo"), "/dashboard"),
    navigationToast: body.job ? { type: "info", message: "Modération lancée" } : undefined,
  });
}
