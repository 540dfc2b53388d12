import { describe, expect, it } from "vitest";
import {
  readEnergyRating,
  readFeatures,
  readFloor,
  readImages,
  readMultilineText,
  readPostalCode,
  readPublisherType,
  readPropertyType,
  readSourceUrl,
  readText,
  readTransaction,
  splitImageCell,
} from "./fields";

const value = <T>(result: { ok: true; value: T } | { ok: false }) =>
  result.ok ? result.value : "ÉCHEC";

describe("cell readers", () => {
  it("cleans text and keeps paragraphs of descriptions", () => {
    expect(value(readText("  Bel   appartement\n T3 "))).toBe("Bel appartement T3");
    expect(value(readText("   "))).toBeNull();
    expect(value(readText(42))).toBe("42");
    expect(readText({ a: 1 }).ok).toBe(false);
    expect(value(readMultilineText(" Ligne 1\r\nLigne 2\rLigne 3 "))).toBe(
      "Ligne 1\nLigne 2\nLigne 3",
    );
  });

  it("reads floors written the French way", () => {
    expect(value(readFloor("RDC"))).toBe(0);
    expect(value(readFloor("Rez-de-chaussée"))).toBe(0);
    expect(value(readFloor("1er"))).toBe(1);
    expect(value(readFloor("3e"))).toBe(3);
    expect(value(readFloor("2ème"))).toBe(2);
    expect(value(readFloor("-1"))).toBe(-1);
    expect(value(readFloor(4))).toBe(4);
    expect(readFloor("haut").ok).toBe(false);
  });

  it("restores the leading zero spreadsheets drop from postal codes", () => {
    expect(value(readPostalCode("75 011"))).toBe("75011");
    expect(value(readPostalCode(1000))).toBe("01000");
    expect(value(readPostalCode("7501"))).toBe("07501");
    expect(value(readPostalCode("123"))).toBe("123"); // refused later by the schema
  });

  it("maps property types to the French labels and keeps unknown ones", () => {
    expect(value(readPropertyType("appartement"))).toBe("Appartement");
    expect(value(readPropertyType("FLAT"))).toBe("Appartement");
    expect(value(readPropertyType("house"))).toBe("Maison");
    expect(value(readPropertyType("Villa"))).toBe("Maison");
    expect(value(readPropertyType("premises"))).toBe("Local commercial");
    expect(value(readPropertyType("local commercial"))).toBe("Local commercial");
    expect(value(readPropertyType("péniche aménagée"))).toBe("Péniche aménagée");
  });

  it("reads transactions, location by default", () => {
    expect(value(readTransaction("Vente"))).toBe("sale");
    expect(value(readTransaction("sale"))).toBe("sale");
    expect(value(readTransaction("À louer"))).toBe("rental");
    expect(value(readTransaction("rent"))).toBe("rental");
    expect(value(readTransaction(""))).toBe("rental");
    expect(value(readTransaction(undefined))).toBe("rental");
    expect(readTransaction("viager").ok).toBe(false);
  });

  it("reads DPE letters and treats 'non communiqué' as empty", () => {
    expect(value(readEnergyRating(" c "))).toBe("C");
    expect(value(readEnergyRating("NC"))).toBeNull();
    expect(value(readEnergyRating("Non communiqué"))).toBeNull();
    expect(value(readEnergyRating("H"))).toBe("H"); // refused later by the schema
  });

  it("splits image cells without breaking CDN URLs that contain commas", () => {
    expect(splitImageCell("https://a.fr/1.jpg|https://a.fr/2.jpg")).toEqual([
      "https://a.fr/1.jpg",
      "https://a.fr/2.jpg",
    ]);
    expect(splitImageCell("https://a.fr/1.jpg, https://a.fr/2.jpg")).toEqual([
      "https://a.fr/1.jpg",
      "https://a.fr/2.jpg",
    ]);
    expect(splitImageCell("https://a.fr/1.jpg,https://a.fr/2.jpg")).toEqual([
      "https://a.fr/1.jpg",
      "https://a.fr/2.jpg",
    ]);
    expect(splitImageCell("https://a.fr/1.jpg\nhttps://a.fr/2.jpg\r\n")).toEqual([
      "https://a.fr/1.jpg",
      "https://a.fr/2.jpg",
    ]);
    expect(splitImageCell("https://cdn.fr/w_200,h_100/x.jpg")).toEqual([
      "https://cdn.fr/w_200,h_100/x.jpg",
    ]);
  });

  it("keeps http(s) images only, deduplicated, and reports the others", () => {
    expect(
      value(
        readImages(
          "https://a.fr/1.jpg | ftp://a.fr/2.jpg | photo.jpg | http://a.fr/3.png | https://a.fr/1.jpg",
        ),
      ),
    ).toEqual({
      value: ["https://a.fr/1.jpg", "http://a.fr/3.png"],
      dropped: ["ftp://a.fr/2.jpg", "photo.jpg"],
    });
    expect(value(readImages(["https://a.fr/1.jpg", 3, null, "javascript:alert(1)"]))).toEqual({
      value: ["https://a.fr/1.jpg"],
      dropped: ["3", "javascript:alert(1)"],
    });
    expect(readImages({ url: "https://a.fr" }).ok).toBe(false);
  });

  it("drops a bad source link instead of the row", () => {
    expect(value(readSourceUrl("https://exemple.fr/a/1"))).toEqual({
      value: "https://exemple.fr/a/1",
      dropped: [],
    });
    expect(value(readSourceUrl("www.exemple.fr"))).toEqual({
      value: null,
      dropped: ["www.exemple.fr"],
    });
    expect(value(readSourceUrl(""))).toEqual({ value: null, dropped: [] });
  });

  it("splits features on '|' and ',', capitalises and deduplicates them", () => {
    expect(value(readFeatures("balcon | Cave,ascenseur|Balcon"))).toEqual([
      "Balcon",
      "Cave",
      "Ascenseur",
    ]);
    expect(value(readFeatures(["Terrace", "garden", "Parking"]))).toEqual([
      "Terrasse",
      "Jardin",
      "Parking",
    ]);
    expect(value(readFeatures(""))).toEqual([]);
    expect(readFeatures([{ a: 1 }]).ok).toBe(false);
  });
});

describe("readPublisherType (« type d'annonceur », issue 29)", () => {
  it.each([
    ["Professionnel", "professional"],
    ["agence", "professional"],
    ["PARTICULIER", "private"],
    ["propriétaire", "private"],
    ["", null],
  ])("« %s » → %s", (cell, expected) => {
    expect(readPublisherType(cell)).toEqual({ ok: true, value: expected });
  });

  it("refuses anything else with the values it expects", () => {
    expect(readPublisherType("notaire ?")).toEqual({
      ok: false,
      reason: "professionnel ou particulier attendu",
    });
  });
});
