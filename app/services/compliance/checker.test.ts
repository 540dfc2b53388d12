import { describe, expect, it } from "vitest";
import { municipalityCode, resolveCommune } from "../geo/communes.server";
import { checkCompliance } from "./checker";
import { rentalListing, saleListing } from "#tests/setup/compliance-listings";
import type { ComplianceListing, ListingCommune } from "./types";

const NOW = new Date("2026-11-26T12:00:00Z");

function communeOf(postalCode: string, city: string): ListingCommune | null {
  const commune = resolveCommune(postalCode, city);
  if (!commune) return null;
  const code = municipalityCode(commune);
  return { code, name: commune.name, department: commune.department };
}

function codes(listing: ComplianceListing, now = NOW, commune: ListingCommune | null = null) {
  const verdict = checkCompliance(listing, { now, commune });
  return { status: verdict.status, codes: verdict.findings.map((f) => f.code) };
}

describe("compliance checker: the baseline listings", () => {
  it("finds nothing in a complete rental ad and a complete sale ad", () => {
    expect(codes(rentalListing())).toEqual({ status: "conforme", codes: [] });
    expect(codes(saleListing())).toEqual({ status: "conforme", codes: [] });
  });

  it("every finding carries a French message, evidence and a dated reference", () => {
    const verdict = checkCompliance(rentalListing({ description: "Studio", energyRating: "G" }), { now: NOW, commune: null });
    expect(verdict.findings.length).toBeGreaterThan(3);
    for (const f of verdict.findings) {
      expect(f.message.length).toBeGreaterThan(10);
      expect(f.evidence.length).toBeGreaterThan(0);
      expect(f.reference).toMatch(/\(depuis le \d{1,2}(er)? \p{L}+ \d{4}\)$/u);
    }
  });

  it("leaves land, parking and business premises out of the housing rules", () => {
    expect(codes(rentalListing({ propertyType: "Parking", description: "Place de parking", energyRating: null }))).toEqual({ status: "conforme", codes: [] });
  });
});

describe("energy rules", () => {
  const cases: Array<[string, Partial<ComplianceListing>, string, string[]]> = [
    ["class from the field", {}, "conforme", []],
    ["class from the words", { energyRating: null, description: rentalListing().description!.replace("DPE : classe C", "Classe énergie : D") }, "conforme", []],
    ["class absent", { energyRating: null, description: rentalListing().description!.replace("DPE : classe C, ", "") }, "a_completer", ["energie.classe_absente"]],
    ["GES absent", { description: rentalListing().description!.replace(", GES : B", "") }, "a_completer", ["energie.ges_absente"]],
    ["F without the mention", { energyRating: "F", description: rentalListing().description!.replace("classe C", "classe F") }, "a_completer", ["energie.mention_consommation_excessive"]],
    ["F with the mention", { energyRating: "F", description: `${rentalListing().description} Logement à consommation énergétique excessive : classe F.` }, "conforme", []],
    ["G let in 2026", { energyRating: "G", description: `${rentalListing().description} Logement à consommation énergétique excessive : classe G.` }, "non_conforme", ["energie.location_interdite"]],
  ];
  it.each(cases)("%s", (_name, overrides, status, expected) => {
    expect(codes(rentalListing(overrides))).toEqual({ status, codes: expected });
  });

  it("a G home for sale is not banned, only flagged for its mention", () => {
    expect(codes(saleListing({ energyRating: "G" })).codes).toEqual(["energie.mention_consommation_excessive"]);
  });
});

