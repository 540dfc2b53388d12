/**
 * When a search zone runs (issue 14). A zone keeps one date, its next run; a run (scheduled or
 * "Lancer maintenant") sets it one period after the run's start. A server that was down for
 * several periods finds the date in the past and runs the zone once: the next date is counted
 * from that run, not from the slots that were missed.
 */
const HOUR_MS = 60 * 60 * 1000;

/** The next run after one starting at `startedAt`; null for a manual zone. */
export function nextRunAfter(frequencyHours: number | null, startedAt: Date): Date | null {
  return frequencyHours === null ? null : new Date(startedAt.getTime() + frequencyHours * HOUR_MS);
}

export function isDue(zone: { nextRunAt: Date | null }, now: Date): boolean {
  return zone.nextRunAt !== null && zone.nextRunAt.getTime() <= now.getTime();
}

/**
 * The next run after the frequency was set or changed: a zone that had none, or had one further
 * away than the new period, gets one period from now; an earlier date stays.
 */
export function rescheduled(frequencyHours: number | null, current: Date | null, now: Date): Date | null {
  const next = nextRunAfter(frequencyHours, now);
  if (next === null || current === null) return next;
  return current.getTime() < next.getTime() ? current : next;
}
