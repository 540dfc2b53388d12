import crypto from "node:crypto";
import os from "node:os";
import { and, eq, inArray, ne } from "drizzle-orm";
import { importJobs, moderationJobs } from "#db/schema";
import { JOB_HEARTBEAT_MS, JOB_LEASE_MS } from "~/config";
import { MSG } from "~/messages";
import { getDb } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";

/**
 * Job leases. Every process (the server, a CLI) has a worker id; it stamps the jobs it holds and
 * renews their heartbeat. A job whose worker stopped renewing (crash, kill -9, restart) is failed
 * by the sweep with a French message; a CLI working alongside the server keeps its own heartbeat
 * and is never mistaken for a dead worker.
 */
export const WORKER_ID = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;

export type JobKind = "import" | "moderation";
const TABLES = { import: importJobs, moderation: moderationJobs } as const;

type Held = { kind: JobKind; id: string; controller: AbortController };
const state = globalThis as unknown as {
  __vigimmoHeldJobs?: Map<string, Held>;
  __vigimmoHeartbeat?: NodeJS.Timeout;
};
const held = (state.__vigimmoHeldJobs ??= new Map<string, Held>());

export function jobTable(kind: JobKind) {
  return TABLES[kind];
}

/** Marks a freshly created job as held by this process; returns its abort signal. */
export function holdJob(kind: JobKind, id: string): AbortSignal {
  const controller = new AbortController();
  held.set(`${kind}:${id}`, { kind, id, controller });
  ensureHeartbeat();
  return controller.signal;
}

export function releaseJob(kind: JobKind, id: string) {
  held.delete(`${kind}:${id}`);
  if (held.size === 0 && state.__vigimmoHeartbeat) {
    clearInterval(state.__vigimmoHeartbeat);
    state.__vigimmoHeartbeat = undefined;
  }
}

/** Aborts the in-flight work of a job held by this process (Stop, shutdown). */
export function abortHeldJob(kind: JobKind, id: string) {
  held.get(`${kind}:${id}`)?.controller.abort();
}

export function heldJobs(): Array<{ kind: JobKind; id: string }> {
  return [...held.values()].map(({ kind, id }) => ({ kind, id }));
}

function ensureHeartbeat() {
  if (state.__vigimmoHeartbeat) return;
  state.__vigimmoHeartbeat = setInterval(renewHeldJobs, JOB_HEARTBEAT_MS);
  state.__vigimmoHeartbeat.unref();
}

/** Renews the heartbeat of held jobs and aborts those cancelled meanwhile (Stop from another process). */
export function renewHeldJobs() {
  const db = getDb();
  const now = new Date();
  for (const job of held.values()) {
    const table = TABLES[job.kind];
    const row = db
      .select({ status: table.status })
      .from(table)
      .where(eq(table.id, job.id))
      .get();
    if (!row || row.status === "cancelled" || row.status === "failed") {
      job.controller.abort();
      continue;
    }
    db.update(table)
      .set({ heartbeatAt: now, workerId: WORKER_ID })
      .where(and(eq(table.id, job.id), inArray(table.status, ["pending", "processing"])))
      .run();
  }
}

function workerIsAlive(workerId: string | null, heartbeatAt: Date | null, now: number): boolean {
  if (!workerId) return false;
  const [host, pid] = workerId.split(":");
  if (host === os.hostname() && pid) {
    // Same machine: the process table answers at once, no need to wait for the lease to expire.
    try {
      process.kill(Number(pid), 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    }
  }
  return heartbeatAt !== null && now - heartbeatAt.getTime() < JOB_LEASE_MS;
}

/** Fails the unfinished jobs whose worker is gone. Returns how many were failed. */
export function sweepDeadJobs(now = Date.now()): number {
  const db = getDb();
  let failed = 0;
  for (const kind of Object.keys(TABLES) as JobKind[]) {
    const table = TABLES[kind];
    const open = db
      .select({ id: table.id, workerId: table.workerId, heartbeatAt: table.heartbeatAt })
      .from(table)
      .where(and(inArray(table.status, ["pending", "processing"]), ne(table.workerId, WORKER_ID)))
      .all();
    for (const job of open) {
      if (workerIsAlive(job.workerId, job.heartbeatAt, now)) continue;
      const result = db
        .update(table)
        .set({ status: "failed", message: MSG.jobInterrupted, finishedAt: new Date(now) })
        .where(and(eq(table.id, job.id), inArray(table.status, ["pending", "processing"])))
        .run();
      if (result.changes > 0) {
        failed += 1;
        logEvent("job.failed_dead_worker", { kind, jobId: job.id, workerId: job.workerId });
      }
    }
  }
  return failed;
}


/** Shutdown: asks every job of this process to stop after its current batch. */
export function abortHeldJobs() {
  for (const job of held.values()) job.controller.abort();
}
