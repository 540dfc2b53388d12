import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ExportedListing } from "~/services/export/export-api-contract";
import type { ListingInput } from "~/services/listings/listing-input";
import { listingRowBatches } from "./batches";
import { FILE_IMPORT_MAX_BYTES, FILE_IMPORT_MAX_ROWS } from "./limits";
import { parseListingFile, type FileImportRow, type ParsedListingFile } from "./parse-file";

function parsed(name: string, content: string | Uint8Array): ParsedListingFile {
  const result = parseListingFile(name, content);
  if (!result.ok) throw new Error(`refusé : ${result.error}`);
  return result.file;
}

function refusal(name: string, content: string | Uint8Array): string {
  const result = parseListingFile(name, content);
  if (result.ok) throw new Error("accepté à tort");
  return result.error;
}

const rowsOf = (file: ParsedListingFile): FileImportRow[] => [...file.rows()];

function listings(file: ParsedListingFile): ListingInput[] {
  return rowsOf(file).map((row) => {
    if (!row.result.ok) throw new Error(row.result.error);
    return row.result.listing;
  });
}

const errors = (file: ParsedListingFile) =>
  rowsOf(file).flatMap((row) => (row.result.ok ? [] : [row.result.error]));

const GOOD_CSV = [
  "reference,title,description,price,charges,property_type,transaction,address,city,postal_code,surface_area,rooms,bedrooms,bathrooms,images,url,features,floor,total_floors,year_built,energy_rating,owner_first_name,owner_last_name,owner_email",
  'A-1,Appartement T3 lumineux,"Séjour double, cuisine équipée",1250.5,80,flat,rent,12 rue de la République,Lyon,69002,65.5,3,2,1,https://img.fr/1.jpg|https://img.fr/2.jpg,https://exemple.fr/a/1,Balcon|Cave,3,5,1975,C,Marie,Durand,marie.durand@exemple.fr',
  "B-2,Maison avec jardin,,350000,,house,sale,,Nantes,44000,120,5,4,2,,,,,,,,,,",
].join("\n");

