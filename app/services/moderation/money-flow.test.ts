import { describe, expect, it } from "vitest";
import { normalizeText } from "./normalize";
import { languageEvidence } from "./signals/language";
import { TextDoc } from "./signals/text-doc";

const families = (text: string, owner: string | null = null): Set<string> =>
  new Set(languageEvidence(new TextDoc(normalizeText(text)), owner).map((e) => e.family));
const SCAM_FAMILIES = [
  "paymentBeforeVisit",
  "moneyBeforeLease",
  "thirdPartyPayment",
  "keysByPost",
  "untraceablePayment",
];
const scamFamilies = (text: string, owner: string | null = null): string[] =>
  [...families(text, owner)].filter((f) => SCAM_FAMILIES.includes(f));

describe("lecture du circuit de l'argent", () => {
  it.each([
    "Des frais de dossier de 90 € sont à régler en ligne avant toute visite.",
    "Une assurance loyers impayés de 195 € est obligatoire pour candidater.",
    "To hold the flat, please send the deposit before the viewing.",
    "Pour bloquer la chambre, envoyez 300 € par Lydia.",
    "Le dépôt se règle via Revolut, 800 €, puis je vous donne le code de la boîte à clés.",
    "Pour éviter les arnaques, la caution se paie via le lien sécurisé ci-dessous, 700 €.",
  ])("signale « %s »", (text) => {
    expect(scamFamilies(text).length).toBeGreaterThan(0);
  });

  it("une agence ne facture rien avant le bail", () => {
    expect(
      families("Frais de constitution du dossier : 120 €.", "Agence du Centre").has(
        "moneyBeforeLease",
      ),
    ).toBe(true);
  });

  it.each([
    "Dépôt de garantie d'un mois versé à la signature du bail, après la visite.",
    "Aucun frais de dossier, aucun versement avant la signature du bail.",
    "Gîte à la semaine : contrat de location saisonnière et 25 % d'arrhes à la réservation.",
    "The deposit is paid when we sign the lease, never before; viewings with me on site.",
    "Premier loyer payé à la remise des clés, en main propre.",
  ])("laisse propre la séquence légale « %s »", (text) => {
    expect(scamFamilies(text)).toEqual([]);
  });

  it.each([
    ["Caution de 3 mois demandée pour ce T2 vide.", true],
    ["Appartement meublé, dépôt de garantie de deux mois.", false],
    ["Location vide, dépôt de garantie : un mois hors charges.", false],
    ["Studio non meublé. Caution : deux mois.", true],
  ])("dépôt de garantie au-delà du plafond légal : « %s » → %s", (text, excessive) => {
    expect(families(text).has("excessiveDeposit")).toBe(excessive);
  });

  it.each([
    ["Merci d'envoyer votre carte Vitale et vos relevés de compte avant la visite.", true],
    ["Vous recevrez un code par SMS qu'il faudra me communiquer.", true],
    [
      "Pièce d'identité, trois bulletins de salaire et avis d'imposition, via DossierFacile.",
      false,
    ],
    ["Aucun relevé de compte ni carte Vitale demandé : la loi l'interdit.", false],
  ])("pièces interdites ou codes : « %s » → %s", (text, harvest) => {
    expect(families(text).has("identityHarvest")).toBe(harvest);
  });

  it("« ne … que » restreint sans nier", () => {
    expect(
      families(
        "Je ne reçois en visite que les candidats munis d'une certification de solvabilité payante (79 €).",
      ).has("moneyBeforeLease"),
    ).toBe(true);
  });

  it("reconnaît ce qui parle pour l'annonce", () => {
    const found = families(
      "Visale accepté. Le dépôt de garantie est versé à la signature du bail.",
    );
    expect(found.has("officialGuarantee")).toBe(true);
    expect(found.has("paysAtSignature")).toBe(true);
  });

  it("cite les mots de l'annonce dans la raison", () => {
    const [evidence] = languageEvidence(
      new TextDoc(normalizeText("Des frais de dossier de 90 € sont à régler avant toute visite.")),
    ).filter((e) => e.family === "moneyBeforeLease");
    expect(evidence.reason).toContain("« ");
    expect(evidence.reason).toContain("frais de dossier");
  });
});
