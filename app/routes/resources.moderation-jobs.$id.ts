import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { getModerationJob } from "~/services/moderation/jobs.server";
import { jobView } from "~/services/moderation/panel-status.server";
import { MODERATION_TEXT } from "~/services/moderation/moderation-texts";
import { requireUser } from "~/utils/permissions.server";

/** Progress of one of the user's moderation runs, polled by the panel every JOB_POLL_INTERVAL_MS. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const job = params.id ? getModerationJob(user.id, params.id) : undefined;
  if (!job) return data({ ok: false as const, error: MODERATION_TEXT.jobNotFound }, { status: 404 });
  return { ok: true as const, job: jobView(job) };
}
