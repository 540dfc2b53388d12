import { describe, expect, it } from "vitest";
import { moteurImmoAdSchema, parseAdsResponse, parseCountResponse } from "./ad-schema";

const ID = "65f0a1b2c3d4e5f6a7b8c9d0";

describe("moteurImmoAdSchema", () => {
  it("accepts an ad with only its id and ignores unknown fields", () => {
    const parsed = moteurImmoAdSchema.parse({ uniqueId: ID, somethingNew: { a: 1 } });
    expect(parsed).toEqual({ uniqueId: ID });
  });

  it("treats 'hidden' and blank contact values as absent", () => {
    const parsed = moteurImmoAdSchema.parse({
      uniqueId: ID,
      publisher: { type: "individual", name: "hidden", phone: " HIDDEN ", email: "" },
    });
    expect(parsed.publisher).toEqual({ type: "individual", name: null, phone: null, email: null });
  });

  it("reads the department as a number and normalises postal codes", () => {
    const numeric = moteurImmoAdSchema.parse({
      uniqueId: ID,
      location: { departmentCode: "6", postalCode: 6000, inseeCode: 6088 },
    });
    expect(numeric.location).toMatchObject({
      departmentCode: 6,
      postalCode: "06000",
      inseeCode: "6088",
    });
    // Corsica ("2A") is not a number: the department is dropped, not the ad.
    const corsica = moteurImmoAdSchema.parse({ uniqueId: ID, location: { departmentCode: "2A" } });
    expect(corsica.location?.departmentCode).toBeNull();
  });

  it("accepts quoted numbers but refuses text where a number is expected", () => {
    expect(moteurImmoAdSchema.parse({ uniqueId: ID, price: "950", surface: "12,5" })).toMatchObject(
      { price: 950, surface: 12.5 },
    );
    expect(moteurImmoAdSchema.safeParse({ uniqueId: ID, price: "abc" }).success).toBe(false);
  });

  it("normalises type and category, keeps only string options and pictures", () => {
    const parsed = moteurImmoAdSchema.parse({
      uniqueId: ID,
      type: "Rental",
      category: " FLAT ",
      options: ["hasLift", 3, null, "", "isFurnished"],
      pictureUrls: ["https://a/1.jpg", { url: "x" }],
    });
    expect(parsed).toMatchObject({
      type: "rental",
      category: "flat",
      options: ["hasLift", "isFurnished"],
      pictureUrls: ["https://a/1.jpg"],
    });
  });

  it("drops malformed metadata instead of rejecting the ad", () => {
    const parsed = moteurImmoAdSchema.parse({
      uniqueId: ID,
      creationDate: 12,
      location: { city: "Lyon", coordinates: "45,4" },
      duplicates: "none",
      priceStats: [],
      publisher: "Jean",
    });
    expect(parsed).toMatchObject({
      creationDate: null,
      location: { city: "Lyon", coordinates: null },
      duplicates: null,
      priceStats: null,
      publisher: null,
    });
  });

  it("rejects an unknown transaction type", () => {
    expect(moteurImmoAdSchema.safeParse({ uniqueId: ID, type: "viager" }).success).toBe(false);
  });
});

describe("parseAdsResponse", () => {
  it("drops non-object entries silently and reports invalid ads in French", () => {
    const result = parseAdsResponse(
      {
        ads: [
          { uniqueId: ID, price: 900 },
          42,
          "texte",
          null,
          [1, 2],
          { uniqueId: "abc123", price: "abc" },
          { price: 3 },
          { uniqueId: "   " },
        ],
        count: 8,
      },
      { offset: 100 },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.ads.map((ad) => ad.uniqueId)).toEqual([ID]);
    expect(result.value.dropped).toBe(4);
    expect(result.value.received).toBe(8);
    expect(result.value.count).toBe(8);
    expect(result.value.invalid).toEqual([
      "Annonce abc123 ignorée : prix (price) : nombre attendu, texte reçu",
      "Annonce n°107 ignorée : identifiant (uniqueId) : champ obligatoire manquant",
      "Annonce n°108 ignorée : identifiant (uniqueId) : vide",
    ]);
  });

  it("lists several reasons for one ad", () => {
    const result = parseAdsResponse({ ads: [{ uniqueId: ID, rooms: "trois", location: 5 }] });
    expect(result.ok && result.value.invalid[0]).toBe(
      `Annonce ${ID} ignorée : pièces (rooms) : nombre attendu, texte reçu ; localisation (location) : objet attendu, nombre reçu`,
    );
  });

  it("has a null count when the partner did not send one", () => {
    const result = parseAdsResponse({ ads: [] });
    expect(result).toEqual({
      ok: true,
      value: { ads: [], invalid: [], dropped: 0, received: 0, count: null },
    });
  });

  it("keeps the ads of a page whose count is malformed", () => {
    const result = parseAdsResponse({ ads: [{ uniqueId: ID }], count: "beaucoup" });
    expect(result.ok && result.value.count).toBeNull();
    expect(result.ok && result.value.ads).toHaveLength(1);
  });

  it("refuses a response without an ads array", () => {
    expect(parseAdsResponse({ error: "oops" })).toEqual({
      ok: false,
      reason: "liste des annonces (ads) : champ obligatoire manquant",
    });
    expect(parseAdsResponse([]).ok).toBe(false);
    expect(parseAdsResponse({ ads: "none" }).ok).toBe(false);
  });
});

describe("parseCountResponse", () => {
  it("reads the count", () => {
    expect(parseCountResponse({ ads: [{}], count: 1234 })).toEqual({ ok: true, value: 1234 });
  });

  it("refuses a missing or negative count", () => {
    expect(parseCountResponse({ ads: [] }).ok).toBe(false);
    expect(parseCountResponse({ count: -1 }).ok).toBe(false);
  });
});
