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
    expect(line).toContain(";1250,5;80;Appartement;location;");
    expect(CSV_HEADER.startsWith("référence;titre;description;prix;")).toBe(true);
  });

  it("neutralise une cellule qu'un tableur prendrait pour une formule", () => {
    expect(csvLine({ ...LISTING, title: "=HYPERLINK(\"http://x\")" })).toContain(`"'=HYPERLINK(""http://x"")"`);
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
});
