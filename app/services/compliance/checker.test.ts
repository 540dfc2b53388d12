import { describe, expect, it } from "vitest";
import { municipalityCode, resolveCommune } from "../geo/communes.server";
import { checkInstant } from "./check-input";
import { checkCompliance } from "./checker";
import { ENERGY_AND_RISKS, rentalListing, saleListing } from "#tests/setup/compliance-listings";
import type { ComplianceListing, ListingCommune } from "./types";

/**
 * One block per rule of docs/conformite.md, each with ads written from the text of the rule
 * (both sides of it, in several wordings), never from what the readers happen to match.
 */
const DAY = "2026-11-20";

function communeOf(postalCode: string, city: string): ListingCommune | null {
  const commune = resolveCommune(postalCode, city);
  if (!commune) return null;
  return { code: municipalityCode(commune), name: commune.name, department: commune.department };
}

function check(listing: ComplianceListing, day = DAY, commune: ListingCommune | null = null) {
  const verdict = checkCompliance(listing, { now: checkInstant(day), commune });
  return { status: verdict.status, codes: verdict.findings.map((f) => f.code), findings: verdict.findings };
}
const codes = (listing: ComplianceListing, day = DAY, commune: ListingCommune | null = null) => check(listing, day, commune).codes;

/** A rental as the check:compliance input gives it: price = rent without charges. */
function rental(description: string, overrides: Partial<ComplianceListing> = {}): ComplianceListing {
  return rentalListing({ description, price: 800, propertyCharges: 50, priceExcludesCharges: true, ...overrides });
}

describe("the baseline ads", () => {
  it("finds nothing in a complete agency rental and a complete agency sale", () => {
    expect(check(rentalListing())).toMatchObject({ status: "conforme", codes: [] });
    expect(check(saleListing())).toMatchObject({ status: "conforme", codes: [] });
  });

  it("every finding carries a French message, evidence and a dated reference", () => {
    const verdict = checkCompliance(rentalListing({ description: "Studio", energyRating: "G" }), { now: checkInstant(DAY), commune: null });
    expect(verdict.findings.length).toBeGreaterThan(3);
    for (const f of verdict.findings) {
      expect(f.message.length).toBeGreaterThan(10);
      expect(f.evidence.length).toBeGreaterThan(0);
      expect(f.reference).toMatch(/\(depuis le \d{1,2}(er)? \p{L}+ \d{4}\)$/u);
    }
  });

  it("leaves land, business premises and parking lets out of the housing rules", () => {
    expect(check(rentalListing({ propertyType: "Parking", description: "Place de parking", energyRating: null }))).toMatchObject({ status: "conforme", codes: [] });
    expect(check(rentalListing({ propertyType: "Bureau", description: "Bureau 30 m²", energyRating: null }))).toMatchObject({ status: "conforme", codes: [] });
  });
});

