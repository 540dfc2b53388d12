import { sql } from "drizzle-orm";
import { jobQueue } from "~/services/jobs/queue.server";
import { getDb } from "~/utils/db.server";

/** Liveness and readiness: the database answers and the job queue is alive. */
export async function loader() {
  try {
    getDb().get(sql`select 1`);
    const queue = jobQueue();
    return Response.json({ ok: true, database: "ok", queue: { running: queue.pending, waiting: queue.size } });
  } catch (error) {
    return Response.json({ ok: false, error: (error as Error).message }, { status: 503 });
  }
}
