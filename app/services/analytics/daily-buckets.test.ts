import { describe, expect, it } from "vitest";
import { dailySeries, dayIndexOf, sourceSeries } from "./daily-buckets";
import { lastParisDays } from "./paris-days";

describe("séries par jour", () => {
  it("un nombre par jour, zéro les jours sans ligne, les lignes d'un même jour additionnées", () => {
    expect(dailySeries(4, [{ dayIndex: 1, n: 2 }, { dayIndex: 3, n: 1 }, { dayIndex: 1, n: 5 }])).toEqual([0, 7, 0, 1]);
  });

  it("sources de même nom fusionnées, la plus grosse d'abord, au-delà de cinq les petites en « Autres »", () => {
    const rows = ["A", "B", "C", "D", "E", "F", "G"].flatMap((source, rank) => [{ source, dayIndex: 0, n: 10 - rank }]);
    rows.push({ source: "A", dayIndex: 1, n: 1 });
    const series = sourceSeries(2, rows);
    expect(series.map((item) => item.source)).toEqual(["A", "B", "C", "D", "Autres"]);
    expect(series[0]!.counts).toEqual([10, 1]);
    expect(series.at(-1)!.counts).toEqual([6 + 5 + 4, 0]);
  });

  it("retrouve le jour de Paris d'un instant, -1 hors de la période", () => {
    const days = lastParisDays(3, new Date("2024-03-31T12:00:00Z"));
    expect(dayIndexOf(days, Date.parse("2024-03-30T23:00:00Z"))).toBe(2);
    expect(dayIndexOf(days, Date.parse("2024-03-30T22:59:59Z"))).toBe(1);
    expect(dayIndexOf(days, Date.parse("2024-03-31T22:00:00Z"))).toBe(-1);
    expect(dayIndexOf(days, Date.parse("2024-03-28T22:59:59Z"))).toBe(-1);
  });
});
