import { describe, expect, it } from "vitest";
import { checkFormSchema, checkFormToAd } from "./check-form";
import { checkJsonLines, type CheckLineOutput } from "./check-lines.server";

/** The check:compliance command (issue 29): its input and output lines, its French errors. */
async function run(lines: string[], day = "2026-06-01") {
  const out: CheckLineOutput[] = [];
  for await (const output of checkJsonLines(lines, day)) out.push(output);
  return out;
}

const RENTAL = {
  title: "T2 Tours",
  description: "T2 de 45 m², 850 € par mois charges comprises dont 50 € de provisions sur charges (régularisation annuelle). Dépôt de garantie : 1 600 €.",
  type: "rental",
  category: "flat",
  price: 800,
  charges: 50,
  surface: 45,
  energyGrade: "c",
  gesGrade: "B",
  city: "Tours",
  postalCode: "37000",
  publisherName: "Yasmine",
  pictures: ["https://img.example/1.jpg"],
  options: ["balcony"],
};

describe("checkJsonLines", () => {
  it("prints one {id, status, findings: [{code, message}]} line per ad, reading price as the rent without charges", async () => {
    const [output] = await run([JSON.stringify({ id: "a-1", ad: RENTAL })]);
    expect(output!.ok).toBe(true);
    const line = JSON.parse((output as { json: string }).json) as { id: string; status: string; findings: Array<Record<string, string>> };
    expect(Object.keys(line)).toEqual(["id", "status", "findings"]);
    expect(line.id).toBe("a-1");
    // 1 600 € is two months of 800 €: the ad does not say furnished, so one month is the cap.
    expect(line.status).toBe("non_conforme");
    expect(line.findings.map((f) => f.code)).toContain("location.depot_excessif");
    for (const f of line.findings) expect(Object.keys(f)).toEqual(["code", "message"]);
  });

  it("reads publisherType, furnished and the furnished option; the line's date wins over the default day", async () => {
    const outputs = await run([
      JSON.stringify({ id: 1, ad: { ...RENTAL, furnished: true } }),
      JSON.stringify({ id: 2, ad: { ...RENTAL, options: ["furnished"] } }),
      JSON.stringify({ id: 3, date: "2021-06-01", ad: { ...RENTAL, furnished: true, publisherType: "professional" } }),
      JSON.stringify({ id: 4, ad: { ...RENTAL, furnished: true, publisherType: "professional" } }),
    ]);
    const codes = outputs.map((o) => (JSON.parse((o as { json: string }).json) as { findings: Array<{ code: string }> }).findings.map((f) => f.code));
    expect(codes[0]).not.toContain("location.depot_excessif");
    expect(codes[1]).not.toContain("location.depot_excessif");
    // In 2021 neither Géorisques (2023) nor the energy cost (2022) were owed.
    expect(codes[2]).toEqual(["location.honoraires_absents"]);
    expect(codes[3]).toContain("location.honoraires_absents");
    expect(codes[3]).toContain("risques.georisques_absent");
  });

  it("a bad line gets a French error with its number; the others are still checked", async () => {
    const outputs = await run([
      JSON.stringify({ id: "ok-1", ad: RENTAL }),
      "{pas du json",
      "",
      JSON.stringify({ id: "bad", date: "2026-02-30", ad: { ...RENTAL, title: "", type: "location", price: "800" } }),
      JSON.stringify({ ad: RENTAL }),
      JSON.stringify({ id: "ok-2", ad: RENTAL }),
    ]);
    expect(outputs.map((o) => (o.ok ? "ok" : o.error))).toEqual([
      "ok",
      "Ligne 2 : JSON invalide",
      "Ligne 4 : la date doit être un jour réel au format AAAA-MM-JJ ; ad.title ne peut pas être vide ; ad.type doit valoir « rental » ou « sale » ; ad.price doit être un nombre",
      "Ligne 5 : id est obligatoire (texte ou nombre)",
      "ok",
    ]);
  });
});

describe("the « Vérifier une annonce » form", () => {
  it("reads French amounts and empty fields, and gives the same ad as the command", () => {
    const parsed = checkFormSchema.parse({ type: "rental", category: "flat", publisherType: "private", title: " T2 ", price: "1 250,50", charges: "", surface: "45", furnished: "no", postalCode: "37000" });
    expect(checkFormToAd(parsed)).toMatchObject({ title: "T2", price: 1250.5, charges: null, surface: 45, publisherType: "private", furnished: false, postalCode: "37000" });
  });

  it("refuses a negative or unreadable amount and a bad postal code in French", () => {
    const result = checkFormSchema.safeParse({ type: "rental", category: "flat", title: "T2", price: "abc", surface: "-4", postalCode: "370" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([
      "Le prix doit être un nombre positif (ex. : 850 ou 1 250,50)",
      "La surface doit être un nombre positif (ex. : 45 ou 45,5)",
      "Le code postal compte 5 chiffres",
    ]);
  });
});
