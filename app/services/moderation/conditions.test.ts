import { describe, expect, it } from "vitest";
import { normalizeText } from "./normalize";
import { conditionEvidence } from "./signals/conditions";
import { TextDoc } from "./signals/text-doc";

const families = (text: string) =>
  conditionEvidence(new TextDoc(normalizeText(text), text)).map((e) => `${e.family}:${e.weight}`);

describe("ce dont la visite dépend (issue 25, section 2)", () => {
  it("une garantie payante à souscrire avant la visite, quel que soit son nom", () => {
    expect(
      families("Souscription obligatoire à l'assurance BailSûr (75 €) avant de pouvoir visiter le logement."),
    ).toContain("paymentBeforeVisit:0.8");
    expect(
      families("Une adhésion de 40 € vous est demandée pour obtenir un rendez-vous de visite."),
    ).toContain("paymentBeforeVisit:0.8");
  });

  it("une indemnité d'immobilisation avant la visite d'une maison à vendre", () => {
    expect(
      families("Une indemnité d'immobilisation de 5 000 € est à verser avant toute visite de la maison."),
    ).toContain("paymentBeforeVisit:0.8");
  });

  it("un acompte avant la visite reste suspect même « déduit ensuite chez le notaire »", () => {
    expect(
      families("Avant les visites, je demande un acompte de 2 000 € par virement, déduit ensuite du prix chez le notaire."),
    ).toContain("paymentBeforeVisit:0.8");
  });

  it("des documents déposés sur un lien extérieur avant la visite pèsent plus que par e-mail", () => {
    expect(
      families("Déposez votre pièce d'identité et vos bulletins de salaire sur www.dossier-locatif-express.com avant la visite."),
    ).toContain("documentsBeforeVisit:1");
    expect(
      families("Envoyez vos justificatifs par mail, seuls les dossiers complets recevront une date de visite."),
    ).toContain("documentsBeforeVisit:0.6");
  });

  it("la séquence légale ne compte pas : à la signature, chez le notaire, après la visite, DossierFacile", () => {
    expect(families("Le dépôt de garantie de 800 € est versé à la signature du bail, après la visite.")).toEqual([]);
    expect(families("L'acompte de 10 % est versé chez le notaire au compromis, après la visite.")).toEqual([]);
    expect(
      families("Merci de préparer votre dossier sur DossierFacile avant la visite (pièce d'identité, justificatifs)."),
    ).toEqual([]);
    expect(families("Aucune somme n'est demandée avant la visite.")).toEqual([]);
  });
});
