import { ZONE_SCHEDULER } from "~/config";
import { env } from "~/utils/env.server";
import { logEvent } from "~/utils/log.server";
import type { ImportJob } from "../imports/import-source.server";
import { JobBusyError } from "../jobs/engine.server";
import { dueZones, openZoneRunCount, startZoneRun } from "./zone-runs.server";

/**
 * The zone scheduler (docs/decisions/019-prospecting-zones.md): in the server process, on the
 * job engine, started by bootstrap() — where jobs run. Each tick starts the due zones as import
 * jobs: at most ZONE_SCHEDULER.maxConcurrentRuns open at once overall, one per user (the engine
 * refuses a second open import of a user, so a zone never runs twice at once). A zone that had
 * to wait stays due and goes at a later tick. After a restart the first tick finds the zones
 * that came due meanwhile and runs each once.
 */

const state = globalThis as unknown as { __vigimmoZoneScheduler?: NodeJS.Timeout };

/** Starts the due zones that fit; returns the runs started. */
export function startDueZoneRuns(now = new Date()): ImportJob[] {
  let free = ZONE_SCHEDULER.maxConcurrentRuns - openZoneRunCount();
  if (free <= 0) return [];
  const started: ImportJob[] = [];
  const waiting = new Set<string>();
  // A few more than the free slots: some users may be busy with another import.
  for (const zone of dueZones(now, free + ZONE_SCHEDULER.maxConcurrentRuns * 5)) {
    if (free <= 0) break;
    if (waiting.has(zone.userId)) continue;
    try {
      const job = startZoneRun(zone.userId, zone.id, now);
      if (!job) continue;
      started.push(job);
      waiting.add(zone.userId);
      free -= 1;
      logEvent("zone.run_scheduled", { zoneId: zone.id, jobId: job.id });
    } catch (error) {
      if (!(error instanceof JobBusyError)) throw error;
      waiting.add(zone.userId);
    }
  }
  return started;
}

/** Whether scheduled runs are on (SCHEDULER=off stops them for maintenance; manual runs still work). */
export function schedulerEnabled(): boolean {
  return env().scheduler;
}

/** Starts ticking (bootstrap); a first tick at once catches up with the zones due during a downtime. */
export function startZoneScheduler(): boolean {
  if (!schedulerEnabled()) {
    logEvent("scheduler.off");
    return false;
  }
  if (state.__vigimmoZoneScheduler) return true;
  const tick = () => {
    try {
      startDueZoneRuns();
    } catch (error) {
      logEvent("scheduler.error", { error: (error as Error).message });
    }
  };
  state.__vigimmoZoneScheduler = setInterval(tick, ZONE_SCHEDULER.tickMs);
  state.__vigimmoZoneScheduler.unref();
  tick();
  return true;
}

export function stopZoneScheduler() {
  if (state.__vigimmoZoneScheduler) clearInterval(state.__vigimmoZoneScheduler);
  state.__vigimmoZoneScheduler = undefined;
}
