import { describe, expect, it } from "vitest";
import { parseJsonItems } from "./json";
import { FILE_IMPORT_MAX_ROWS, FILE_IMPORT_MESSAGES } from "./limits";

describe("parseJsonItems : nombre d'annonces compté avant l'analyse (issue 23 item 7)", () => {
  it.each([
    ["un tableau nu", (items: string) => `[${items}]`],
    ["sous « annonces »", (items: string) => `{"annonces": [${items}]}`],
    ["sous « properties »", (items: string) => `{"success": true, "properties": [${items}]}`],
  ])("%s de 20 001 éléments : refusé sans construire les objets", (_what, wrap) => {
    const text = wrap(Array.from({ length: FILE_IMPORT_MAX_ROWS + 1 }, () => "{}").join(","));
    expect(parseJsonItems(text)).toEqual({ ok: false, error: FILE_IMPORT_MESSAGES.tooManyRows });
  });

  it("20 000 éléments passent ; les virgules des textes et des listes d'une annonce ne comptent pas pour la liste", () => {
    const item = JSON.stringify({ titre: "a, b, c", images: ["1", "2", "3"] });
    const result = parseJsonItems(`[${Array.from({ length: FILE_IMPORT_MAX_ROWS }, () => item).join(",")}]`);
    expect(result.ok && result.items.length).toBe(FILE_IMPORT_MAX_ROWS);
  });

  it("10 Mo de {} : refusé en quelques dizaines de millisecondes", () => {
    const text = `[${"{},".repeat(3_400_000)}{}]`;
    const started = performance.now();
    expect(parseJsonItems(text)).toEqual({ ok: false, error: FILE_IMPORT_MESSAGES.tooManyRows });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
