import { describe, expect, it } from "vitest";
import { analyse, createContextBuilder } from "./engine";
import { extractFeatures } from "./listing-features";
import { MIN_COMPARABLES, PriceIndexBuilder } from "./signals/price";
import { makeListing } from "#tests/setup/moderation-listings";
import type { ModerationListing } from "./types";

/** Honest Lyon T2s around 16 €/m² (45 m², 720 €). */
function lyonT2(rent: number, overrides: Partial<ModerationListing> = {}): ModerationListing {
  return makeListing({
    price: rent,
    surfaceArea: 45,
    rooms: 2,
    bedrooms: 1,
    city: "Lyon",
    postalCode: "69003",
    ...overrides,
  });
}

function priceEvidence(
  listing: ModerationListing,
  others: ModerationListing[],
  includeSelf = true,
) {
  const builder = new PriceIndexBuilder();
  for (const other of [...others, ...(includeSelf ? [listing] : [])])
    builder.add(other, extractFeatures(other));
  const index = builder.build();
  const f = extractFeatures(listing);
  return index.evaluate(listing, f, includeSelf ? f.priceValue : Number.NaN);
}

const market = [700, 710, 720, 730, 740, 750, 760, 705, 715, 725].map((rent) => lyonT2(rent));

describe("signal de prix", () => {
  it("compare à la médiane locale quand il y a assez d'annonces comparables", () => {
    const evidence = priceEvidence(lyonT2(380), market);
    expect(evidence).not.toBeNull();
    expect(evidence?.reason).toMatch(
      /^Loyer \d+ % sous la médiane de 10 annonces comparables à Lyon, pondérée par la table de référence \(T2, location\) : \d+ €\/m² contre \d+ €\/m²$/,
    );
    expect(evidence?.weight).toBeGreaterThan(0.5);
  });

  it("ne signale pas un loyer normal ni un loyer plus cher", () => {
    expect(priceEvidence(lyonT2(690), market)).toBeNull();
    expect(priceEvidence(lyonT2(1200), market)).toBeNull();
  });

  it("se replie sur le prix de référence de la ville sans assez de comparables", () => {
    const few = market.slice(0, MIN_COMPARABLES - 2);
    const evidence = priceEvidence(lyonT2(380), few);
    expect(evidence?.reason).toMatch(
      /sous le prix de référence de la ville à Lyon \(T2, location\)/,
    );
  });

  it("utilise le prix de référence national pour une petite ville sans comparables", () => {
    const village = makeListing({
      city: "Pézenas",
      postalCode: "34120",
      price: 420,
      surfaceArea: 100,
      rooms: 4,
      bedrooms: 3,
      propertyType: "Maison",
    });
    const evidence = priceEvidence(village, []);
    expect(evidence?.reason).toMatch(
      /^Loyer \d+ % sous le prix de référence (?:du département|national) à Pézenas \(maison 4 pièces, location\) : \d+ €\/m² contre \d+ €\/m²$/,
    );
  });

  it("rapproche une petite série de comparables de la table de référence", () => {
    // A pricey sample far above Lyon's table: six comparables move the reference less than sixty.
    const pricey = (n: number) => Array.from({ length: n }, (_, i) => lyonT2(1500 + i));
    const percentOf = (others: ModerationListing[]) =>
      Number(/ (\d+) % /.exec(priceEvidence(lyonT2(600), others, false)?.reason ?? "")?.[1]);
    expect(percentOf(pricey(6))).toBeLessThan(percentOf(pricey(60)));
  });

  it("n'utilise pas comme comparables les annonces déjà signalées ou blacklistées", () => {
    const flagged = [300, 310, 320, 330, 340, 350].map((rent) =>
      lyonT2(rent, { excludedFromComparables: true }),
    );
    const builder = createContextBuilder();
    for (const listing of [...market, ...flagged]) builder.add(listing);
    const subject = lyonT2(380);
    builder.add(subject);
    const verdict = analyse(subject, builder.build());
    expect(verdict.reasons.join()).toContain(
      `médiane de ${market.length} annonces comparables à Lyon`,
    );
  });

  it("ne compare pas un loyer plafonné ou social au marché libre", () => {
    const capped = {
      ...lyonT2(380),
      description: "Logement conventionné Loc'Avantages, loyer plafonné.",
    };
    expect(priceEvidence(capped, market)).toBeNull();
  });

  it("n'utilise pas l'annonce elle-même comme comparable (leave-one-out)", () => {
    // Five honest comparables plus the cheap listing itself: the median must come from the five.
    const five = market.slice(0, MIN_COMPARABLES + 1);
    const cheap = lyonT2(380);
    const withSelf = priceEvidence(cheap, five, true);
    const withoutSelf = priceEvidence(cheap, five, false);
    expect(withSelf?.reason).toContain(`médiane de ${five.length} annonces`);
    expect(withSelf?.reason).toBe(withoutSelf?.reason);
  });

  it("compare les surfaces à taille égale (un studio est plus cher au m²)", () => {
    const studio = lyonT2(470, { surfaceArea: 20, rooms: 1, bedrooms: 0 });
    expect(priceEvidence(studio, market)).toBeNull();
  });

  it("ignore le prix au m² d'une chambre en colocation", () => {
    const room = lyonT2(480, {
      title: "Chambre dans coloc T5 105 m²",
      description:
        "Une chambre se libère dans notre coloc de 4, surface totale de l'appartement 105 m².",
      surfaceArea: 105,
      rooms: 5,
      bedrooms: 4,
    });
    expect(priceEvidence(room, market)).toBeNull();
  });

  it("ignore le bouquet d'un viager", () => {
    const lifeAnnuity = makeListing({
      transactionType: "sale",
      city: "Paris",
      postalCode: "75015",
      price: 190000,
      surfaceArea: 68,
      rooms: 3,
      bedrooms: 2,
      description: "Vente en viager occupé. Bouquet : 190 000 €, rente de 1 050 € par mois.",
    });
    expect(priceEvidence(lifeAnnuity, [])).toBeNull();
  });

  it("tient compte d'une maison à rénover classée G", () => {
    const ruin = makeListing({
      transactionType: "sale",
      propertyType: "Maison",
      city: "Clamecy",
      postalCode: "58500",
      price: 59000,
      surfaceArea: 85,
      rooms: 4,
      bedrooms: 3,
      energyRating: "G",
      description:
        "Maison à rénover entièrement, passoire thermique, audit énergétique disponible.",
    });
    const evidence = priceEvidence(ruin, []);
    expect(evidence === null || evidence.weight < 1.5).toBe(true);
  });

  it("signale un loyer très bas à lui seul, dans le moteur complet", () => {
    const builder = createContextBuilder();
    const cheap = lyonT2(330);
    for (const listing of [...market, cheap]) builder.add(listing);
    const verdict = analyse(cheap, builder.build());
    expect(verdict.flagged).toBe(true);
    expect(verdict.reasons[0]).toMatch(/^Loyer \d+ % sous la médiane/);
  });
});
