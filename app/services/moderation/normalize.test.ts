import { describe, expect, it } from "vitest";
import { cityKey, departmentOf, imageKeyOf, normalizedOffsets, normalizeText, ownerKeyOf } from "./normalize";
import { stemPresence, stems } from "./signals/gates";
import { estimatedSimilarity, minhashSignature } from "./signals/minhash";
import { TextDoc } from "./signals/text-doc";

describe("citations dans les mots de l'annonce", () => {
  it("relie chaque caractère normalisé à sa place dans le texte écrit", () => {
    const original = "  Méfiez-VOUS   des « arnaques » !\r\n\n  Lœil d’œil";
    const normalized = normalizeText(original);
    const offsets = normalizedOffsets(original)!;
    expect(offsets).toHaveLength(normalized.length);
    expect(original[offsets[normalized.indexOf("arnaques")]!]).toBe("a");
    expect(original.slice(offsets[normalized.indexOf("loeil")]!, offsets[normalized.indexOf("loeil") + 4]! + 1)).toBe("Lœil");
  });

  it("une raison cite l'annonce telle qu'écrite, accents et majuscules compris", () => {
    const original = "Très BEL appartement.\nEnvoyez   la CAUTION par Western Union avant la visite.";
    const doc = new TextDoc(normalizeText(original), original);
    const [match] = doc.findAll(/western union/g);
    expect(doc.quote(match!)).toBe("« Envoyez la CAUTION par Western Union avant la visite »");
    // Without the written text, the normalised words are quoted.
    expect(new TextDoc(normalizeText(original)).quote(match!)).toBe("« envoyez la caution par western union avant la visite »");
  });
});

describe("normalisation", () => {
  it("met en minuscules, retire les accents et unifie la ponctuation", () => {
    expect(
      normalizeText("  Méfiez-VOUS   des « arnaques » !\r\n\n  Lœil d’œil – ÇA\u00a0coûte  "),
    ).toBe('mefiez-vous des " arnaques " !\nloeil d\'oeil - ca coute');
  });

  it("accepte un texte déjà décomposé (NFD)", () => {
    expect(normalizeText("e\u0301te\u0301")).toBe("ete");
  });

  it("calcule la ville et le département", () => {
    expect(cityKey("Saint-Étienne")).toBe("saint etienne");
    expect(cityKey("St-Malo")).toBe("saint malo");
    expect(cityKey("Lyon 3e")).toBe("lyon");
    expect(cityKey("PARIS 15")).toBe("paris");
    expect(cityKey("")).toBeNull();
    expect(departmentOf("69003")).toBe("69");
    expect(departmentOf("97411")).toBe("974");
    expect(departmentOf("2A004")).toBeNull();
    expect(departmentOf(null)).toBeNull();
  });

  it("identifie annonceurs et images de façon robuste", () => {
    expect(ownerKeyOf(" Cédric  FABRE ")).toBe(ownerKeyOf("cedric fabre"));
    expect(imageKeyOf("HTTPS://Img.example.fr/a/1.jpg?w=800#x")).toBe(
      imageKeyOf("http://img.example.fr/a/1.jpg/"),
    );
  });
});

describe("négation et avertissements", () => {
  const doc = new TextDoc(
    normalizeText(
      "Je ne demande jamais de virement, de coupons ou de mandat. Envoyez le virement.",
    ),
  );
  const matches = doc.findAll(/\bvirement\b/g);

  it("voit la négation dans la même proposition, même après des virgules", () => {
    expect(doc.isNegated(matches[0])).toBe(true);
    expect(doc.isNegated(matches[1])).toBe(false);
  });

  it("arrête la négation à une nouvelle proposition", () => {
    const other = new TextDoc(
      normalizeText("Je ne peux pas faire visiter, je demande la caution par virement."),
    );
    expect(other.isNegated(other.findAll(/\bvirement\b/g)[0])).toBe(false);
  });

  it("reconnaît un avertissement, limité à sa proposition", () => {
    const warning = new TextDoc(
      normalizeText(
        "Méfiez-vous des annonces qui demandent un mandat cash. Loyer 700 € par mandat cash.",
      ),
    );
    const [warned, stated] = warning.findAll(/\bmandat cash\b/g);
    expect(warning.isWarned(warned)).toBe(true);
    expect(warning.isWarned(stated)).toBe(false);
  });

  it.each([
    "Pour éviter les arnaques, payez via le lien sécurisé ci-dessous.",
    "Afin d'éviter toute fraude, réglez la caution via le lien sécurisé.",
    "To avoid scams, pay through the secure link below.",
  ])(
    "« %s » n'est pas un avertissement : la proposition du paiement est hors de sa portée",
    (text) => {
      const doc = new TextDoc(normalizeText(text));
      const [link] = doc.findAll(/\b(?:lien|link)\b/g);
      expect(doc.isWarned(link)).toBe(false);
    },
  );

  it("« …, c'est une arnaque » fait de la proposition précédente un avertissement", () => {
    const doc = new TextDoc(
      normalizeText("Payer par mandat cash avant la visite, c'est une arnaque."),
    );
    expect(doc.isWarned(doc.findAll(/\bmandat cash\b/g)[0])).toBe(true);
  });

  it("« à deux pas » n'est pas une négation", () => {
    const near = new TextDoc(
      normalizeText("À deux pas de la gare, envoyez la caution par virement."),
    );
    expect(near.isNegated(near.findAll(/\bvirement\b/g)[0])).toBe(false);
  });
});

describe("portes d'entrée et empreintes", () => {
  it("détecte les racines de mots en début de mot seulement", () => {
    const gate = stems("rembours");
    const present = stemPresence(normalizeText("Vous serez remboursé."));
    expect(present.stems[gate.ids[0]]).toBe(1);
    expect(present.gates[gate.id]).toBe(1);
    expect(stemPresence("nonremboursable").gates[gate.id]).toBe(0);
  });

  it("estime la similarité de deux descriptions", () => {
    const base = Array.from({ length: 60 }, (_, i) => `mot${i}`).join(" ");
    const a = minhashSignature(base);
    const b = minhashSignature(base.replace("mot30", "autre"));
    const c = minhashSignature(Array.from({ length: 60 }, (_, i) => `terme${i}`).join(" "));
    expect(a && b && c).toBeTruthy();
    if (!a || !b || !c) return;
    expect(estimatedSimilarity(a, a)).toBe(1);
    expect(estimatedSimilarity(a, b)).toBeGreaterThan(0.6);
    expect(estimatedSimilarity(a, c)).toBeLessThan(0.2);
    expect(minhashSignature("trop court")).toBeNull();
  });
});