describe("dates move a listing from one status to another", () => {
  const f = rentalListing({ energyRating: "F", description: `${rentalListing().description} Logement à consommation énergétique excessive : classe F.` });
  it("an F rental is compliant in 2027 and not from 1 January 2028 (Paris time)", () => {
    expect(codes(f, new Date("2027-06-01T12:00:00Z")).status).toBe("conforme");
    expect(codes(f, new Date("2027-12-31T22:59:59Z")).status).toBe("conforme");
    expect(codes(f, new Date("2027-12-31T23:00:00Z"))).toEqual({ status: "non_conforme", codes: ["energie.location_interdite"] });
  });

  it("overseas, G waits for 2028 and F for 2031; E is banned from 2034 in metropolitan France only", () => {
    const reunion = { code: "97411", name: "Saint-Denis", department: "974" };
    const g = rentalListing({ energyRating: "G", postalCode: "97400", description: `${rentalListing().description} Logement à consommation énergétique excessive : classe G.` });
    expect(codes(g, NOW, reunion).status).toBe("conforme");
    expect(codes(g, new Date("2028-01-02T00:00:00Z"), reunion).status).toBe("non_conforme");
    const e = rentalListing({ energyRating: "E" });
    expect(codes(e, new Date("2034-01-02T00:00:00Z")).status).toBe("non_conforme");
    expect(codes(e, new Date("2034-01-02T00:00:00Z"), reunion).status).toBe("conforme");
  });

  it("the rent control mentions apply from 1 April 2022 only", () => {
    const paris = communeOf("75011", "Paris 11e");
    expect(codes(rentalListing(), new Date("2022-03-15T12:00:00Z"), paris).status).toBe("conforme");
    expect(codes(rentalListing(), new Date("2022-04-02T12:00:00Z"), paris).status).toBe("a_completer");
  });
});

describe("rental ad mentions", () => {
  const base = rentalListing().description!;
  const cases: Array<[string, string, string, string[]]> = [
    ["amounts written '1.250,50 €' and 'HC'", "Loyer 1.250,50 € CC, soit 1 200,50 € HC et 50 € de charges. Dépôt de garantie 1 200 €. Non meublé, 45 m². Honoraires : 450 € TTC dont 135 € d'état des lieux. DPE C, GES B.", "conforme", []],
    ["rent only without charges", base.replace("850 € CC par mois", "800 € HC"), "a_completer", ["location.loyer_cc_absent"]],
    ["charges absent", base.replace(" dont 50 € de provisions pour charges", ""), "a_completer", ["location.charges_absentes"]],
    ["deposit absent", base.replace(" Dépôt de garantie : 800 €.", ""), "a_completer", ["location.depot_absent"]],
    ["furnished or not absent", base.replace(" Location non meublée,", ""), "a_completer", ["location.meuble_non_indique"]],
    ["fees absent", base.replace(" Honoraires charge locataire : 450 € TTC dont 135 € d'état des lieux.", ""), "a_completer", ["location.honoraires_absents"]],
    ["no fees said", base.replace(" Honoraires charge locataire : 450 € TTC dont 135 € d'état des lieux.", " Pas d'honoraires."), "conforme", []],
    ["inventory part absent", base.replace(" dont 135 € d'état des lieux", ""), "a_completer", ["location.etat_des_lieux_absent"]],
  ];
  it.each(cases)("%s", (_name, description, status, expected) => {
    expect(codes(rentalListing({ description }))).toEqual({ status, codes: expected });
  });

  it("surface absent from the field and the words", () => {
    expect(codes(rentalListing({ surfaceArea: null, description: base.replace(" 45 m².", "") }))).toEqual({ status: "a_completer", codes: ["location.surface_absente"] });
  });

  it("charges and furnished read from the structured fields first", () => {
    const description = base.replace(" dont 50 € de provisions pour charges", "").replace(" Location non meublée,", "");
    expect(codes(rentalListing({ description, propertyCharges: 50, features: ["Non meublé"] })).status).toBe("conforme");
  });
});

