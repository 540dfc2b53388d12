import { describe, expect, it } from "vitest";
import { parseAdsResponse } from "./ad-schema";
import {
  DEMO_DEFAULT_TOTAL,
  DEMO_MARKET,
  createDemoAdSource,
  demoScamKind,
  generateDemoAdRange,
  generateDemoAds,
  type DemoScamKind,
} from "./demo-feed.server";
import { adToListing, FIXED_IMPORT_QUERY } from "./mapping";
import type { ParsedAd } from "./types";

const ads = generateDemoAds(DEMO_DEFAULT_TOTAL);
const rentPerM2 = new Map(DEMO_MARKET.map((city) => [city.city, city.rentPerM2]));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const cityOf = (ad: ParsedAd) => ad.location?.city ?? "";

describe("generateDemoAds", () => {
  it("is deterministic for a seed and differs between seeds", () => {
    expect(generateDemoAds(50, 7)).toEqual(generateDemoAds(50, 7));
    expect(generateDemoAds(5, 8)[0].uniqueId).not.toBe(generateDemoAds(5, 7)[0].uniqueId);
    expect(generateDemoAdRange(100, 110)).toEqual(ads.slice(100, 110));
  });

  it("gives unique partner-like ids, also across rentals and sales", () => {
    const sales = generateDemoAds(DEMO_DEFAULT_TOTAL, 1, "sale");
    const ids = [...ads, ...sales].map((ad) => ad.uniqueId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
  });

  it("produces ads the partner schema accepts as they are", () => {
    const result = parseAdsResponse(JSON.parse(JSON.stringify({ ads })));
    expect(result.ok && result.value.invalid).toEqual([]);
    expect(result.ok && result.value.ads.map((ad) => ad.uniqueId)).toEqual(
      ads.map((ad) => ad.uniqueId),
    );
  });

  it("looks like French private rentals", () => {
    expect(new Set(ads.map(cityOf)).size).toBe(20);
    expect(new Set(ads.map((ad) => ad.category))).toEqual(new Set(["flat", "house"]));
    expect(new Set(ads.map((ad) => ad.origin)).size).toBeGreaterThanOrEqual(8);
    for (const ad of ads) {
      expect(ad.type).toBe("rental");
      expect(ad.publisher?.type).toBe("individual");
      expect(ad.options).toContain("hasPicture");
      expect(ad.pictureUrls?.length).toBeGreaterThanOrEqual(2);
      expect(ad.pictureUrls?.length).toBeLessThanOrEqual(6);
      for (const url of ad.pictureUrls ?? []) {
        expect(url.startsWith("https://images.vigimmo-demo.fr/")).toBe(true);
      }
      expect(ad.description?.length).toBeGreaterThan(200);
      const email = ad.publisher?.email;
      if (email && email !== "hidden") expect(email).toMatch(/^[a-z0-9.]+@example\.fr$/);
    }
  });

  it("prices honest flats at the city's market rent", () => {
    for (const [city, expected] of [
      ["Paris", 30],
      ["Lyon", 15],
      ["Limoges", 9],
    ] as const) {
      const perM2 = ads
        .filter((ad, index) => demoScamKind(index) === null)
        .filter((ad) => cityOf(ad) === city && ad.category === "flat")
        .map((ad) => (ad.price ?? 0) / (ad.surface ?? 1));
      const value = median(perM2);
      expect(value).toBeGreaterThan(expected * 0.9);
      expect(value).toBeLessThan(expected * 1.35);
    }
  });

  it("prices sales per m², not as rents", () => {
    const paris = generateDemoAds(600, 1, "sale").filter((ad) => cityOf(ad) === "Paris");
    const value = median(paris.map((ad) => (ad.price ?? 0) / (ad.surface ?? 1)));
    expect(value).toBeGreaterThan(8000);
    expect(value).toBeLessThan(12_000);
    expect(paris.every((ad) => ad.type === "sale")).toBe(true);
  });

  it("maps to complete listings", () => {
    for (const listing of ads.map((ad) => adToListing(ad))) {
      expect(listing.title.length).toBeGreaterThan(5);
      expect(listing.price).toBeGreaterThan(0);
      expect(listing.city).not.toBeNull();
      expect(listing.images.length).toBeGreaterThanOrEqual(2);
      expect(listing.energyRating).toMatch(/^[A-G]$/);
    }
    const owners = ads.map((ad) => adToListing(ad).owner);
    expect(owners.filter((owner) => owner === null).length).toBeGreaterThan(0);
    expect(owners.filter((owner) => owner?.email).length).toBeGreaterThan(ads.length / 5);
  });

  it("builds 100 000 ads quickly", () => {
    // CPU time, not wall-clock: parallel test files on a busy machine must not fail this.
    const before = process.cpuUsage();
    const many = generateDemoAds(100_000, 3);
    const { user, system } = process.cpuUsage(before);
    expect(many).toHaveLength(100_000);
    expect((user + system) / 1000).toBeLessThan(5_000);
  });
});

describe("suspicious demo ads", () => {
  const planted = ads
    .map((ad, index) => ({ ad, index, kind: demoScamKind(index) }))
    .filter(
      (entry): entry is { ad: ParsedAd; index: number; kind: DemoScamKind } => entry.kind !== null,
    );
  const byKind = (kind: DemoScamKind) => planted.filter((entry) => entry.kind === kind);

  it("are about 6 % of the feed, of every kind", () => {
    const share = planted.length / ads.length;
    expect(share).toBeGreaterThan(0.045);
    expect(share).toBeLessThan(0.075);
    for (const kind of [
      "underpriced",
      "money-transfer",
      "owner-abroad",
      "whatsapp-only",
      "reused-pictures",
      "copied-description",
    ] as const) {
      expect(byKind(kind).length, kind).toBeGreaterThan(5);
    }
  });

  it("carry a signal a careful reader sees", () => {
    for (const { ad } of byKind("underpriced")) {
      const market = rentPerM2.get(cityOf(ad)) ?? 0;
      expect((ad.price ?? 0) / (ad.surface ?? 1)).toBeLessThan(market * 0.75);
    }
    for (const { ad } of byKind("money-transfer")) {
      expect(ad.description).toMatch(/mandat cash|western union/i);
    }
    for (const { ad } of byKind("owner-abroad")) {
      expect(ad.description).toMatch(/étranger|Espagne/);
      expect(ad.description).toMatch(/clés .*(poste|colis)/);
    }
    for (const { ad } of byKind("whatsapp-only")) {
      expect(ad.description).toMatch(/uniquement par WhatsApp/);
      expect(ad.publisher?.email).toBeNull();
    }
    for (const { ad, index } of byKind("reused-pictures")) {
      const source = ads.find(
        (other, otherIndex) =>
          otherIndex !== index && other.pictureUrls?.[0] === ad.pictureUrls?.[0],
      );
      expect(source, ad.uniqueId).toBeDefined();
      expect(cityOf(source as ParsedAd)).not.toBe(cityOf(ad));
      expect(source?.pictureUrls).toEqual(ad.pictureUrls);
    }
    for (const { ad, index } of byKind("copied-description")) {
      const source = ads.find(
        (other, otherIndex) => otherIndex !== index && other.description === ad.description,
      );
      expect(source, ad.uniqueId).toBeDefined();
      expect(cityOf(source as ParsedAd)).not.toBe(cityOf(ad));
    }
  });

  it("honest ads share neither pictures nor descriptions", () => {
    const honest = ads.filter((_, index) => demoScamKind(index) === null);
    expect(new Set(honest.map((ad) => ad.pictureUrl)).size).toBe(honest.length);
  });
});

describe("createDemoAdSource", () => {
  it("pages over its total and gives the count on page 1", async () => {
    const source = createDemoAdSource({ total: 130 });
    expect(source.mode).toBe("demo");
    await expect(source.count(FIXED_IMPORT_QUERY)).resolves.toBe(130);

    const pages = [];
    for (let page = 1; page <= 4; page++) {
      pages.push(await source.fetchPage(FIXED_IMPORT_QUERY, page, 50));
    }
    expect(pages.map((page) => page.ads.length)).toEqual([50, 50, 30, 0]);
    expect(pages.map((page) => page.received)).toEqual([50, 50, 30, 0]);
    expect(pages.map((page) => page.count)).toEqual([130, null, null, null]);
    expect(pages.flatMap((page) => page.invalid)).toEqual([]);
    expect(pages.flatMap((page) => page.ads)).toEqual(generateDemoAds(130));
  });

  it("serves sale ads to a sale query", async () => {
    const page = await createDemoAdSource({ total: 5 }).fetchPage({ types: ["sale"] }, 1, 5);
    expect(page.ads.every((ad) => ad.type === "sale")).toBe(true);
  });

  it("uses its seed", async () => {
    const page = await createDemoAdSource({ seed: 9 }).fetchPage(FIXED_IMPORT_QUERY, 1, 3);
    expect(page.ads).toEqual(generateDemoAds(3, 9));
  });

  it("rejects a cancelled call with an AbortError", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      createDemoAdSource().fetchPage(FIXED_IMPORT_QUERY, 1, 10, controller.signal),
    ).rejects.toMatchObject({ name: "AbortError" });
  });
});
