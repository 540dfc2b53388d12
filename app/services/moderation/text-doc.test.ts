import { afterEach, describe, expect, it, vi } from "vitest";
import { analyse, createContextBuilder } from "./engine";
import { listingSource, normalizeText } from "./normalize";
import { TextDoc } from "./signals/text-doc";
import { withText } from "#tests/setup/moderation-listings";

/**
 * Characters handed to regular expressions while one listing is analysed: a measure of work that
 * does not depend on the machine's load (every test, replace, match goes through exec once a spy
 * replaces it).
 */
function charactersScanned(description: string): number {
  const listing = withText(description);
  const builder = createContextBuilder();
  builder.add(listing);
  const context = builder.build();
  const exec = RegExp.prototype.exec;
  let scanned = 0;
  const spy = vi.spyOn(RegExp.prototype, "exec").mockImplementation(function (this: RegExp, input: string) {
    // A global search resumes at lastIndex and stops at its match: count what it went over. A
    // sticky one (String#split) only tries its own position.
    const from = this.global || this.sticky ? this.lastIndex : 0;
    const found = exec.call(this, input);
    if (this.sticky) scanned += found ? found[0].length : 1;
    else scanned += (found ? found.index + found[0].length : input.length) - from;
    return found;
  });
  try {
    analyse(listing, context);
  } finally {
    spy.mockRestore();
  }
  return scanned;
}

describe("lecture du texte en temps linéaire (issue 23, point 6)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("« siret » répété : le travail croît comme le texte, pas comme son carré", () => {
    const small = charactersScanned("siret ".repeat(250));
    const large = charactersScanned("siret ".repeat(1500));
    // Six times the text: at most about six times the work (quadratic reading gave ~36 times).
    expect(large / small).toBeLessThan(9);
  });

  it("une description de 50 000 caractères coûte le même travail borné qu'une de 12 000", () => {
    const bounded = charactersScanned("siret ".repeat(2000));
    const hostile = charactersScanned("siret ".repeat(8400));
    expect(hostile / bounded).toBeLessThan(1.5);
  });

  it("ne lit que le début et la fin d'une description démesurée", () => {
    const source = listingSource("Titre", `${"a".repeat(40_000)} fin`);
    expect(source.length).toBeLessThan(12_500);
    expect(source.endsWith(" fin")).toBe(true);
  });
});

describe("citations des raisons (issue 24, point 20)", () => {
  const quoteOf = (text: string, pattern: RegExp): string => {
    const doc = new TextDoc(normalizeText(text), text);
    return doc.quote(doc.findAll(pattern)[0]);
  };

  it("ne s'arrête pas sur une parenthèse ouvrante", () => {
    const quote = quoteOf(
      "Pour bloquer l'appartement, je demande le premier loyer et la caution (930 €) par virement avant la visite.",
      /caution/g,
    );
    expect(quote).toBe("« je demande le premier loyer et la caution… »");
  });

  it("ne coupe pas un mot quand la proposition est trop longue pour être citée entière", () => {
    const quote = quoteOf(
      "Vous réglez le premier mois et la caution sur la plateforme sécurisée, Airbnb conserve l'argent et vous le reverse après votre arrivée dans le logement loué",
      /airbnb/g,
    );
    const words = quote.replace(/^« …?|…? »$/g, "").split(" ");
    const source = "Vous réglez le premier mois et la caution sur la plateforme sécurisée, Airbnb conserve l'argent et vous le reverse après votre arrivée dans le logement loué".split(/[ ,]+/);
    for (const word of words) expect(source).toContain(word.replace(/,$/, ""));
  });
});
