import crypto from "node:crypto";
import os from "node:os";
import { JOB_LEASE_MS } from "~/config";

/**
 * Every process that runs jobs (the server, a CLI) has a worker id, `host:pid:random`, stamped on
 * the jobs it holds: the sweep tells a live worker from a dead one by it.
 */
export const WORKER_ID = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;

/** Whether the worker that stamped a job still runs: its heartbeat is fresh and, on this host, its pid exists. */
export function workerIsAlive(workerId: string | null, heartbeatAt: number | null, now: number): boolean {
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
  return heartbeatAt !== null && now - heartbeatAt < JOB_LEASE_MS;
}
