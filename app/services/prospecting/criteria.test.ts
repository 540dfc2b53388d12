import { describe, expect, it } from "vitest";
import { adMatchesFilter } from "../moteurimmo/ad-filter";
import { FIXED_IMPORT_QUERY } from "../moteurimmo/mapping";
import { DEFAULT_CRITERIA, criteriaToPartnerBody, zoneCriteriaSchema, type ZoneCriteria } from "./criteria";

const lyonSales: ZoneCriteria = {
  ...DEFAULT_CRITERIA,
  departments: ["01"],
  communes: ["69123"],
  transaction: "sale",
  categories: ["flat"],
  priceMin: 100_000,
  priceMax: 350_000,
  surfaceMin: 40,
  surfaceMax: null,
  keywords: ["balcon"],
};

describe("criteria → partner body", () => {
  it("the default criteria are SPEC's fixed query, field for field", () => {
    expect(criteriaToPartnerBody(DEFAULT_CRITERIA)).toEqual(FIXED_IMPORT_QUERY);
  });

  it("maps places, transaction, categories, bounds and keywords onto the partner's filters", () => {
    expect(criteriaToPartnerBody(lyonSales)).toEqual({
      types: ["sale"],
      publisherTypes: ["individual"],
      categories: ["flat"],
      excludedOrigins: ["rentola", "properstar", "luxuryestate"],
      options: ["hasPicture"],
      sortBy: "creationDate-desc",
      locations: [{ inseeCode: "69123" }, { departmentCode: 1 }],
      priceMin: 100_000,
      priceMax: 350_000,
      surfaceMin: 40,
      keywords: ["balcon"],
      keywordsOperator: "and",
    });
  });

  it("always excludes the aggregator sites, and leaves out what the zone does not narrow", () => {
    const body = criteriaToPartnerBody({ ...DEFAULT_CRITERIA, categories: [], departments: ["2A"] });
    expect(body.excludedOrigins).toEqual(FIXED_IMPORT_QUERY.excludedOrigins);
    expect(body.locations).toEqual([{ departmentCode: "2A" }]);
    for (const key of ["categories", "priceMin", "priceMax", "surfaceMin", "surfaceMax", "keywords", "keywordsOperator"]) {
      expect(body).not.toHaveProperty(key);
    }
  });

  it("validates stored criteria: codes normalised and deduplicated, nonsense refused", () => {
    const parsed = zoneCriteriaSchema.parse({ ...DEFAULT_CRITERIA, departments: ["2a", "69", "69"], communes: ["69123", "69123"] });
    expect(parsed.departments).toEqual(["2A", "69"]);
    expect(parsed.communes).toEqual(["69123"]);
    expect(zoneCriteriaSchema.safeParse({ ...DEFAULT_CRITERIA, departments: ["Rhône"] }).success).toBe(false);
    expect(zoneCriteriaSchema.safeParse({ ...DEFAULT_CRITERIA, priceMin: -1 }).success).toBe(false);
    expect(zoneCriteriaSchema.safeParse({ ...DEFAULT_CRITERIA, transaction: "viager" }).success).toBe(false);
  });
});

describe("the stand-in partner's reading of a body", () => {
  const ad = {
    type: "sale",
    category: "flat",
    price: 250_000,
    surface: 62,
    title: "T3 avec balcon",
    description: "Proche métro",
    location: { inseeCode: "69383", departmentCode: 69 },
  };
  const parentCommune = (code: string) => (code.startsWith("6938") ? "69123" : null);

  it("finds an arrondissement's ad under its commune, and filters by department, price and surface", () => {
    const body = criteriaToPartnerBody(lyonSales);
    expect(adMatchesFilter(body, ad, { parentCommune })).toBe(true);
    expect(adMatchesFilter(body, ad)).toBe(false);
    expect(adMatchesFilter(body, { ...ad, price: 400_000 }, { parentCommune })).toBe(false);
    expect(adMatchesFilter(body, { ...ad, surface: 30 }, { parentCommune })).toBe(false);
    expect(adMatchesFilter(body, { ...ad, title: "T3" }, { parentCommune })).toBe(false);
    expect(adMatchesFilter(body, { ...ad, type: "rental" }, { parentCommune })).toBe(false);
    const rhone = criteriaToPartnerBody({ ...DEFAULT_CRITERIA, transaction: "sale", departments: ["69"] });
    expect(adMatchesFilter(rhone, ad)).toBe(true);
    expect(adMatchesFilter(rhone, { ...ad, location: { inseeCode: "75104", departmentCode: 75 } })).toBe(false);
  });
});