describe("parseListingFile: CSV", () => {
  it("turns a good file into ListingInput rows", () => {
    const file = parsed("annonces.csv", GOOD_CSV);
    expect(file).toMatchObject({ format: "csv", separator: ",", total: 2, ignoredColumns: [] });
    const [first, second] = listings(file);
    expect(first).toEqual({
      // No « type d'annonceur » column: a known listing keeps the one it has.
      keepStored: ["publisher_type"],
      sourcePlatform: "fichier",
      sourcePlatformId: "A-1",
      sourceOrigin: null,
      sourceUrl: "https://exemple.fr/a/1",
      title: "Appartement T3 lumineux",
      description: "Séjour double, cuisine équipée",
      price: 1250.5,
      propertyCharges: 80,
      propertyType: "Appartement",
      transactionType: "rental",
      address: "12 rue de la République",
      city: "Lyon",
      postalCode: "69002",
      surfaceArea: 65.5,
      rooms: 3,
      bedrooms: 2,
      bathrooms: 1,
      images: ["https://img.fr/1.jpg", "https://img.fr/2.jpg"],
      features: ["Balcon", "Cave"],
      floor: 3,
      totalFloors: 5,
      yearBuilt: 1975,
      energyRating: "C",
      publisherType: null,
      owner: { firstName: "Marie", lastName: "Durand", email: "marie.durand@exemple.fr" },
    } satisfies ListingInput);
    expect(second).toMatchObject({
      sourcePlatformId: "B-2",
      propertyType: "Maison",
      transactionType: "sale",
      description: null,
      propertyCharges: null,
      images: [],
      features: [],
      owner: null,
    });
  });

  it("reads a semicolon file with French headers, French numbers, BOM and CRLF", () => {
    const csv =
      "\uFEFFRéférence;Titre;Prix;Charges;Type de bien;Transaction;Ville;Code postal;Surface (m²);Pièces;Étage;DPE\r\n" +
      "R1;Studio meublé;1 250,50 €;45,5;Appartement;Location;Paris;75011;21,5 m²;1;RDC;e\r\n" +
      "R2;Loft;1.250.000;;loft;Vente;Lyon;69001;1\u00a0250;6;2ème;NC\r\n" +
      "R3;Bureau;950€;;Bureaux;location;Lille;59000;1.250,75;;;\r\n";
    const file = parsed("export-agence.csv", csv);
    expect(file.separator).toBe(";");
    expect(
      listings(file).map((l) => [
        l.sourcePlatformId,
        l.price,
        l.propertyCharges,
        l.surfaceArea,
        l.floor,
        l.energyRating,
        l.propertyType,
        l.transactionType,
      ]),
    ).toEqual([
      ["R1", 1250.5, 45.5, 21.5, 0, "E", "Appartement", "rental"],
      ["R2", 1_250_000, null, 1250, 2, null, "Appartement", "sale"],
      ["R3", 950, null, 1250.75, null, null, "Bureau", "rental"],
    ]);
  });

  it("reads a tab-separated file and Excel's sep= line", () => {
    expect(parsed("a.tsv", "titre\tprix\tville\nT\t100\tLyon\n").separator).toBe("\t");
    const withDirective = parsed("a.csv", "sep=;\ntitre;prix;ville\nT;1,5;Lyon\nU;abc;Lyon\n");
    expect(withDirective.separator).toBe(";");
    expect(errors(withDirective)).toEqual(["Ligne 4 : prix invalide (« abc »)"]);
  });

  it("reports each bad row with its line and a French reason naming the column", () => {
    const csv = [
      "titre;prix;ville;code postal;surface;pièces;année;dpe;email propriétaire;transaction",
      "Bon;1000;Lyon;69001;50;2;1990;B;a@b.fr;vente",
      ";abc;Lyon;;;;;;;",
      "Prix nul;0;Lyon;;;;;;;",
      "CP;1000;Lyon;750;;;;;;",
      "Surface;1000;Lyon;;-5;;;;;",
      "Pièces;1000;Lyon;;;2,5;;;;",
      "Année;1000;Lyon;;;;3000;;;",
      "DPE;1000;Lyon;;;;;H;;",
      "Email;1000;Lyon;;;;;;pas-un-email;",
      "Transaction;1000;Lyon;;;;;;;viager",
      "Ville;1000;;;;;;;;",
    ].join("\n");
    const maxYear = new Date().getFullYear() + 5;
    expect(errors(parsed("a.csv", csv))).toEqual([
      "Ligne 3 : titre manquant ; prix invalide (« abc »)",
      "Ligne 4 : prix invalide (« 0 ») : doit être supérieur à 0",
      "Ligne 5 : code postal invalide (« 750 ») : 5 chiffres attendus",
      "Ligne 6 : surface invalide (« -5 ») : doit être supérieure à 0",
      "Ligne 7 : nombre de pièces invalide (« 2,5 ») : nombre entier attendu",
      `Ligne 8 : année de construction invalide (« 3000 ») : nombre entier entre 1000 et ${maxYear} attendu`,
      "Ligne 9 : dpe invalide (« H ») : lettre de A à G attendue",
      "Ligne 10 : email du propriétaire invalide (« pas-un-email ») : adresse email attendue",
      "Ligne 11 : transaction invalide (« viager ») : vente ou location attendu",
      "Ligne 12 : ville manquante",
    ]);
  });

  it("numbers mixed rows by the physical line where each record starts", () => {
    const csv = [
      "titre,prix,ville,description", // line 1
      "Un,100,Lyon,court", // line 2
      'Deux,200,Lyon,"sur', // line 3
      "trois", // line 4
      'lignes"', // line 5
      "", // line 6: blank, skipped
      "Trois,abc,Lyon,x", // line 7
      'Quatre,300,,"a\r\nb"', // line 8
      "Cinq,500,Paris,ok", // line 10
    ].join("\n");
    const rows = rowsOf(parsed("a.csv", csv));
    expect(rows.map((row) => [row.line, row.result.ok])).toEqual([
      [2, true],
      [3, true],
      [7, false],
      [8, false],
      [10, true],
    ]);
    expect(errors(parsed("a.csv", csv))).toEqual([
      "Ligne 7 : prix invalide (« abc »)",
      "Ligne 8 : ville manquante",
    ]);
    const second = rows[1].result;
    expect(second.ok && second.listing.description).toBe("sur\ntrois\nlignes");
  });

  it("skips blank and separator-only lines, which Excel leaves at the end", () => {
    const file = parsed("a.csv", "titre;prix;ville\nT;1;Lyon\n;;\n  ;;\n\n");
    expect(file.total).toBe(1);
  });

  it("lists unknown headers and takes the best of two columns feeding one field", () => {
    const file = parsed(
      "a.csv",
      "id,titre,prix,ville,couleur,référence\n1,T,10,Lyon,bleu,R-9\n2,U,10,Lyon,vert,\n",
    );
    expect(file.ignoredColumns).toEqual(["couleur"]);
    expect(listings(file).map((l) => l.sourcePlatformId)).toEqual(["R-9", "2"]);
  });

  it("keeps the row but warns about unusable images and links", () => {
    const csv =
      'titre,prix,ville,images,url\nT,10,Lyon,"https://a.fr/1.jpg, ftp://a.fr/2.jpg, img.png",www.site.fr\n';
    const [row] = rowsOf(parsed("a.csv", csv));
    expect(row.result).toMatchObject({
      ok: true,
      listing: { images: ["https://a.fr/1.jpg"], sourceUrl: null },
      warnings: [
        "Ligne 2 : 2 images ignorées, adresses invalides (« ftp://a.fr/2.jpg », « img.png »)",
        "Ligne 2 : url ignorée, adresse invalide (« www.site.fr »)",
      ],
    });
  });

  it("splits images on '|', ',' and line breaks and features on '|' and ','", () => {
    const csv =
      'titre;prix;ville;photos;caractéristiques\nT;10;Lyon;"https://a.fr/1.jpg|https://a.fr/2.jpg,https://a.fr/3.jpg\nhttps://a.fr/4.jpg";"balcon, cave|Ascenseur"\n';
    const [listing] = listings(parsed("a.csv", csv));
    expect(listing.images).toEqual([
      "https://a.fr/1.jpg",
      "https://a.fr/2.jpg",
      "https://a.fr/3.jpg",
      "https://a.fr/4.jpg",
    ]);
    expect(listing.features).toEqual(["Balcon", "Cave", "Ascenseur"]);
  });

  it("stays fast on a huge cell in an email or number column", () => {
    const huge = "a".repeat(30_000);
    const start = performance.now();
    expect(
      errors(
        parsed(
          "a.csv",
          `titre;prix;ville;email;surface\nT;1;Lyon;${huge}@${huge}.fr;${"1 ".repeat(15_000)}\n`,
        ),
      ),
    ).toEqual([
      `Ligne 2 : surface invalide (« ${"1 ".repeat(20)}… ») ; email du propriétaire invalide (« ${"a".repeat(40)}… ») : 255 caractères maximum`,
    ]);
    expect(performance.now() - start).toBeLessThan(10_000);
  });

  it("reports a reference used twice instead of letting the second row overwrite the first", () => {
    const file = parsed("a.csv", "référence,titre,prix,ville\nX,A,1,Lyon\nX,B,2,Lyon\n");
    expect(errors(file)).toEqual(["Ligne 3 : référence « X » déjà utilisée par la ligne 2"]);
  });

  it("refuses a file whose quotes are not closed", () => {
    expect(refusal("a.csv", 'titre,prix,ville\nT,1,"Lyon\nU,2,Paris\n')).toBe(
      "Ligne 2 : guillemet ouvrant sans guillemet fermant, le fichier ne peut pas être lu au-delà",
    );
  });
});

