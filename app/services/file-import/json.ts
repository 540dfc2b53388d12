/**
 * JSON files: a bare array of listings, or an object holding it under 'annonces', 'listings' or
 * 'properties' (the last one being the shape of Vigimmo's own export API, `{ success, properties }`,
 * so an export can be re-imported as is).
 */
import { FILE_IMPORT_MAX_COLUMNS, FILE_IMPORT_MAX_ROWS, FILE_IMPORT_MESSAGES } from "./limits";

/** A file of listings nests a few levels (list, listing, owner or pictures): more is not ours. */
export const FILE_IMPORT_MAX_JSON_DEPTH = 8;

const OPEN_OBJECT = 123; // {
const CLOSE_OBJECT = 125; // }
const OPEN_ARRAY = 91; // [
const CLOSE_ARRAY = 93; // ]
const COLON = 58;
const COMMA = 44;
const QUOTE = 34;
const BACKSLASH = 92;
const NEWLINE = 10;

/**
 * A forward scan of the text before JSON.parse: V8 takes hundreds of milliseconds to build half
 * a million nested arrays or an object of 60 000 keys from 1 MB, so such shapes are refused here,
 * at their line, in a few milliseconds. So is any list of more than FILE_IMPORT_MAX_ROWS elements:
 * the list of listings is one, and no list inside a listing comes near; 10 MB of `{}` used to be
 * parsed whole (3.4 million objects, hundreds of MB) before the row limit was checked.
 */
export function jsonShapeProblem(text: string): string | null {
  // Per open container: fields so far for an object, -1 - commas so far for an array.
  const counts: number[] = [];
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === NEWLINE) line++;
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      counts.push(code === OPEN_OBJECT ? 0 : -1);
      if (counts.length > FILE_IMPORT_MAX_JSON_DEPTH)
        return `Ligne ${line} : JSON imbriqué sur plus de ${FILE_IMPORT_MAX_JSON_DEPTH} niveaux, le fichier ne peut pas être lu`;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) counts.pop();
    else if (counts.length === 0) continue;
    else if (code === COLON && ++counts[counts.length - 1]! > FILE_IMPORT_MAX_COLUMNS)
      return `Ligne ${line} : un objet de plus de ${FILE_IMPORT_MAX_COLUMNS} champs, le fichier ne peut pas être lu`;
    else if (code === COMMA && counts[counts.length - 1]! < 0 && --counts[counts.length - 1]! < -FILE_IMPORT_MAX_ROWS)
      return FILE_IMPORT_MESSAGES.tooManyRows;
  }
  return null;
}

const CONTAINER_KEYS = ["annonces", "listings", "properties"];

export type JsonItems = { ok: true; items: unknown[] } | { ok: false; error: string };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function lineOfPosition(text: string, position: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < position; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

export function parseJsonItems(text: string): JsonItems {
  const shape = jsonShapeProblem(text);
  if (shape) return { ok: false, error: shape };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // V8's message is English; only the position is worth passing on.
    const position = /at position (\d+)/.exec(error instanceof Error ? error.message : "");
    const where = position
      ? ` (erreur de syntaxe ligne ${lineOfPosition(text, Number(position[1]))})`
      : "";
    return { ok: false, error: `${FILE_IMPORT_MESSAGES.invalidJson}${where}` };
  }
  if (Array.isArray(data)) return { ok: true, items: data };
  if (isPlainObject(data)) {
    // A saved error answer of the export API: say so rather than 'no listing found'.
    if (data.success === false) {
      const detail = typeof data.error === "string" ? ` : ${data.error}` : "";
      return { ok: false, error: `Le fichier contient une réponse d'erreur de l'API${detail}` };
    }
    for (const key of CONTAINER_KEYS) {
      const items = data[key];
      if (Array.isArray(items)) return { ok: true, items };
    }
  }
  return { ok: false, error: FILE_IMPORT_MESSAGES.jsonShape };
}

function nestedObject(value: unknown): Record<string, unknown> | null {
  if (isPlainObject(value)) return value;
  return Array.isArray(value) && isPlainObject(value[0]) ? value[0] : null;
}

/**
 * Visits the cells of one listing, nested objects flattened one level ('owner.first_name'), so
 * the export's `owner: { first_name, ... }` (or a one-element list of owners) meets the same
 * column synonyms as a CSV header 'owner_first_name'. A callback rather than a list of pairs:
 * this runs for every key of every item of a 10 MB file. The visit stops when `visit` answers false.
 */
export function forEachCell(
  item: Record<string, unknown>,
  visit: (name: string, value: unknown) => boolean | void,
): void {
  for (const key in item) {
    const value = item[key];
    const nested = nestedObject(value);
    if (nested === null) {
      if (visit(key, value) === false) return;
      continue;
    }
    for (const subKey in nested) if (visit(`${key}.${subKey}`, nested[subKey]) === false) return;
  }
}
