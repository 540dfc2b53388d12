import { describe, expect, it } from "vitest";
import { cityQuartiles } from "./city-quartiles";

describe("quartiles du prix au m² par ville", () => {
  it("rang le plus proche sur une liste triée, arrondi à l'euro", () => {
    const rows: Array<[string, number]> = [10, 20, 30, 40, 50, 60, 70, 80].map((v) => ["Lyon", v + 0.4]);
    expect(cityQuartiles(rows, 10)).toEqual([{ city: "Lyon", listings: 8, q1: 20, median: 40, q3: 60 }]);
  });

  it("une seule annonce : ses trois quartiles valent son prix", () => {
    expect(cityQuartiles([["Nantes", 3210]], 10)).toEqual([{ city: "Nantes", listings: 1, q1: 3210, median: 3210, q3: 3210 }]);
  });

  it("garde les villes les plus représentées, la plus représentée d'abord, à égalité par nom", () => {
    const rows: Array<[string, number]> = [
      ["Brest", 1],
      ["Lyon", 1],
      ["Lyon", 2],
      ["Arles", 5],
      ["Paris", 9],
      ["Paris", 8],
      ["Paris", 7],
    ];
    expect(cityQuartiles(rows, 3).map((city) => city.city)).toEqual(["Paris", "Lyon", "Arles"]);
  });

  it("aucune annonce : aucune ville", () => {
    expect(cityQuartiles([], 10)).toEqual([]);
  });
});
