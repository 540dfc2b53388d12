import { JOB_HEARTBEAT_MS } from "~/config";
import type { JobKind } from "./job-kind";
import { renewLease } from "./status-writer.server";

/**
 * The jobs this process holds. It renews their heartbeat every JOB_HEARTBEAT_MS, so the sweep of
 * another process (the server beside a CLI) never takes them for dead, and aborts those cancelled
 * meanwhile (a Stop clicked on the server while a CLI runs the job).
 */
type Held = { kind: Pick<JobKind, "name" | "table">; id: string; controller: AbortController };
const state = globalThis as unknown as {
  __vigimmoHeldJobs?: Map<string, Held>;
  __vigimmoHeartbeat?: NodeJS.Timeout;
};
const held = (state.__vigimmoHeldJobs ??= new Map<string, Held>());

/** Marks a job as held by this process; returns its abort signal. */
export function holdJob(kind: Held["kind"], id: string): AbortSignal {
  const controller = new AbortController();
  held.set(`${kind.name}:${id}`, { kind, id, controller });
  ensureHeartbeat();
  return controller.signal;
}

export function releaseJob(kind: Held["kind"], id: string) {
  held.delete(`${kind.name}:${id}`);
  if (held.size === 0 && state.__vigimmoHeartbeat) {
    clearInterval(state.__vigimmoHeartbeat);
    state.__vigimmoHeartbeat = undefined;
  }
}

/** Aborts the in-flight work of a job held by this process (Stop). */
export function abortHeldJob(kind: Held["kind"], id: string) {
  held.get(`${kind.name}:${id}`)?.controller.abort();
}

export function heldJobs(): Array<{ kind: Held["kind"]; id: string }> {
  return [...held.values()].map(({ kind, id }) => ({ kind, id }));
}

/** Shutdown: asks every job of this process to stop after its current batch. */
export function abortHeldJobs() {
  for (const job of held.values()) job.controller.abort();
}

function ensureHeartbeat() {
  if (state.__vigimmoHeartbeat) return;
  state.__vigimmoHeartbeat = setInterval(renewHeldJobs, JOB_HEARTBEAT_MS);
  state.__vigimmoHeartbeat.unref();
}

/** Renews the heartbeat of held jobs and aborts those cancelled or failed meanwhile. */
export function renewHeldJobs() {
  for (const job of held.values()) {
    const status = renewLease(job.kind, job.id);
    if (!status || status === "cancelled" || status === "failed") job.controller.abort();
  }
}