describe("who publishes (arrêté du 10 janvier 2017 for professionals, arrêté du 21 avril 2022 for everyone)", () => {
  const privateRental = `Particulier loue T2 non meublé de 45 m² à Tours : 850 € par mois charges comprises (dont 50 € de provision sur charges, régularisation annuelle). Dépôt de garantie : 800 €. ${ENERGY_AND_RISKS}`;

  it("a private landlord owes no fee mention", () => {
    expect(check(rentalListing({ description: privateRental, publisherType: "private" }))).toMatchObject({ status: "conforme", codes: [] });
  });

  it("an unknown publisher gets no finding that only concerns professionals", () => {
    expect(check(rentalListing({ description: privateRental, publisherType: null }))).toMatchObject({ status: "conforme", codes: [] });
    expect(codes(saleListing({ description: ENERGY_AND_RISKS, publisherType: null }))).toEqual([]);
  });

  it("the same ad from an agency lacks its fees", () => {
    expect(codes(rentalListing({ description: privateRental }))).toEqual(["location.honoraires_absents"]);
  });

  it("an agency's fees need the words « honoraires charge locataire »", () => {
    const ad = rentalListing().description!.replace("Honoraires charge locataire : 450 € TTC", "Frais d'agence : 450 € TTC");
    expect(codes(rentalListing({ description: ad }))).toEqual(["location.honoraires_mention_absente"]);
    expect(codes(rentalListing({ description: ad.replace("Frais d'agence : 450 € TTC", "450 € TTC HCL") }))).toEqual([]);
  });

  it("the inventory part is « le cas échéant »: its absence is only to be checked", () => {
    const ad = rentalListing().description!.replace(" dont 135 € d'état des lieux", "");
    expect(check(rentalListing({ description: ad }))).toMatchObject({ status: "conforme", codes: ["location.etat_des_lieux_a_verifier"] });
  });

  it("before 1 July 2022 a private landlord's ad had no required mention; an agency's did", () => {
    expect(codes(rentalListing({ description: "T2 à louer, 800 €.", publisherType: "private", energyRating: "C" }), "2022-05-01")).toEqual(["energie.ges_absente", "energie.depenses_absentes"]);
    expect(codes(rentalListing({ description: "T2 à louer, 800 €.", energyRating: "C" }), "2022-05-01")).toContain("location.honoraires_absents");
  });
});

describe("rental mentions (art. 4 of the arrêté of 2017, 1° to 8°; arrêté of 2022)", () => {
  it("1°: with charges, the rent charges included and « par mois »", () => {
    expect(codes(rental(`Loyer : 800 € HC + 50 € de provisions sur charges (régularisation annuelle). Dépôt de garantie 800 €. Non meublé. Honoraires charge locataire 400 € dont 100 € d'état des lieux. ${ENERGY_AND_RISKS}`))).toEqual([
      "location.loyer_cc_absent",
      "location.par_mois_absent",
    ]);
    expect(codes(rental(`850 €/mois CC, provisions sur charges 50 € régularisées chaque année. Dépôt de garantie 800 €. Honoraires charge locataire 400 € dont 100 € d'état des lieux. ${ENERGY_AND_RISKS}`))).toEqual([]);
    expect(codes(rental(`Loyer mensuel charges comprises : 850 € (forfait de charges de 50 €). Dépôt de garantie 800 €. Honoraires charge locataire 400 € dont 100 € d'état des lieux. ${ENERGY_AND_RISKS}`))).toEqual([]);
  });

  it("2°: the amount of the charges and, in every case, how they are paid", () => {
    expect(codes(rental(`Loyer 850 € par mois charges comprises dont 50 € de charges. Dépôt de garantie : 800 €. Honoraires charge locataire 400 € dont 100 € d'état des lieux. ${ENERGY_AND_RISKS}`))).toEqual([
      "location.charges_modalites_absentes",
    ]);
    expect(codes(rental(`Loyer 800 € par mois, sans charges. Dépôt de garantie : 800 €. Honoraires charge locataire 400 € dont 100 € d'état des lieux. ${ENERGY_AND_RISKS}`, { propertyCharges: null }))).toEqual([]);
    expect(codes(rental(`Loyer 800 € par mois. Dépôt de garantie : 800 €. Honoraires charge locataire 400 € dont 100 € d'état des lieux. ${ENERGY_AND_RISKS}`, { propertyCharges: null }))).toEqual([
      "location.charges_absentes",
    ]);
  });

  it("4°: the deposit, or its absence", () => {
    const ad = (deposit: string) => rental(`Loyer 850 € par mois CC dont 50 € de provisions sur charges. ${deposit} Honoraires charge locataire 400 € dont 100 € d'état des lieux. ${ENERGY_AND_RISKS}`);
    expect(codes(ad(""))).toEqual(["location.depot_absent"]);
    expect(codes(ad("Pas de dépôt de garantie."))).toEqual([]);
    expect(codes(ad("Caution : 800 €."))).toEqual([]);
  });

  it("5°: furnished is said « le cas échéant »: an unfurnished let need not say so", () => {
    expect(codes(rentalListing({ description: rentalListing().description!.replace("Location non meublée, ", "") }))).toEqual([]);
  });

  it("7°: the commune, and the arrondissement in Paris, Lyon and Marseille", () => {
    expect(codes(rentalListing({ city: null, postalCode: null }))).toEqual(["location.commune_absente"]);
    expect(codes(rentalListing({ city: "Lyon", postalCode: null }))).toEqual(["location.commune_absente"]);
    expect(codes(rentalListing({ city: "Lyon", postalCode: null, title: "T2 Lyon 3e" }))).toEqual([]);
  });

  it("8°: the living surface, from the field or the words", () => {
    expect(codes(rentalListing({ surfaceArea: null, description: rentalListing().description!.replace(", 45 m² habitables", "") }))).toEqual(["location.surface_absente"]);
    expect(codes(rentalListing({ surfaceArea: null }))).toEqual([]);
  });

  it("a holiday let is outside the loi du 6 juillet 1989: none of its rules apply", () => {
    expect(check(rentalListing({ description: "Location saisonnière, studio face à la mer, 450 € la semaine. DPE G.", energyRating: "G" }))).toMatchObject({ status: "conforme", codes: [] });
    expect(check(rentalListing({ description: "Gîte 6 personnes, 90 € par nuit.", features: ["Location saisonnière"], energyRating: null }))).toMatchObject({ status: "conforme", codes: [] });
  });
});

