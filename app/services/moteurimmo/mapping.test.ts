import { describe, expect, it } from "vitest";
import type { ListingInput } from "../listings/listing-input";
import {
  FEATURE_LABELS,
  FIXED_FILTER_LABELS,
  FIXED_IMPORT_QUERY,
  adToListing,
  splitPersonName,
} from "./mapping";
import type { ParsedAd } from "./types";

/** An ad with every field of MOTEURIMMO.md "Response". */
const FULL_AD: ParsedAd = {
  uniqueId: "65f0a1b2c3d4e5f6a7b8c9d0",
  adId: "2612345678",
  origin: "leboncoin",
  url: "https://www.leboncoin.fr/ad/locations/2612345678",
  reference: "REF-12",
  title: "  T3 lumineux Croix-Rousse ",
  description: "Bel appartement traversant, proche métro.",
  type: "rental",
  category: "flat",
  price: 1150,
  propertyCharges: 90,
  pricePerSquareMeter: 17.69,
  surface: 65,
  landSurface: null,
  rooms: 3,
  bedrooms: 2,
  floor: 4,
  buildingFloors: 5,
  constructionYear: 1930,
  energyGrade: "d",
  gasGrade: "C",
  options: ["hasPicture", "isFurnished", "hasBalcony", "hasLift", "hasCave", "unknownFlag"],
  pictureUrl: "https://img.example/1.jpg",
  pictureUrls: [
    "https://img.example/1.jpg",
    "https://img.example/2.jpg",
    "https://img.example/1.jpg",
  ],
  location: {
    city: "Lyon",
    postalCode: "69004",
    inseeCode: "69384",
    departmentCode: 69,
    district: "Croix-Rousse",
    coordinates: [4.8321, 45.7745],
  },
  publisher: {
    type: "individual",
    name: "Jean-Pierre de la Fontaine",
    phone: null,
    email: "JP@Example.fr",
  },
  creationDate: "2025-05-30T10:00:00.000Z",
  publicationDate: "2025-05-30T10:00:00.000Z",
  lastCheckDate: "2025-05-31T10:00:00.000Z",
  lastEventDate: "2025-05-30T10:00:00.000Z",
  deletionDate: null,
  duplicates: [{ origin: "pap", adId: "r41", url: "https://pap/r41", price: 1150, date: null }],
  priceStats: { rent: 1100, lowPrice: 950, medianPrice: 1100, highPrice: 1300 },
};

const EXPECTED: ListingInput = {
  sourcePlatform: "moteurimmo",
  sourcePlatformId: "65f0a1b2c3d4e5f6a7b8c9d0",
  sourceOrigin: "leboncoin",
  sourceUrl: "https://www.leboncoin.fr/ad/locations/2612345678",
  title: "T3 lumineux Croix-Rousse",
  description: "Bel appartement traversant, proche métro.",
  price: 1150,
  propertyCharges: 90,
  propertyType: "Appartement",
  transactionType: "rental",
  address: "Croix-Rousse",
  city: "Lyon",
  postalCode: "69004",
  surfaceArea: 65,
  rooms: 3,
  bedrooms: 2,
  bathrooms: null,
  images: ["https://img.example/1.jpg", "https://img.example/2.jpg"],
  features: ["Meublé", "Balcon", "Ascenseur", "Cave"],
  floor: 4,
  totalFloors: 5,
  yearBuilt: 1930,
  energyRating: "D",
  gesRating: "C",
  publisherType: "private",
  owner: { firstName: "Jean-Pierre", lastName: "de la Fontaine", email: "jp@example.fr" },
};

