import { describe, expect, it } from "vitest";
import { communeByCode, departmentByCode, foldPlaceName, municipalityCode, resolveCommune, searchCommunes } from "./communes.server";

describe("communes (code officiel géographique)", () => {
  it("finds a commune by INSEE code, with its postal codes", () => {
    expect(communeByCode("69123")).toMatchObject({ name: "Lyon", department: "69", parent: null });
    expect(communeByCode("69123")?.postalCodes).toContain("69003");
    expect(communeByCode("75115")).toMatchObject({ name: "Paris 15e Arrondissement", parent: "75056" });
    expect(departmentByCode("2a")).toMatchObject({ name: "Corse-du-Sud" });
  });

  it("searches by name without accents, hyphens or « St » abbreviations, the largest first", () => {
    expect(searchCommunes("villeurbanne")[0]).toMatchObject({ code: "69266" });
    expect(searchCommunes("st etienne")[0]).toMatchObject({ code: "42218" });
    expect(searchCommunes("SAINT-ÉTIENNE")[0]).toMatchObject({ code: "42218" });
    expect(searchCommunes("x")).toEqual([]);
  });

  it("puts a commune before its arrondissements, in their order (issue 24 item 11)", () => {
    const lyon = searchCommunes("lyon").map((c) => c.name);
    expect(lyon.slice(0, 4)).toEqual(["Lyon", "Lyon 1er Arrondissement", "Lyon 2e Arrondissement", "Lyon 3e Arrondissement"]);
    expect(searchCommunes("69001").map((c) => c.name).slice(0, 2)).toEqual(["Lyon", "Lyon 1er Arrondissement"]);
    const paris = searchCommunes("paris", 21).filter((c) => c.parent === "75056").map((c) => c.code);
    expect(paris).toEqual([...paris].sort());
  });

  it("searches by postal code or its first digits", () => {
    const lyon3 = searchCommunes("69003").map((c) => c.code);
    expect(lyon3).toEqual(expect.arrayContaining(["69123", "69383"]));
    expect(searchCommunes("590", 5).every((c) => c.postalCodes.some((p) => p.startsWith("590")) || c.code.startsWith("590"))).toBe(true);
  });

  it("resolves an address to its commune whatever the spelling", () => {
    expect(resolveCommune("69100", "Villeurbanne")?.code).toBe("69266");
    expect(resolveCommune("69100", "VILLEURBANNE")?.code).toBe("69266");
    expect(municipalityCode(resolveCommune("75015", "Paris 15e")!)).toBe("75056");
    expect(municipalityCode(resolveCommune("75015", null)!)).toBe("75056");
    expect(resolveCommune(null, "Montpellier")?.code).toBe("34172");
    expect(resolveCommune("00000", "Nulle-Part")).toBeUndefined();
  });

  it("resolves a former commune's name to the commune it belongs to now", () => {
    expect(resolveCommune("59160", "Lomme")?.code).toBe("59350");
    expect(resolveCommune("59260", "Hellemmes-Lille")?.code).toBe("59350");
    expect(resolveCommune(null, "Lomme")?.code).toBe("59350");
    expect(resolveCommune("93380", "Pierrefitte-sur-Seine")?.code).toBe("93066");
    // The postal code still decides: Lomme is not in the Loire.
    expect(resolveCommune("42000", "Lomme")?.code).not.toBe("59350");
  });

  it("folds place names", () => {
    expect(foldPlaceName("Sainte-Foy-lès-Lyon")).toBe(foldPlaceName("Ste Foy les Lyon"));
  });
});