describe("deposit caps (loi du 6 juillet 1989, art. 22, 25-6 and 25-17)", () => {
  const ad = (deposit: string, furnished = "Location non meublée.") =>
    rental(`Loyer 850 € par mois charges comprises dont 50 € de provisions sur charges. ${deposit} ${furnished} Honoraires charge locataire 400 € dont 100 € d'état des lieux. ${ENERGY_AND_RISKS}`);

  it.each([
    ["one month unfurnished", "Dépôt de garantie : 800 €.", "Location non meublée.", "conforme"],
    ["two months unfurnished", "Dépôt de garantie : 1 600 €.", "Location non meublée.", "non_conforme"],
    ["two months in words, unfurnished", "Dépôt de garantie : deux mois de loyer.", "Location vide.", "non_conforme"],
    ["two months furnished", "Dépôt de garantie : 1 600 €.", "Appartement meublé.", "conforme"],
    ["three months furnished", "Dépôt de garantie de 3 mois.", "Meublé.", "non_conforme"],
    ["two months, furnished not said: a furnished let must say so, this one is unfurnished", "Dépôt de garantie : 1 600 €.", "", "non_conforme"],
    ["one month charges included is more than a month without", "Dépôt de garantie : un mois de loyer charges comprises, soit 850 €.", "Non meublé.", "non_conforme"],
    ["one month without charges", "Dépôt de garantie : un mois de loyer hors charges.", "Non meublé.", "conforme"],
  ])("%s", (_name, deposit, furnished, status) => {
    expect(check(ad(deposit, furnished)).status).toBe(status);
  });

  it("furnished read from the structured field and the feature", () => {
    expect(check(rental(ad("Dépôt de garantie : 1 600 €.", "").description!, { furnished: true })).status).toBe("conforme");
    expect(check(rental(ad("Dépôt de garantie : 1 600 €.", "Meublé.").description!, { furnished: false })).status).toBe("non_conforme");
    expect(check(rental(ad("Dépôt de garantie : 1 600 €.", "").description!, { features: ["Meublé"] })).status).toBe("conforme");
  });

  it("no breach when the ad does not say whether its price includes charges: both values must be read", () => {
    const stored = rentalListing({ price: 850, propertyCharges: 100, description: `Studio non meublé, 850 €/mois, provisions sur charges 100 €. Dépôt de garantie : 800 €. ${ENERGY_AND_RISKS}`, publisherType: "private" });
    const verdict = check(stored);
    expect(verdict.status).not.toBe("non_conforme");
    expect(verdict.codes).toContain("location.depot_a_verifier");
    // Above a month of the whole price, the deposit is too high whatever the charges.
    expect(check({ ...stored, description: stored.description!.replace("800 €", "900 €") }).codes).toContain("location.depot_excessif");
  });

  it("a sum of the deposit and the first rent is not read as the deposit", () => {
    expect(codes(ad("Pour réserver : le premier loyer et la caution (1 700 €) par virement."))).toEqual(["location.depot_absent"]);
    expect(codes(ad("Caution + premier mois (1 650 €) à la signature."))).toEqual(["location.depot_absent"]);
  });

  it("a bail mobilité allows no deposit at all", () => {
    const mobility = (deposit: string) => rental(`Bail mobilité de 6 mois, studio meublé : 850 € par mois charges comprises dont 50 € de forfait de charges. ${deposit} ${ENERGY_AND_RISKS}`, { publisherType: "private" });
    expect(check(mobility("Dépôt de garantie : 400 €."))).toMatchObject({ status: "non_conforme", codes: ["location.depot_bail_mobilite"] });
    expect(check(mobility("Aucun dépôt de garantie."))).toMatchObject({ status: "conforme", codes: [] });
    expect(check(mobility(""))).toMatchObject({ status: "conforme", codes: [] });
  });
});

