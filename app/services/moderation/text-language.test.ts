import { describe, expect, it } from "vitest";
import { normalizeText } from "./normalize";
import { textLanguageEvidence } from "./signals/text-language";
import { TextDoc } from "./signals/text-doc";

const reasonOf = (text: string) =>
  textLanguageEvidence(new TextDoc(normalizeText(text)))?.reason ?? null;

describe("langue de l'annonce", () => {
  it("laisse une annonce en français sans indice", () => {
    expect(
      reasonOf(
        "Bel appartement de 45 m² avec balcon, proche du métro. Visites le samedi avec moi.",
      ),
    ).toBeNull();
  });

  it("reconnaît l'anglais", () => {
    expect(
      reasonOf(
        "Lovely flat with a balcony, close to the metro. The deposit is paid when you sign the lease.",
      ),
    ).toBe("Annonce rédigée en anglais");
  });

  it.each([
    "Piso luminoso con balcón, cerca del metro. El depósito se paga por transferencia antes de la visita.",
    "Appartamento luminoso con balcone, vicino alla metro. Il deposito si paga con bonifico prima della visita.",
    "Helle Wohnung mit Balkon, nahe der U-Bahn. Die Kaution wird vor der Besichtigung überwiesen.",
  ])("reconnaît une autre langue : « %s »", (text) => {
    expect(reasonOf(text)).toBe("Annonce rédigée dans une autre langue que le français");
  });
});