describe("deposit caps", () => {
  const base = rentalListing().description!;
  const cases: Array<[string, string, string[], string]> = [
    ["one month without charges unfurnished", "Dépôt de garantie : 800 €", [], "conforme"],
    ["above one month unfurnished", "Dépôt de garantie : 1 600 €", ["location.depot_excessif"], "non_conforme"],
    ["in months", "Dépôt de garantie : 2 mois", ["location.depot_excessif"], "non_conforme"],
    ["two months furnished", "Dépôt de garantie : 1 600 €", [], "conforme"],
    ["three months furnished", "Caution de 2 400 euros", ["location.depot_excessif"], "non_conforme"],
  ];
  it.each(cases)("%s", (name, deposit, expected, status) => {
    let description = base.replace("Dépôt de garantie : 800 €", deposit);
    if (name.includes("furnished") && !name.includes("unfurnished")) description = description.replace("Location non meublée", "Location meublée");
    expect(codes(rentalListing({ description }))).toEqual({ status, codes: expected });
  });
});

describe("tenant fee caps per m² by zone", () => {
  const base = rentalListing().description!;
  const fees = (text: string) => base.replace("Honoraires charge locataire : 450 € TTC dont 135 € d'état des lieux", text);
  const lyon = communeOf("69003", "Lyon");
  it.each([
    ["12 €/m² outside known zones", fees("Honoraires : 675 € TTC dont 135 € d'état des lieux"), null, []],
    ["over 12 €/m² anywhere", fees("Honoraires : 800 € TTC dont 135 € d'état des lieux"), null, ["location.honoraires_excessifs"]],
    ["inventory over 3 €/m²", fees("Honoraires : 500 € TTC dont 200 € d'état des lieux"), null, ["location.etat_des_lieux_excessif"]],
  ] as const)("%s", (_name, description, commune, expected) => {
    expect(codes(rentalListing({ description }), NOW, commune).codes).toEqual(expected);
  });

  it("Lyon is a tight zone: 10,09 €/m² from 2026 (10 € before)", () => {
    const listing = rentalListing({ description: `${fees("Honoraires : 589 € TTC dont 135 € d'état des lieux")} Loyer de base 800 €, loyer de référence majoré : 20 €/m².` });
    expect(codes(listing, new Date("2025-06-01T12:00:00Z"), lyon).codes).toEqual(["location.honoraires_excessifs"]);
    expect(codes(listing, NOW, lyon).codes).toEqual([]);
  });
});

describe("rent control", () => {
  const mentions = " Zone soumise à encadrement des loyers : loyer de référence majoré (loyer de base à ne pas dépasser) : 25,30 €/m², loyer de base : 800 €.";
  const cases: Array<[string, string, string, string, string[]]> = [
    ["Paris arrondissement with the mentions", "75011", "Paris 11e Arrondissement", mentions, []],
    ["Lyon 3e without them", "69003", "Lyon 3e", "", ["encadrement.loyer_reference_absent", "encadrement.loyer_base_absent"]],
    ["Lomme, associated commune of Lille", "59160", "Lomme", "", ["encadrement.loyer_reference_absent", "encadrement.loyer_base_absent"]],
    ["Hellemmes", "59260", "Hellemmes-Lille", "", ["encadrement.loyer_reference_absent", "encadrement.loyer_base_absent"]],
    ["Montreuil (Est Ensemble)", "93100", "Montreuil", mentions, []],
    ["Biarritz (Pays basque)", "64200", "BIARRITZ", "", ["encadrement.loyer_reference_absent", "encadrement.loyer_base_absent"]],
    ["Tours has no rent control", "37000", "Tours", "", []],
    ["base rent above the cap", "75011", "Paris", " Loyer de référence majoré : 15 €/m². Loyer de base : 800 €.", ["encadrement.loyer_depasse"]],
    ["complément named without amount", "33000", "Bordeaux", `${mentions} Complément de loyer justifié par la terrasse.`, ["encadrement.complement_sans_montant"]],
  ];
  it.each(cases)("%s", (_name, postalCode, city, extra, expected) => {
    const commune = communeOf(postalCode, city);
    const listing = rentalListing({ postalCode, description: `${rentalListing().description}${extra}` });
    expect(codes(listing, NOW, commune).codes).toEqual(expected);
  });

  it("the finding names the city and its territory", () => {
    const verdict = checkCompliance(rentalListing(), { now: NOW, commune: communeOf("59160", "Lomme") });
    expect(verdict.findings[0]!.message).toContain("Lille (avec Hellemmes et Lomme) (encadrement des loyers de Lille");
  });
});

