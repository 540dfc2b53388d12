import type { LoaderFunctionArgs } from "@remix-run/node";
import { getModerationJob } from "~/services/moderation/jobs.server";
import { MODERATION_TEXT } from "~/services/moderation/moderation-texts";
import { jobView, type ModerationJobView } from "~/services/moderation/panel-status.server";
import { requireUser } from "~/utils/permissions.server";

export type JobPollData = { ok: true; job: ModerationJobView } | { ok: false; error: string };

const NO_STORE = { "Cache-Control": "no-store" };

/** Progress of one of the user's moderation runs, polled by the panel every JOB_POLL_INTERVAL_MS. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const job = params.id ? getModerationJob(user.id, params.id) : undefined;
  if (!job) return Response.json({ ok: false, error: MODERATION_TEXT.jobNotFound } satisfies JobPollData, { status: 404, headers: NO_STORE });
  return Response.json({ ok: true, job: jobView(job) } satisfies JobPollData, { headers: NO_STORE });
}