describe("tenant fee caps per m² (art. 5, décret 2014-890)", () => {
  const fees = (amount: string, inventory: string) => rentalListing({ description: rentalListing().description!.replace("450 € TTC dont 135 €", `${amount} TTC dont ${inventory}`) });
  const tours = communeOf("37000", "Tours");
  const paris = communeOf("75011", "Paris");
  const lyon = communeOf("69003", "Lyon");

  it("within 8,07 €/m² + 3,03 €/m² anywhere: nothing", () => {
    expect(codes(fees("450 €", "135 €"), DAY, tours)).toEqual([]);
  });

  it("a commune whose zone is unknown: between the lowest and the highest cap is « à vérifier », above the highest a breach", () => {
    // 45 m²: visits 8,07 → 363 €, 12,10 → 545 €; inventory 3,03 → 136 €.
    expect(check(fees("600 €", "130 €"), DAY, tours)).toMatchObject({ status: "conforme", codes: ["location.honoraires_zone_a_verifier"] });
    expect(check(fees("700 €", "130 €"), DAY, tours)).toMatchObject({ status: "non_conforme", codes: ["location.honoraires_excessifs"] });
  });

  it("Paris is zone très tendue (12,10 €/m²), Lyon tendue (10,09 €/m² from 2026, 10 € before)", () => {
    // Both cities are also under rent control: only the fee findings are looked at here.
    const feeCodes = (listing: ComplianceListing, day: string, commune: ListingCommune | null) => codes(listing, day, commune).filter((c) => c.startsWith("location."));
    expect(feeCodes(fees("600 €", "130 €"), DAY, paris)).toEqual([]);
    expect(feeCodes(fees("600 €", "130 €"), DAY, lyon)).toEqual(["location.honoraires_excessifs"]);
    expect(feeCodes(fees("580 €", "130 €"), DAY, lyon)).toEqual([]);
    expect(feeCodes(fees("585 €", "130 €"), "2025-12-31", lyon)).toEqual(["location.honoraires_excessifs"]);
  });

  it("the inventory is capped at 3,03 €/m² everywhere", () => {
    expect(codes(fees("450 €", "200 €"), DAY, tours)).toEqual(["location.etat_des_lieux_excessif"]);
  });
});

