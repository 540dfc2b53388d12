/**
 * Europe/Paris calendar days as instants. The charts count per French business day, and a Paris
 * day lasts 23 or 25 hours on the two DST Sundays: days are bounded by their real midnights, never
 * by adding 24 hours.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Paris",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const wallClockFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "Europe/Paris",
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
});

/** A Paris day and the instants [start, end) it covers, in epoch milliseconds. */
export type ParisDay = { day: string; start: number; end: number };

/** The Paris calendar day ('YYYY-MM-DD') of an instant. */
export function parisDayOf(instant: Date | number): string {
  return dayFormat.format(instant);
}

/** How far Paris wall clocks are ahead of UTC at an instant (1 or 2 hours). */
function parisOffsetAt(instant: number): number {
  const parts = Object.fromEntries(
    wallClockFormat.formatToParts(instant).map((part) => [part.type, Number(part.value)]),
  );
  const wallClock = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return wallClock - Math.floor(instant / 60_000) * 60_000;
}

/** The instant of midnight in Paris at the start of `day` ('YYYY-MM-DD'). */
export function parisMidnight(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const guess = utcMidnight - parisOffsetAt(utcMidnight);
  // Clocks never change at midnight in Paris (they do at 2 or 3 a.m.), so one correction settles it.
  return utcMidnight - parisOffsetAt(guess);
}

/** The calendar day `delta` days after `day` (calendar arithmetic on the date, not on instants). */
export function shiftDay(day: string, delta: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + delta * DAY_MS).toISOString().slice(0, 10);
}

/** The last `count` Paris days up to and including the one of `now`, oldest first. */
export function lastParisDays(count: number, now: Date | number = Date.now()): ParisDay[] {
  const today = parisDayOf(now);
  // count + 1 midnights: each day ends at the next one's start.
  const days = Array.from({ length: count + 1 }, (_, index) => shiftDay(today, index - count + 1));
  const midnights = days.map(parisMidnight);
  return days.slice(0, count).map((day, index) => ({ day, start: midnights[index]!, end: midnights[index + 1]! }));
}
