import { describe, expect, it } from "vitest";
import { lastParisDays, parisDayOf, parisMidnight, shiftDay } from "./paris-days";

const HOUR = 3_600_000;

describe("jours de Paris", () => {
  it("minuit de Paris en hiver (UTC+1) et en été (UTC+2)", () => {
    expect(new Date(parisMidnight("2024-01-10")).toISOString()).toBe("2024-01-09T23:00:00.000Z");
    expect(new Date(parisMidnight("2024-07-14")).toISOString()).toBe("2024-07-13T22:00:00.000Z");
  });

  it("le dimanche du passage à l'heure d'été dure 23 heures, celui du retour 25", () => {
    const [spring] = lastParisDays(1, new Date("2024-03-31T12:00:00Z"));
    expect(spring).toEqual({ day: "2024-03-31", start: Date.parse("2024-03-30T23:00:00Z"), end: Date.parse("2024-03-31T22:00:00Z") });
    expect(spring!.end - spring!.start).toBe(23 * HOUR);
    const [autumn] = lastParisDays(1, new Date("2024-10-27T12:00:00Z"));
    expect(autumn!.end - autumn!.start).toBe(25 * HOUR);
  });

  it("une heure après minuit UTC reste la veille à Paris en hiver, pas le lendemain en été", () => {
    expect(parisDayOf(new Date("2024-01-10T22:59:59Z"))).toBe("2024-01-10");
    expect(parisDayOf(new Date("2024-01-10T23:00:00Z"))).toBe("2024-01-11");
    expect(parisDayOf(new Date("2024-07-14T21:59:59Z"))).toBe("2024-07-14");
    expect(parisDayOf(new Date("2024-07-14T22:00:00Z"))).toBe("2024-07-15");
  });

  it("N jours consécutifs, le plus ancien d'abord, sans trou ni chevauchement", () => {
    const days = lastParisDays(90, new Date("2024-11-05T10:00:00Z"));
    expect(days).toHaveLength(90);
    expect(days.at(-1)!.day).toBe("2024-11-05");
    expect(days[0]!.day).toBe(shiftDay("2024-11-05", -89));
    for (let i = 1; i < days.length; i++) expect(days[i]!.start).toBe(days[i - 1]!.end);
  });

  it("le calcul de jours traverse les fins de mois et d'année", () => {
    expect(shiftDay("2024-12-31", 1)).toBe("2025-01-01");
    expect(shiftDay("2024-03-01", -1)).toBe("2024-02-29");
  });
});