describe("rent control (loi ELAN, art. 140)", () => {
  const paris = communeOf("75011", "Paris")!;
  const ad = (mentions: string, rent = "Loyer 1 150 € par mois charges comprises dont 50 € de provisions sur charges.") =>
    rental(`${rent} ${mentions} Dépôt de garantie : 1 000 €. Location non meublée. ${ENERGY_AND_RISKS}`, { publisherType: "private", price: 1100, surfaceArea: 40, city: "Paris", postalCode: "75011" });
  const full = "Zone soumise à encadrement des loyers : loyer de référence majoré (loyer de base à ne pas dépasser) : 28,50 €/m², loyer de base : 1 100 €.";

  it("all the mentions, the base rent within the cap: compliant", () => {
    expect(check(ad(full), DAY, paris)).toMatchObject({ status: "conforme", codes: [] });
  });

  it("the statutory label « loyer de base à ne pas dépasser » is the cap, not the rent", () => {
    const capOnly = "Zone soumise à encadrement des loyers. Loyer de référence majoré (loyer de base à ne pas dépasser) : 1 000 €.";
    expect(check(ad(capOnly), DAY, paris)).toMatchObject({ status: "non_conforme", codes: ["encadrement.loyer_base_absent", "encadrement.loyer_depasse"] });
  });

  it("a base rent above the cap is a breach; a complement of rent comes on top of the cap", () => {
    expect(check(ad(full.replace("28,50", "25,00")), DAY, paris).codes).toEqual(["encadrement.loyer_depasse"]);
    const withComplement = "Zone soumise à encadrement des loyers. Loyer de référence majoré (loyer de base à ne pas dépasser) : 1 000 €. Loyer de base : 1 000 €. Complément de loyer : 100 € (terrasse).";
    expect(check(ad(withComplement), DAY, paris)).toMatchObject({ status: "conforme", codes: [] });
  });

  it("each mention is required: the zone words, the cap, the base, the complement's amount", () => {
    expect(codes(ad(full.replace("Zone soumise à encadrement des loyers : ", "")), DAY, paris)).toEqual(["encadrement.mention_zone_absente"]);
    expect(codes(ad(`${full} Complément de loyer justifié par la vue.`), DAY, paris)).toEqual(["encadrement.complement_sans_montant"]);
    expect(codes(ad(""), DAY, paris)).toEqual(["encadrement.mention_zone_absente", "encadrement.loyer_reference_absent", "encadrement.loyer_base_absent"]);
  });

  it("no complement of rent for a home of class F or G (from 18 August 2022)", () => {
    const fg = rental(`${ad("").description} Zone soumise à encadrement des loyers. Loyer de référence majoré (loyer de base à ne pas dépasser) : 1 000 €. Loyer de base : 1 000 €. Complément de loyer : 100 €. Logement à consommation énergétique excessive : classe F.`, {
      energyRating: "F",
      city: "Paris",
      postalCode: "75011",
      publisherType: "private",
      price: 1100,
    });
    expect(check(fg, DAY, paris).codes).toContain("encadrement.complement_interdit_fg");
    expect(check(fg, "2022-08-10", paris).codes).not.toContain("encadrement.complement_interdit_fg");
  });

  it("dates: each territory from its own day; the ad mentions from 2022; « à vérifier » after the experiment's end (24 November 2026)", () => {
    expect(codes(ad(""), "2022-03-31", paris)).toEqual([]);
    expect(codes(ad(""), "2022-06-30", paris)).toEqual([]);
    expect(codes(ad(""), "2022-07-01", paris)).toContain("encadrement.loyer_reference_absent");
    const pau = communeOf("64100", "Bayonne");
    expect(codes(ad(""), "2024-11-24", pau)).toEqual([]);
    expect(codes(ad(""), "2024-11-25", pau)).toContain("encadrement.mention_zone_absente");
    expect(check(ad(""), "2026-11-24", paris)).toMatchObject({ status: "conforme", codes: ["encadrement.fin_experimentation"] });
    expect(check(ad(""), "2026-11-23", paris).status).toBe("a_completer");
  });

  it("outside a territory there is nothing to say", () => {
    expect(codes(ad(""), DAY, communeOf("37000", "Tours"))).toEqual([]);
  });
});