describe("parseListingFile: content hash when there is no reference", () => {
  const csv =
    "titre;prix;ville;surface;description\nAppartement T2;1 250;Lyon;45,5;Calme\nMaison;1250;Lyon;;\n";

  it("is the sha256 of the normalised title, price, city, surface and description, cut to 32", () => {
    const [first] = listings(parsed("a.csv", csv));
    const expected = createHash("sha256")
      .update(["appartement t2", "1250", "lyon", "45.5", "calme"].join("\u001f"))
      .digest("hex")
      .slice(0, 32);
    expect(first.sourcePlatformId).toBe(expected);
    expect(first.sourcePlatformId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("is the same when the same file is imported again, whatever the number format", () => {
    const once = listings(parsed("a.csv", csv)).map((l) => l.sourcePlatformId);
    const again = listings(parsed("b.csv", csv)).map((l) => l.sourcePlatformId);
    const reformatted = listings(
      parsed(
        "c.json",
        JSON.stringify([
          {
            title: " Appartement   T2 ",
            price: 1250,
            city: "LYON",
            surface_area: "45,50",
            description: "calme",
          },
          { title: "Maison", price: "1 250 €", city: "Lyon" },
        ]),
      ),
    ).map((l) => l.sourcePlatformId);
    expect(again).toEqual(once);
    expect(reformatted).toEqual(once);
    expect(new Set(once).size).toBe(2);
  });

  it("changes with the content, and identical rows are reported", () => {
    const [a, b] = listings(parsed("a.csv", "titre,prix,ville\nT,100,Lyon\nT,101,Lyon\n"));
    expect(a.sourcePlatformId).not.toBe(b.sourcePlatformId);
    expect(errors(parsed("a.csv", "titre,prix,ville\nT,100,Lyon\nT,100,Lyon\n"))).toEqual([
      "Ligne 3 : annonce identique à la ligne 2",
    ]);
  });
});

describe("parseListingFile: JSON", () => {
  it("refuse un JSON trop imbriqué ou un objet de plus de 200 champs avant de le lire, à sa ligne", () => {
    expect(refusal("a.json", "[".repeat(500_000) + "]".repeat(500_000))).toBe(
      "Ligne 1 : JSON imbriqué sur plus de 8 niveaux, le fichier ne peut pas être lu",
    );
    const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`champ${i}`, 1]));
    expect(refusal("a.json", `[\n{"titre": "T", "prix": 1, "ville": "Lyon"},\n${JSON.stringify(wide)}]`)).toBe(
      "Ligne 3 : un objet de plus de 200 champs, le fichier ne peut pas être lu",
    );
    // Colons and brackets inside texts are not structure.
    expect(parsed("a.json", JSON.stringify([{ titre: "T : {[[[[[[[[[", prix: 1, ville: "Lyon \\\" :" }])).total).toBe(1);
  });

  it("refuse plus de 200 champs différents dans le fichier, en nommant l'élément", () => {
    const item = (i: number) => ({ titre: "T", prix: 1, ville: "Lyon", [`extra${i}`]: 1 });
    expect(refusal("a.json", JSON.stringify(Array.from({ length: 300 }, (_, i) => item(i))))).toBe(
      "Élément 198 : plus de 200 champs différents dans le fichier, il ne peut pas être lu",
    );
    expect(parsed("a.json", JSON.stringify(Array.from({ length: 300 }, (_, i) => item(i % 150)))).total).toBe(300);
  });

  const item = {
    titre: "Studio",
    prix: 500,
    ville: "Lille",
    type: "flat",
    transaction: "location",
  };

  it.each([
    ["an array", [item]],
    ["{ annonces }", { annonces: [item] }],
    ["{ listings }", { listings: [item] }],
    ["{ properties }", { properties: [item] }],
  ])("accepts %s", (_, body) => {
    const file = parsed("annonces.json", JSON.stringify(body));
    expect(file.format).toBe("json");
    expect(listings(file)).toMatchObject([
      { title: "Studio", price: 500, city: "Lille", propertyType: "Appartement" },
    ]);
  });

  it("re-imports Vigimmo's own export response", () => {
    const exported: ExportedListing = {
      id: 42,
      title: "Maison de ville",
      description: "Belle maison",
      price: 320000,
      property_type: "Maison",
      transaction_type: "sale",
      address: "3 rue Nationale",
      city: "Tours",
      postal_code: "37000",
      surface_area: 110.5,
      rooms: 5,
      bedrooms: 3,
      bathrooms: 1,
      images: ["https://img.fr/a.jpg", "https://img.fr/b.jpg"],
      features: ["Jardin", "Garage"],
      property_charges: null,
      floor: null,
      total_floors: 2,
      year_built: 1930,
      energy_rating: "D",
      source_url: "https://exemple.fr/annonce/42",
      created_at: "2025-01-02T10:00:00.000Z",
      owner: { first_name: "Jean", last_name: "Martin", email: "jean.martin@exemple.fr" },
      status: "active",
      ai_checked_at: null,
      ai_confidence: 0.1,
      compliance: null,
      updated_at: "2025-01-03T08:30:00.000Z",
    };
    const response = {
      success: true,
      count: 1,
      total: 1,
      limit: null,
      offset: 0,
      properties: [exported],
    };
    const file = parsed("export.json", JSON.stringify(response));
    expect(file.ignoredColumns).toEqual([]);
    expect(listings(file)).toEqual([
      {
        sourcePlatform: "fichier",
        sourcePlatformId: "42",
        sourceOrigin: null,
        sourceUrl: "https://exemple.fr/annonce/42",
        title: "Maison de ville",
        description: "Belle maison",
        price: 320000,
        propertyCharges: null,
        propertyType: "Maison",
        transactionType: "sale",
        address: "3 rue Nationale",
        city: "Tours",
        postalCode: "37000",
        surfaceArea: 110.5,
        rooms: 5,
        bedrooms: 3,
        bathrooms: 1,
        images: ["https://img.fr/a.jpg", "https://img.fr/b.jpg"],
        features: ["Jardin", "Garage"],
        floor: null,
        totalFloors: 2,
        yearBuilt: 1930,
        energyRating: "D",
        publisherType: null,
        owner: { firstName: "Jean", lastName: "Martin", email: "jean.martin@exemple.fr" },
        // Null in the export: a re-import leaves what the listing already holds (issue 24 item 2).
        keepStored: ["property_charges", "floor", "publisher_type"],
      },
    ]);
  });

  it("reports duplicates inside a JSON file by item", () => {
    const twice = JSON.stringify([{ ...item, id: 7 }, { ...item, id: 7 }, item, item]);
    expect(errors(parsed("a.json", twice))).toEqual([
      "Élément 2 : référence « 7 » déjà utilisée par l'élément 1",
      "Élément 4 : annonce identique à l'élément 3",
    ]);
  });

  it("numbers bad items 'Élément n' and refuses non-objects", () => {
    const file = parsed(
      "a.json",
      JSON.stringify([
        item,
        { ...item, prix: "abc" },
        "texte",
        { ...item, prix: 600, ville: null },
      ]),
    );
    expect(errors(file)).toEqual([
      "Élément 2 : prix invalide (« abc »)",
      "Élément 3 : un objet est attendu",
      "Élément 4 : ville manquante",
    ]);
    expect(rowsOf(file).map((row) => row.line)).toEqual([1, 2, 3, 4]);
  });

  it("reads English camelCase keys and reports unknown keys", () => {
    const file = parsed(
      "a.json",
      JSON.stringify([
        {
          title: "T",
          price: "1 000",
          city: "Nice",
          surfaceArea: 30,
          propertyType: "house",
          transactionType: "sale",
          colour: "red",
        },
      ]),
    );
    expect(file.ignoredColumns).toEqual(["colour"]);
    expect(listings(file)).toMatchObject([
      { price: 1000, surfaceArea: 30, propertyType: "Maison", transactionType: "sale" },
    ]);
  });

  it("is detected from the content when the name says nothing", () => {
    expect(parsed("export", `  \n${JSON.stringify([item])}`).format).toBe("json");
    expect(parsed("export.txt", "titre;prix;ville\nT;1;Lyon").format).toBe("csv");
  });

  it("refuses broken JSON and unknown shapes in French", () => {
    expect(refusal("a.json", '[\n{"titre": "T",\n}\n]')).toBe(
      "Fichier JSON invalide (erreur de syntaxe ligne 3)",
    );
    expect(refusal("a.json", '{"data": []}')).toMatch(/^Fichier JSON non reconnu/);
    expect(refusal("a.json", '{"success": false, "error": "Clé API invalide"}')).toBe(
      "Le fichier contient une réponse d'erreur de l'API : Clé API invalide",
    );
    expect(refusal("a.json", "[]")).toBe("Le fichier ne contient aucune annonce");
  });
});

