import { describe, expect, it } from "vitest";
import { cityAxis, CITY_AXIS_CHARS } from "./chart-format";

describe("axe des villes du graphique des prix (issue 24 item 12)", () => {
  it("est assez large pour le nom le plus long, et raccourcit les noms démesurés", () => {
    const axis = cityAxis(["Lyon", "Clermont-Ferrand"]);
    expect(axis.label("Clermont-Ferrand")).toBe("Clermont-Ferrand");
    // 16 characters of at most 7 px each, plus the tick: the former fixed 96 px cut the first letter.
    expect(axis.width).toBeGreaterThanOrEqual(16 * 7);
    const long = "Saint-Rémy-en-Bouzemont-Saint-Genest-et-Isson";
    expect(cityAxis([long]).label(long)).toHaveLength(CITY_AXIS_CHARS);
    expect(cityAxis([long]).label(long).endsWith("…")).toBe(true);
    expect(cityAxis([]).width).toBe(48);
  });
});
