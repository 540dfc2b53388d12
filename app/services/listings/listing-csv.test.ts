import { describe, expect, it } from "vitest";
import { parseListingFile } from "../file-import";
import { CSV_BOM, CSV_HEADER, csvLine, type CsvListing } from "./listing-csv";

const LISTING: CsvListing = {
  sourcePlatformId: "APT-017",
  sourceUrl: "https://exemple.fr/annonces/017",
  title: 'Appartement "coup de cœur"; vue dégagée',
  description: "Séjour double.\nCuisine équipée.",
  price: 1250.5,
  propertyCharges: 80,
  propertyType: "Appartement",
  transactionType: "rental",
  address: "12 rue de la République",
  city: "Lyon",
  postalCode: "01000",
  surfaceArea: 65.5,
  rooms: 3,
  bedrooms: 2,
  bathrooms: 1,
  images: ["https://exemple.fr/1.jpg", "https://exemple.fr/2.jpg"],
  features: ["Balcon", "Cave"],
  floor: -1,
  totalFloors: 5,
  yearBuilt: 1975,
  energyRating: "C",
  publisherType: "professional",
  owner: { firstName: "Marie", lastName: "Durand", email: "marie.durand@exemple.fr" },
};

describe("ligne CSV d'une annonce", () => {
  it("s'écrit avec ';', virgule décimale et guillemets RFC 4180", () => {
    const line = csvLine(LISTING);
    expect(line.endsWith("\r\n")).toBe(true);
    expect(line).toContain('"Appartement ""coup de cœur""; vue dégagée"');
    expect(line).toContain(';1250,5;80;"Appartement";location;');
    expect(CSV_HEADER.startsWith('"référence";"titre";"description";"prix";')).toBe(true);
  });

  it("neutralise une cellule qu'un tableur prendrait pour une formule", () => {
    expect(csvLine({ ...LISTING, title: "=HYPERLINK(\"http://x\")" })).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it("met chaque cellule de texte entre guillemets : relue avec ',' comme séparateur, « T2,=1+1 » reste une cellule", () => {
    const line = csvLine({ ...LISTING, title: "T2,=1+1", city: "Lyon" });
    expect(line).toContain(';"T2,=1+1";');
    expect(line).toContain(';"Lyon";"01000";');
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvLine({ ...LISTING, city: `${start}1+1` }), JSON.stringify(start)).toContain(`;"'${start}1+1";`);
    }
    // A comma-separated reading splits only where a comma stands outside the quotes.
    const cells = line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(cells.some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
  });

  it("se relit à l'identique par l'import de fichier", () => {
    const text = CSV_BOM + CSV_HEADER + csvLine(LISTING);
    const parsed = parseListingFile("annonces.csv", new TextEncoder().encode(text));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.file.separator).toBe(";");
    const rows = [...parsed.file.rows()];
    expect(rows).toHaveLength(1);
    const result = rows[0]!.result;
    if (!result.ok) throw new Error(result.error);
    expect(result.warnings).toEqual([]);
    expect(result.listing).toEqual({ ...LISTING, sourcePlatform: "fichier", sourceOrigin: null });
  });

  it("ajoute statut, modération et conformité après les colonnes réimportables, que l'import ignore (issue 24 item 22)", () => {
    const record = {
      status: "suspicious" as const,
      aiConfidence: 0.87,
      aiFlagReason: "Paiement demandé avant la visite",
      aiCheckedAt: new Date("2026-11-02T09:30:00.000Z"),
      complianceStatus: "a_completer" as const,
      complianceFindings: JSON.stringify([{ code: "x", message: "Le DPE manque." }, { code: "y", message: "Les honoraires manquent." }]),
    };
    const header = CSV_HEADER.trimEnd().split(";");
    // Every text cell is quoted, the header's included (issue 23 item 11).
    expect(header.slice(-6)).toEqual(['"statut"', '"confiance IA"', '"raison IA"', '"analysée le"', '"conformité"', '"constats de conformité"']);
    expect(header.indexOf('"statut"')).toBeGreaterThan(header.indexOf('"email du propriétaire"'));
    const line = csvLine({ ...LISTING, ...record });
    expect(line.trimEnd().split(";").slice(-6)).toEqual([
      '"Suspecte"',
      "0,87",
      '"Paiement demandé avant la visite"',
      '"2026-11-02T09:30:00.000Z"',
      '"À compléter"',
      '"Le DPE manque. | Les honoraires manquent."',
    ]);
    const parsed = parseListingFile("annonces.csv", new TextEncoder().encode(CSV_BOM + CSV_HEADER + line));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.file.ignoredColumns).toEqual([]);
    const result = [...parsed.file.rows()][0]!.result;
    if (!result.ok) throw new Error(result.error);
    expect(result.listing).toEqual({ ...LISTING, sourcePlatform: "fichier", sourceOrigin: null });
  });
});