describe("parseListingFile: whole-file checks", () => {
  it("names the missing required columns", () => {
    expect(refusal("a.csv", "ville;surface\nLyon;20\n")).toBe(
      "Colonnes obligatoires manquantes : titre, prix",
    );
    expect(refusal("a.csv", "description\n")).toBe(
      "Colonnes obligatoires manquantes : titre, prix, ville",
    );
    expect(refusal("a.json", JSON.stringify([{ title: "T", city: "Lyon" }]))).toBe(
      "Colonnes obligatoires manquantes : prix",
    );
  });

  it("refuses empty files and files without rows", () => {
    expect(refusal("a.csv", "")).toBe("Le fichier est vide");
    expect(refusal("a.csv", "\uFEFF \r\n")).toBe("Le fichier est vide");
    expect(refusal("a.csv", "titre;prix;ville\r\n\r\n")).toBe(
      "Le fichier ne contient aucune annonce",
    );
  });

  it("refuses files over 10 MB", () => {
    const header = "titre;prix;ville\n";
    // Lines of 1 000 characters: a single 10 MB line is refused for its length before its size.
    const room = FILE_IMPORT_MAX_BYTES - header.length;
    const line = "x".repeat(999) + "\n";
    const filler = line.repeat(Math.floor(room / 1000)) + "x".repeat(room % 1000);
    expect(parseListingFile("a.csv", header + filler).ok).toBe(true);
    expect(refusal("a.csv", header + filler + "x")).toBe("Fichier trop volumineux (10 Mo maximum)");
    // Counted in bytes, not characters: 'é' takes two.
    expect(refusal("a.csv", header + filler.slice(1) + "é")).toBe(
      "Fichier trop volumineux (10 Mo maximum)",
    );
  });

  it("accepts 20 000 rows and refuses one more", () => {
    const row = "T;1;Lyon\n";
    const csv = (n: number) => `titre;prix;ville\n${row.repeat(n)}`;
    expect(parsed("a.csv", csv(FILE_IMPORT_MAX_ROWS)).total).toBe(20_000);
    expect(refusal("a.csv", csv(FILE_IMPORT_MAX_ROWS + 1))).toBe(
      "Le fichier dépasse 20 000 annonces",
    );
    const json = (n: number) =>
      JSON.stringify(Array.from({ length: n }, () => ({ titre: "T", prix: 1, ville: "Lyon" })));
    expect(refusal("a.json", json(FILE_IMPORT_MAX_ROWS + 1))).toBe(
      "Le fichier dépasse 20 000 annonces",
    );
  });

  it("refuses spreadsheets with advice", () => {
    expect(refusal("annonces.xlsx", "whatever")).toMatch(/^Les classeurs Excel/);
    expect(refusal("annonces", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toMatch(
      /^Les classeurs Excel/,
    );
  });

  it("decodes bytes: UTF-8 with BOM, Windows-1252 from French Excel, UTF-16", () => {
    const text = "titre;prix;ville\nÉtude près de l'église;1 000 €;Orléans\n";
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(text, "utf8")]);
    const cp1252 = Uint8Array.from(Buffer.from(text.replace("€", "\u0080"), "latin1")); // 0x80 is '€' in Windows-1252
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, "utf16le")]);
    for (const bytes of [utf8, cp1252, utf16]) {
      expect(listings(parsed("a.csv", bytes))).toMatchObject([
        { title: "Étude près de l'église", price: 1000, city: "Orléans" },
      ]);
    }
  });
});

