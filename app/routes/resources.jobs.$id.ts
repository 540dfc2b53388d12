import type { LoaderFunctionArgs } from "@remix-run/node";
import { findJobView } from "~/services/jobs/kinds.server";
import type { JobPollAnswer } from "~/services/jobs/job-view";
import { MSG } from "~/messages";
import { requireUser } from "~/utils/permissions.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Progress of one of the user's jobs, whatever its kind (import, connection sync, moderation
 * run...), polled every JOB_POLL_INTERVAL_MS by the progress hook (useJob). A job of another user
 * answers the same 404 as an unknown id.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const job = params.id ? findJobView(user.id, params.id) : undefined;
  if (!job) return Response.json({ ok: false, error: MSG.jobNotFound } satisfies JobPollAnswer, { status: 404, headers: NO_STORE });
  return Response.json({ ok: true, job } satisfies JobPollAnswer, { headers: NO_STORE });
}
