import { describe, expect, it } from "vitest";
import { formatCount, formatNumber, formatSurface } from "./format";

describe("formatage français", () => {
  it("accorde le nom au nombre : singulier pour 0 et 1, pluriel dès 2, nombre groupé", () => {
    expect(formatCount(0, "annonce suspecte", "annonces suspectes")).toBe("0 annonce suspecte");
    expect(formatCount(1, "annonce validée", "annonces validées")).toBe("1 annonce validée");
    expect(formatCount(2, "annonce")).toBe("2 annonces");
    expect(formatCount(2400, "annonce importée", "annonces importées")).toBe("2\u00a0400 annonces importées");
  });

  it("groupe les milliers comme les cartes", () => {
    expect(formatNumber(2400)).toBe("2\u00a0400");
  });

  it("garde les décimales d'une surface (45,5 m², pas 46 m²)", () => {
    expect(formatSurface(45.5)).toBe("45,5\u00a0m²");
    expect(formatSurface(45)).toBe("45\u00a0m²");
    expect(formatSurface(12.25)).toBe("12,25\u00a0m²");
    expect(formatSurface(1250.5)).toBe("1\u00a0250,5\u00a0m²");
  });
});