describe("energy (CCH L.126-33, R.126-21 to R.126-24; loi du 6 juillet 1989, art. 6)", () => {
  const without = (part: string) => rentalListing({ description: rentalListing().description!.replace(part, "") });

  it("the energy class from the field or the words; absent → to complete", () => {
    expect(codes(rentalListing({ energyRating: null }))).toEqual([]);
    expect(codes({ ...without("Classe énergie C, "), energyRating: null })).toEqual(["energie.classe_absente"]);
  });

  it("the classes and the energy cost in the DPE's own words too", () => {
    const words = "Diagnostic de performance énergétique : D ; émissions de gaz à effet de serre : B. Estimation des coûts annuels d'énergie du logement : entre 900 € et 1 250 € par an (prix de référence 2021). Géorisques : www.georisques.gouv.fr";
    expect(codes(saleListing({ energyRating: null, description: `Prix 200 000 €, honoraires à la charge du vendeur. ${words}` }))).toEqual([]);
  });

  it("the climate class from the feed's GES field or the words", () => {
    const noWords = without("classe climat B. ");
    expect(codes(noWords)).toEqual(["energie.ges_absente"]);
    expect(codes({ ...noWords, gesRating: "B" })).toEqual([]);
  });

  it("the estimated yearly energy cost and the year of its prices (R.126-23, from 2022)", () => {
    expect(codes(without("Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre 610 € et 860 € par an (prix moyens des énergies indexés au 1er janvier 2021). "))).toEqual(["energie.depenses_absentes"]);
    expect(codes(without(" (prix moyens des énergies indexés au 1er janvier 2021)"))).toEqual(["energie.depenses_annee_absente"]);
    expect(codes(without("Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre 610 € et 860 € par an (prix moyens des énergies indexés au 1er janvier 2021). "), "2021-12-31")).toEqual([]);
  });

  it("class F or G: the words « Logement à consommation énergétique excessive »", () => {
    expect(codes(saleListing({ energyRating: "F" }))).toEqual(["energie.mention_consommation_excessive"]);
    expect(codes(saleListing({ energyRating: "F", description: `${saleListing().description} Logement à consommation énergétique excessive : classe F.` }))).toEqual([]);
  });

  it("a G home may not be let from 2025, F from 2028, E from 2034; overseas G from 2028, F from 2031", () => {
    const g = rentalListing({ energyRating: "G", description: `${rentalListing().description} Logement à consommation énergétique excessive : classe G.` });
    expect(check(g, "2024-12-31").status).toBe("conforme");
    expect(check(g, "2025-01-01")).toMatchObject({ status: "non_conforme", codes: ["energie.location_interdite"] });
    const f = { ...g, energyRating: "F", description: g.description!.replace("classe G", "classe F") };
    expect(check(f, "2027-12-31").status).toBe("conforme");
    expect(check(f, "2028-01-01").status).toBe("non_conforme");
    const reunion = communeOf("97400", "Saint-Denis");
    expect(check(g, "2027-06-01", reunion).status).toBe("conforme");
    expect(check(g, "2028-01-01", reunion).status).toBe("non_conforme");
    expect(check({ ...f, energyRating: "E", description: rentalListing().description }, "2034-01-01", reunion).status).toBe("conforme");
  });

  it("a G home for sale is not banned, only flagged for its mention", () => {
    expect(check(saleListing({ energyRating: "G" }))).toMatchObject({ status: "a_completer", codes: ["energie.mention_consommation_excessive"] });
  });

  it("a blank DPE asks for no class", () => {
    expect(codes(saleListing({ energyRating: null, description: `Prix 315 000 € honoraires à la charge du vendeur. DPE vierge. Géorisques : www.georisques.gouv.fr` }))).toEqual([]);
  });
});

describe("Géorisques (C. env. L.125-5 and R.125-25, from 1 January 2023)", () => {
  const noRisks = (listing: ComplianceListing) => ({ ...listing, description: listing.description!.replace(/Les informations sur les risques.*$/u, "") });
  it("sale and rental ads alike, from 2023", () => {
    expect(codes(noRisks(saleListing()))).toEqual(["risques.georisques_absent"]);
    expect(codes(noRisks(rentalListing()))).toEqual(["risques.georisques_absent"]);
    expect(codes(noRisks(rentalListing()), "2022-12-31")).toEqual([]);
  });
});