describe("listingRowBatches", () => {
  it("yields batches of at most 500 rows, in order, and lets the event loop run between them", async () => {
    const csv =
      "titre;prix;ville\n" +
      Array.from({ length: 1_201 }, (_, i) => `T${i};${i + 1};Lyon\n`).join("");
    const file = parsed("a.csv", csv);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const sizes: number[] = [];
    const lines: number[] = [];
    for await (const batch of listingRowBatches(file)) {
      sizes.push(batch.length);
      lines.push(...batch.map((row) => row.line));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    clearInterval(timer);
    expect(sizes).toEqual([500, 500, 201]);
    expect(lines).toEqual(Array.from({ length: 1_201 }, (_, i) => i + 2));
    expect(ticks).toBeGreaterThan(0);
  });

  it("can be stopped early", async () => {
    const file = parsed("a.csv", "titre;prix;ville\n" + "T;1;Lyon\n".repeat(3));
    const seen: number[] = [];
    for await (const batch of listingRowBatches(file, 1)) {
      seen.push(batch[0].line);
      if (seen.length === 2) break;
    }
    expect(seen).toEqual([2, 3]);
  });
});

describe("docs/file-import.md", () => {
  const doc = readFileSync(new URL("../../../docs/file-import.md", import.meta.url), "utf8");
  const block = (lang: string) => {
    const start = doc.indexOf("```" + lang + "\n");
    return doc.slice(start + lang.length + 4, doc.indexOf("```", start + 3));
  };

  it("has CSV and JSON examples that import without error", () => {
    const csv = listings(parsed("exemple.csv", block("csv")));
    expect(
      csv.map((l) => [l.sourcePlatformId, l.price, l.transactionType, l.images.length]),
    ).toEqual([
      ["APT-017", 1250, "rental", 2],
      ["MAI-002", 349000, "sale", 0],
    ]);
    expect(csv[1].title).toBe('Maison "coup de cœur" avec jardin');
    expect(listings(parsed("exemple.json", block("json")))).toMatchObject([
      {
        sourcePlatformId: "APT-017",
        propertyType: "Appartement",
        postalCode: "69002",
        owner: { lastName: "Durand" },
      },
    ]);
  });
});
