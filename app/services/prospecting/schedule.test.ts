import { describe, expect, it } from "vitest";
import { isDue, nextRunAfter, rescheduled } from "./schedule";

const at = (iso: string) => new Date(iso);

describe("zone schedule", () => {
  it("runs a period after the start of the last run; a manual zone never comes due", () => {
    expect(nextRunAfter(6, at("2026-03-01T08:00:00Z"))).toEqual(at("2026-03-01T14:00:00Z"));
    expect(nextRunAfter(null, at("2026-03-01T08:00:00Z"))).toBeNull();
    expect(isDue({ nextRunAt: null }, at("2030-01-01T00:00:00Z"))).toBe(false);
  });

  it("is due at its date and after it, not before", () => {
    const zone = { nextRunAt: at("2026-03-01T14:00:00Z") };
    expect(isDue(zone, at("2026-03-01T13:59:59Z"))).toBe(false);
    expect(isDue(zone, at("2026-03-01T14:00:00Z"))).toBe(true);
    expect(isDue(zone, at("2026-03-03T09:00:00Z"))).toBe(true);
  });

  it("after a downtime of many periods, the catch-up run is followed by one period, not by the missed slots", () => {
    const restart = at("2026-03-03T09:00:00Z");
    const next = nextRunAfter(1, restart)!;
    expect(isDue({ nextRunAt: next }, restart)).toBe(false);
    expect(next).toEqual(at("2026-03-03T10:00:00Z"));
  });

  it("a changed frequency keeps an earlier date and brings a later one closer", () => {
    const now = at("2026-03-01T08:00:00Z");
    expect(rescheduled(24, null, now)).toEqual(at("2026-03-02T08:00:00Z"));
    expect(rescheduled(1, at("2026-03-02T08:00:00Z"), now)).toEqual(at("2026-03-01T09:00:00Z"));
    expect(rescheduled(24, at("2026-03-01T09:00:00Z"), now)).toEqual(at("2026-03-01T09:00:00Z"));
    expect(rescheduled(null, at("2026-03-01T09:00:00Z"), now)).toBeNull();
  });
});