describe("decency (décret 2002-120, art. 4)", () => {
  it("8 m² under 2,20 m is not decent; 8 m² under 2,60 m makes 20,8 m³", () => {
    // A private landlord: no agency fees, whose cap per m² a tiny surface would exceed.
    const studio = (height: string) => rentalListing({ surfaceArea: 8, publisherType: "private", description: `${rentalListing().description!.replace(/Honoraires.*d'état des lieux\. /u, "")} ${height}` });
    expect(check(studio("Hauteur sous plafond de 2,20 m."))).toMatchObject({ status: "non_conforme", codes: ["decence.surface_volume"] });
    expect(codes(studio("Hauteur sous plafond de 2,60 m."))).toEqual([]);
    expect(check(studio(""))).toMatchObject({ status: "a_completer", codes: ["decence.hauteur_absente"] });
  });
});

describe("sale ads (arrêté du 10 janvier 2017, art. 3; CCH L.721-1)", () => {
  it("a professional says who pays its fees", () => {
    expect(codes(saleListing({ description: ENERGY_AND_RISKS }))).toEqual(["vente.honoraires_absents"]);
    expect(codes(saleListing({ description: `Prix : 300 000 €, honoraires à la charge du vendeur. ${ENERGY_AND_RISKS}` }))).toEqual([]);
  });

  it("buyer pays: the price without fees and the fee rate, a rate that is not a yield", () => {
    expect(codes(saleListing({ description: `Prix 315 000 € honoraires inclus, charge acquéreur. Rendement locatif 5 %. ${ENERGY_AND_RISKS}` }))).toEqual(["vente.prix_hors_honoraires_absent", "vente.taux_honoraires_absent"]);
    expect(codes(saleListing({ description: `315 000 € FAI dont 5 % TTC d'honoraires à la charge de l'acquéreur (300 000 € hors honoraires). ${ENERGY_AND_RISKS}` }))).toEqual([]);
  });

  it("a private seller owes no fee mention", () => {
    expect(codes(saleListing({ description: ENERGY_AND_RISKS, publisherType: "private" }))).toEqual([]);
  });

  it("a flat is presumed in a copropriété: status, lots, yearly charges (quote-part du budget prévisionnel), proceedings", () => {
    const flat = (words: string) => saleListing({ propertyType: "Appartement", description: `Prix 200 000 €, honoraires à la charge du vendeur. ${words} ${ENERGY_AND_RISKS}` });
    expect(codes(flat(""))).toEqual(["copropriete.mention_absente", "copropriete.lots_absents", "copropriete.charges_absentes", "copropriete.procedures_absentes"]);
    expect(codes(flat("Bien soumis au statut de la copropriété : 24 lots. Montant moyen annuel de la quote-part à la charge du vendeur du budget prévisionnel : 1 450 €. Aucune procédure en cours."))).toEqual([]);
    expect(codes(flat("Copropriété de 12 lots, 1 200 € de charges annuelles, pas de procédure."))).toEqual([]);
    expect(codes(flat("Immeuble en monopropriété."))).toEqual([]);
  });

  it("parking lots and cellars keep their fee and co-ownership rules, not the housing ones", () => {
    const parking = saleListing({ propertyType: "Parking", title: "Place de parking", energyRating: null, description: "Place de parking en sous-sol, 25 000 €. Géorisques : www.georisques.gouv.fr" });
    expect(codes(parking)).toEqual(["vente.honoraires_absents"]);
    expect(codes({ ...parking, description: `${parking.description} Honoraires à la charge du vendeur. Lot de copropriété.` })).toEqual([
      "copropriete.lots_absents",
      "copropriete.charges_absentes",
      "copropriete.procedures_absentes",
    ]);
    expect(codes(saleListing({ propertyType: null, title: "Cave à vendre", energyRating: null, description: "Cave de 6 m², honoraires charge vendeur. Géorisques : www.georisques.gouv.fr" }))).toEqual([]);
  });
});