describe("adToListing", () => {
  it("maps every field of a full ad", () => {
    expect(adToListing(FULL_AD)).toEqual(EXPECTED);
  });

  it("maps a bare ad to nulls with a readable title", () => {
    expect(adToListing({ uniqueId: "x1" })).toEqual({
      sourcePlatform: "moteurimmo",
      sourcePlatformId: "x1",
      sourceOrigin: null,
      sourceUrl: null,
      title: "Annonce",
      description: null,
      price: null,
      propertyCharges: null,
      propertyType: null,
      transactionType: "rental",
      address: null,
      city: null,
      postalCode: null,
      surfaceArea: null,
      rooms: null,
      bedrooms: null,
      bathrooms: null,
      images: [],
      features: [],
      floor: null,
      totalFloors: null,
      yearBuilt: null,
      energyRating: null,
      gesRating: null,
      publisherType: null,
      owner: null,
    } satisfies ListingInput);
  });

  it("builds a title from the type, rooms and city when the ad has none", () => {
    const listing = adToListing({
      uniqueId: "x",
      title: "  ",
      category: "house",
      rooms: 4,
      location: { city: "Nantes" },
    });
    expect(listing.title).toBe("Maison 4 pièces – Nantes");
  });

  it("labels every category in French, unknown ones as 'Autre'", () => {
    const label = (category: string) => adToListing({ uniqueId: "x", category }).propertyType;
    expect(
      ["flat", "house", "block", "land", "office", "premises", "shop", "parking", "misc"].map(
        label,
      ),
    ).toEqual([
      "Appartement",
      "Maison",
      "Immeuble",
      "Terrain",
      "Bureau",
      "Local commercial",
      "Commerce",
      "Parking",
      "Autre",
    ]);
    expect(label("castle")).toBe("Autre");
    expect(label("constructor")).toBe("Autre");
  });

  it("uses the sale type, or the fallback when the ad has no type", () => {
    expect(adToListing({ uniqueId: "x", type: "sale" }).transactionType).toBe("sale");
    expect(adToListing({ uniqueId: "x" }, "sale").transactionType).toBe("sale");
  });

  it("falls back on the main picture and keeps only http(s) links", () => {
    expect(adToListing({ uniqueId: "x", pictureUrl: "//cdn.example/a.jpg" }).images).toEqual([
      "https://cdn.example/a.jpg",
    ]);
    expect(
      adToListing({ uniqueId: "x", pictureUrls: [], pictureUrl: "https://a/b.jpg" }).images,
    ).toEqual(["https://a/b.jpg"]);
    const unsafe = adToListing({
      uniqueId: "x",
      url: "javascript:alert(1)",
      pictureUrls: ["data:image/png;base64,AAAA", "https://ok/1.jpg"],
    });
    expect(unsafe.sourceUrl).toBeNull();
    expect(unsafe.images).toEqual(["https://ok/1.jpg"]);
  });

  it("labels every option flag in French and ignores hasPicture and unknown flags", () => {
    const listing = adToListing({
      uniqueId: "x",
      options: ["hasPicture", ...Object.keys(FEATURE_LABELS), "isHaunted"],
    });
    expect(listing.features).toEqual([
      "Meublé",
      "Balcon",
      "Terrasse",
      "Jardin",
      "Garage",
      "Parking",
      "Ascenseur",
      "Cave",
      "Piscine",
      "Colocation",
      "Location saisonnière",
      "Rez-de-chaussée",
      "Dernier étage",
      "Travaux à prévoir",
      "Ancien",
      "Neuf",
      "Sans compromis en cours",
    ]);
    expect(
      adToListing({ uniqueId: "x", options: ["hasTerraceOrBalcony", "hasLift", "hasLift"] })
        .features,
    ).toEqual(["Terrasse ou balcon", "Ascenseur"]);
  });

  it("rounds counts, refuses negative amounts and impossible years", () => {
    const listing = adToListing({
      uniqueId: "x",
      price: -5,
      surface: 45.5,
      rooms: 2.6,
      floor: -1,
      buildingFloors: -2,
      constructionYear: 19,
      energyGrade: "H",
    });
    expect(listing).toMatchObject({
      price: null,
      surfaceArea: 45.5,
      rooms: 3,
      floor: -1,
      totalFloors: null,
      yearBuilt: null,
      energyRating: null,
    });
  });

  describe("owner", () => {
    const ownerOf = (publisher: ParsedAd["publisher"]) =>
      adToListing({ uniqueId: "x", publisher }).owner;

    it("is null without a real name or e-mail", () => {
      expect(ownerOf(null)).toBeNull();
      // "hidden" values were already turned into null by the schema.
      expect(ownerOf({ name: null, email: null, phone: null })).toBeNull();
      expect(ownerOf({ name: "  ", email: "pas-un-email" })).toBeNull();
    });

    it("comes from the name alone or the e-mail alone", () => {
      expect(ownerOf({ name: "Camille Martin" })).toEqual({
        firstName: "Camille",
        lastName: "Martin",
        email: null,
      });
      expect(ownerOf({ email: "camille.martin@example.fr" })).toEqual({
        firstName: null,
        lastName: null,
        email: "camille.martin@example.fr",
      });
    });
  });
});

describe("splitPersonName", () => {
  it.each([
    ["Jean Dupont", "Jean", "Dupont"],
    ["  Jean   Dupont ", "Jean", "Dupont"],
    ["Jean-Pierre de la Fontaine", "Jean-Pierre", "de la Fontaine"],
    ["DUPONT Jean", "Jean", "DUPONT"],
    ["LE GALL Marie-Claire", "Marie-Claire", "LE GALL"],
    ["JEAN DUPONT", "JEAN", "DUPONT"],
    ["Marie", "Marie", null],
    ["Mme Durand", null, "Durand"],
    ["M. Paul Durand", "Paul", "Durand"],
    ["Julie D.", "Julie", "D."],
    ["", null, null],
  ])("%s", (name, firstName, lastName) => {
    expect(splitPersonName(name)).toEqual({ firstName, lastName });
  });
});

describe("fixed import query", () => {
  it("is the query of SPEC.md section 9, without paging nor key", () => {
    expect(FIXED_IMPORT_QUERY).toEqual({
      types: ["rental"],
      publisherTypes: ["individual"],
      categories: ["flat", "house"],
      excludedOrigins: ["rentola", "properstar", "luxuryestate"],
      options: ["hasPicture"],
      sortBy: "creationDate-desc",
    });
    expect(Object.isFrozen(FIXED_IMPORT_QUERY.types)).toBe(true);
  });

  it("is described in French for the import screen", () => {
    expect(FIXED_FILTER_LABELS).toEqual([
      "Locations uniquement",
      "Particuliers uniquement",
      "Appartements et maisons",
      "Sites exclus : rentola, properstar, luxuryestate",
      "Avec photos uniquement",
      "Tri : plus récentes d'abord",
    ]);
  });
});
