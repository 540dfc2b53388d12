import { describe, expect, it } from "vitest";
import { detectSeparator, readSeparatorDirective, tokenizeCsv } from "./csv";

function records(text: string, separator: "," | ";" | "\t" = ",") {
  const result = tokenizeCsv(text, separator);
  if (!result.ok) throw new Error(result.error);
  return result.records;
}

describe("tokenizeCsv", () => {
  it("splits plain fields and records, LF or CRLF or CR", () => {
    for (const eol of ["\n", "\r\n", "\r"]) {
      expect(records(`a,b,c${eol}1,2,3${eol}`)).toEqual([
        { line: 1, fields: ["a", "b", "c"] },
        { line: 2, fields: ["1", "2", "3"] },
      ]);
    }
  });

  it("keeps the last record without a final line break and empty trailing fields", () => {
    expect(records("a,b,\n1,,")).toEqual([
      { line: 1, fields: ["a", "b", ""] },
      { line: 2, fields: ["1", "", ""] },
    ]);
  });

  it("reads quoted fields with separators, doubled quotes and line breaks", () => {
    const text = 'a,b\n"x, y","il dit ""bonjour"""\n"ligne 1\r\nligne 2\nligne 3",z\nfin,1\n';
    expect(records(text)).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["x, y", 'il dit "bonjour"'] },
      { line: 3, fields: ["ligne 1\r\nligne 2\nligne 3", "z"] },
      // The quoted field above spans lines 3 to 5: the next record starts on line 6.
      { line: 6, fields: ["fin", "1"] },
    ]);
  });

  it("skips blank lines but counts them", () => {
    expect(records("a\n\n\nb\r\n\r\nc")).toEqual([
      { line: 1, fields: ["a"] },
      { line: 4, fields: ["b"] },
      { line: 6, fields: ["c"] },
    ]);
  });

  it("tolerates text after a closing quote", () => {
    expect(records('"abc" d,e')).toEqual([{ line: 1, fields: ["abc d", "e"] }]);
  });

  it("refuses an unterminated quote with the line where it opens", () => {
    const result = tokenizeCsv('a,b\n1,2\n3,"oops\n4,5\n', ",");
    expect(result).toEqual({
      ok: false,
      line: 3,
      error:
        "Ligne 3 : guillemet ouvrant sans guillemet fermant, le fichier ne peut pas être lu au-delà",
    });
  });

  it("honours the separator it is given", () => {
    expect(records("a;b\t c\n", ";")).toEqual([{ line: 1, fields: ["a", "b\t c"] }]);
    expect(records("a;b\tc\n", "\t")).toEqual([{ line: 1, fields: ["a;b", "c"] }]);
  });

  it("stays linear on hostile input", () => {
    // A quadratic scan would need minutes on these; the bound only has to catch that.
    const start = performance.now();
    expect(tokenizeCsv('"'.repeat(1_000_001), ",").ok).toBe(false); // odd count: unterminated
    expect(records('"' + '""'.repeat(40_000) + '"')[0].fields[0]).toHaveLength(40_000);
    expect(records("a\n" + "\r\n".repeat(1_000_000) + "b")).toEqual([
      { line: 1, fields: ["a"] },
      { line: 1_000_002, fields: ["b"] },
    ]);
    expect(performance.now() - start).toBeLessThan(10_000);
  });

  it("refuses a record over 200 columns or 100 000 characters, naming its line", () => {
    expect(tokenizeCsv(",".repeat(199), ",").ok).toBe(true);
    expect(tokenizeCsv("a\n" + ",".repeat(1_000_000), ",")).toEqual({
      ok: false,
      line: 2,
      error: "Ligne 2 : plus de 200 colonnes, le fichier ne peut pas être lu (vérifiez le séparateur)",
    });
    const tooLong = (line: number) => ({
      ok: false,
      line,
      error: `Ligne ${line} : plus de 100\u202f000 caractères sans fin de ligne, le fichier ne peut pas être lu`,
    });
    expect(tokenizeCsv("a;b\n" + "x".repeat(10_000_000), ";")).toEqual(tooLong(2));
    expect(tokenizeCsv('"' + '""'.repeat(3_000_000) + '"', ";")).toEqual(tooLong(1));
    expect(tokenizeCsv('"' + "y".repeat(200_000) + '"', ";")).toEqual(tooLong(1));
    expect(tokenizeCsv('"' + "y".repeat(200_000), ";")).toEqual(tooLong(1));
    expect(tokenizeCsv("x".repeat(100_000), ";").ok).toBe(true);
  });
});

describe("detectSeparator", () => {
  it("counts candidates in the header line only, outside quotes", () => {
    expect(detectSeparator("titre;prix;ville\nx;1,5;y")).toBe(";");
    expect(detectSeparator("titre,prix,ville\n")).toBe(",");
    expect(detectSeparator("titre\tprix\tville\n")).toBe("\t");
    expect(detectSeparator('"titre, long";prix\n')).toBe(";");
    expect(detectSeparator("titre\n")).toBe(",");
  });

  it("prefers ';' on a tie, Excel's French default", () => {
    expect(detectSeparator("a;b,c\n")).toBe(";");
  });
});

describe("readSeparatorDirective", () => {
  it("reads Excel's 'sep=' first line", () => {
    expect(readSeparatorDirective("sep=;\r\ntitre;prix")).toEqual({ separator: ";", next: 7 });
    expect(readSeparatorDirective("sep=,\ntitre")).toEqual({ separator: ",", next: 6 });
    expect(readSeparatorDirective("titre;prix")).toBeNull();
    expect(readSeparatorDirective("sep=;titre")).toBeNull();
  });
});
