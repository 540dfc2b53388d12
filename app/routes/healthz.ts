import type { LoaderFunctionArgs } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { jobQueue } from "~/services/jobs/queue.server";
import { getDb } from "~/utils/db.server";
import { eventLoopDelaySinceLastRead } from "~/utils/event-loop.server";
import { getUser } from "~/utils/permissions.server";

/**
 * Liveness and readiness: the database answers and the job queue is alive. The public (Fly's
 * checks, anyone) gets "ok" only; the queue's counts and how long the event loop was held since
 * the previous look are for administrators.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  try {
    getDb().get(sql`select 1`);
    const queue = jobQueue();
    const user = await getUser(request);
    if (!user?.isAdmin) return Response.json({ ok: true }, { headers });
    return Response.json(
      {
        ok: true,
        database: "ok",
        queue: { running: queue.pending, waiting: queue.size },
        eventLoopDelay: eventLoopDelaySinceLastRead(),
      },
      { headers },
    );
  } catch {
    return Response.json({ ok: false }, { status: 503, headers });
  }
}