describe("decency", () => {
  it.each([
    ["9 m²", 9, "", "conforme", []],
    ["8 m² without height", 8, "", "a_completer", ["decence.hauteur_absente"]],
    ["8 m² under 2,60 m (20,8 m³)", 8, " Hauteur sous plafond : 2,60 m.", "conforme", []],
    ["8 m² under 2,10 m", 8, " Hauteur sous plafond de 2,10 m.", "non_conforme", ["decence.surface_volume"]],
    ["12 m² under 1,60 m", 12, " Hauteur sous plafond 1,60 m.", "non_conforme", ["decence.surface_volume"]],
  ] as const)("%s", (_name, surface, extra, status, expected) => {
    const description = rentalListing().description!.replace("45 m²", `${surface} m²`).replace("450 € TTC dont 135 €", "90 € TTC dont 20 €").replace("800 €", "790 €");
    expect(codes(rentalListing({ surfaceArea: surface, description: `${description}${extra}` }))).toEqual({ status, codes: expected });
  });
});

describe("sale ads", () => {
  const cases: Array<[string, string, string, string[]]> = [
    ["seller pays", "Prix 300 000 €, honoraires à la charge du vendeur. DPE C, GES B.", "conforme", []],
    ["who pays absent", "Prix 300 000 €. DPE C, GES B.", "a_completer", ["vente.honoraires_absents"]],
    ["buyer pays, no price without fees", "315 000 € honoraires inclus (5 % TTC). DPE C, GES B.", "a_completer", ["vente.prix_hors_honoraires_absent"]],
    ["buyer pays, no rate", "315 000 € honoraires à la charge de l'acquéreur, 300 000 € hors honoraires. DPE C, GES B.", "a_completer", ["vente.taux_honoraires_absent"]],
    [
      "copropriété with its mentions",
      "Prix 300 000 €, honoraires charge vendeur. Copropriété de 24 lots, charges annuelles : 1 800 €, aucune procédure en cours. DPE C, GES B.",
      "conforme",
      [],
    ],
    [
      "copropriété without them",
      "Prix 300 000 €, honoraires charge vendeur. Appartement en copropriété. DPE C, GES B.",
      "a_completer",
      ["copropriete.lots_absents", "copropriete.charges_absentes", "copropriete.procedures_absentes"],
    ],
  ];
  it.each(cases)("%s", (_name, description, status, expected) => {
    expect(codes(saleListing({ description }))).toEqual({ status, codes: expected });
  });
});

describe("ads as private landlords and sellers write them (demo feed wording)", () => {
  it("a private rental says there is no agency: no fees are due", () => {
    const description = rentalListing().description!.replace("Honoraires charge locataire : 450 € TTC dont 135 € d'état des lieux.", "Pas d'agence, merci.");
    expect(codes(rentalListing({ description })).codes).toEqual([]);
  });

  it("the property tax is not the co-ownership charges", () => {
    const description = "Prix : 209 000 euros, sans frais d'agence. Taxe foncière : 1 265 euros par an. Copropriété de 60 lots, aucune procédure en cours. DPE : D, GES : C.";
    expect(codes(saleListing({ description })).codes).toEqual(["copropriete.charges_absentes"]);
    const withCharges = description.replace("aucune procédure", "charges d'environ 2 595 euros par an, aucune procédure");
    expect(codes(saleListing({ description: withCharges })).codes).toEqual([]);
  });
});
