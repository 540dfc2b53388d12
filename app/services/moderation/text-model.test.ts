import { describe, expect, it } from "vitest";
import { normalizeText } from "./normalize";
import { TextDoc } from "./signals/text-doc";
import {
  decodeTextModel,
  encodeTextModel,
  hashText,
  learnedTextEvidence,
  textLogit,
} from "./text-model";
import { fitTextModel } from "./text-model-fit";

const SCAMS = [
  "Envoyez la caution par mandat cash avant la visite, je suis à l'étranger.",
  "Réglez le premier loyer en coupons avant toute visite, clés envoyées par la poste.",
  "Payez les frais de dossier par carte prépayée avant la visite, je vis à Londres.",
  "Virement de la caution avant visite, je suis muté à l'étranger, clés par transporteur.",
];
const HONEST = [
  "Visite sur place avec le propriétaire, bail signé à l'agence, dépôt de garantie à la signature.",
  "Appartement lumineux, visite le samedi, dossier après la visite, signature chez le notaire.",
  "Studio meublé proche gare, je fais visiter moi-même, loyer payé après signature du bail.",
  "Maison avec jardin, visites organisées par l'agence, honoraires réglés à la signature.",
];

function fitted() {
  const texts = [...SCAMS, ...HONEST].map((t) => hashText(normalizeText(t)));
  const labels = Uint8Array.from([...SCAMS.map(() => 1), ...HONEST.map(() => 0)]);
  return fitTextModel(texts, labels, 1e-3);
}

describe("modèle de texte appris (issue 25)", () => {
  it("sépare des formulations qu'il n'a pas lues telles quelles", () => {
    const model = fitted();
    const scam = textLogit(model, normalizeText("Merci de régler la caution par mandat avant la visite."));
    const honest = textLogit(model, normalizeText("Visite avec le propriétaire, signature du bail à l'agence."));
    expect(scam).toBeGreaterThan(honest);
  });

  it("une ligne hachée ne dépend pas de la longueur du texte (longueur 1 sans répétition)", () => {
    const norm = (text: string) =>
      Math.sqrt(hashText(text).values.reduce((sum, v) => sum + v * v, 0));
    expect(norm("court")).toBeCloseTo(1, 5);
    expect(norm("un texte un peu plus long avec des mots bien distincts")).toBeLessThan(1.2);
  });

  it("sa raison cite les mots de l'annonce qui ont le plus pesé", () => {
    const model = fitted();
    const source = "Bel appartement. Envoyez la caution par mandat cash avant la visite.";
    const evidence = learnedTextEvidence(model, new TextDoc(normalizeText(source), source));
    expect(evidence).not.toBeNull();
    const quoted = /« (.*) »/.exec(evidence!.reason)![1].replace(/…/g, "");
    expect(source).toContain(quoted);
    expect(quoted).toMatch(/caution|mandat|avant/);
  });

  it("les poids livrés (int8, base64) redonnent les mêmes décisions", () => {
    const model = fitted();
    const decoded = decodeTextModel(encodeTextModel(model));
    for (const text of [...SCAMS, ...HONEST].map(normalizeText)) {
      expect(Math.sign(textLogit(decoded, text))).toBe(Math.sign(textLogit(model, text)));
      expect(Math.abs(textLogit(decoded, text) - textLogit(model, text))).toBeLessThan(0.1);
    }
  });

  it("ne lit qu'un début borné d'un texte démesuré", () => {
    const model = fitted();
    const huge = normalizeText("caution par mandat cash ".repeat(5000));
    const bounded = normalizeText("caution par mandat cash ".repeat(250));
    expect(textLogit(model, huge)).toBeCloseTo(textLogit(model, bounded), 1);
  });
});
