/**
 * Cell readers: they turn what a user typed (a CSV string, or any JSON value) into a typed value
 * ('1 250,50 €' -> 1250.5, 'RDC' -> 0, 'flat' -> 'Appartement'), or say why they could not.
 * They only deal with syntax; which values are acceptable (ranges, required, formats) is
 * declared once in the zod schema of row-schema.ts.
 */
import { EMAIL_MAX_LENGTH } from "~/config";
import { parseFrenchNumber } from "./french-number";
import {
  featureLabel,
  normaliseWord,
  propertyTypeLabel,
  publisherType,
  transactionType,
} from "./vocabulary";
import type { PublisherType, TransactionType } from "~/services/listings/listing-input";

export type CellResult<T> = { ok: true; value: T } | { ok: false; reason: string | null };
/** A value kept without its unusable parts (bad image or link), which are reported as warnings. */
export type Dropped<T> = { value: T; dropped: string[] };

const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const fail = (reason: string | null = null): CellResult<never> => ({ ok: false, reason });
const EMPTY: CellResult<null> = { ok: true, value: null };

/** Cell as text: JSON numbers become their decimal form; objects, arrays and booleans are refused. */
function cellText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : undefined;
  return undefined;
}

/** Whitespace runs become one space; single plain spaces, the bulk of them, are left alone. */
export function singleLine(text: string): string {
  return text.replace(/\s{2,}|[^\S ]/g, " ").trim();
}

/** Trimmed single-line text, empty -> null. */
export function readText(value: unknown): CellResult<string | null> {
  const raw = cellText(value);
  if (raw === undefined) return fail("texte attendu");
  if (raw === null) return EMPTY;
  const cleaned = singleLine(raw);
  return cleaned === "" ? EMPTY : ok(cleaned);
}

/** Descriptions keep their paragraphs; Windows line ends become '\n'. */
export function readMultilineText(value: unknown): CellResult<string | null> {
  const raw = cellText(value);
  if (raw === undefined) return fail("texte attendu");
  const cleaned = (raw ?? "").replace(/\r\n?/g, "\n").trim();
  return cleaned === "" ? EMPTY : ok(cleaned);
}

/** French or English number; 'prix invalide (« abc »)' needs no further reason. */
export function readNumber(value: unknown): CellResult<number | null> {
  if (typeof value === "number") return Number.isFinite(value) ? ok(value) : fail();
  const raw = cellText(value);
  if (raw === undefined) return fail();
  if (raw === null || raw.trim() === "") return EMPTY;
  const parsed = parseFrenchNumber(raw);
  return parsed.ok ? ok(parsed.value) : fail();
}

/** Amounts and areas: cents (or cm²) are the finest unit that means anything. */
export function readAmount(value: unknown): CellResult<number | null> {
  const parsed = readNumber(value);
  return parsed.ok && parsed.value !== null ? ok(Math.round(parsed.value * 100) / 100) : parsed;
}

const GROUND_FLOOR = new Set(["rdc", "rez de chaussee", "ground floor", "ground"]);
// Longest first, so that '2eme' loses 'eme' and not just 'e'.
const ORDINAL_SUFFIXES = ["eme", "ere", "er", "e", "th", "st", "nd", "rd"];

/** Floors are also written 'RDC', '1er', '3e' or '2ème'. */
export function readFloor(value: unknown): CellResult<number | null> {
  if (typeof value !== "string") return readNumber(value);
  const word = normaliseWord(value);
  if (GROUND_FLOOR.has(word)) return ok(0);
  for (const suffix of ORDINAL_SUFFIXES) {
    if (word.length > suffix.length && word.length <= suffix.length + 3 && word.endsWith(suffix)) {
      const digits = word.slice(0, -suffix.length).trim();
      if (/^\d+$/.test(digits)) return ok(Number(digits));
    }
  }
  return readNumber(value);
}

export function readPostalCode(value: unknown): CellResult<string | null> {
  const raw = cellText(value);
  if (raw === undefined) return fail();
  const compact = (raw ?? "").replace(/\s/g, "");
  if (compact === "") return EMPTY;
  // Spreadsheets store '01000' as the number 1000; no French code has 4 digits, so pad it back.
  return ok(/^\d{4}$/.test(compact) ? `0${compact}` : compact);
}

export function readPropertyType(value: unknown): CellResult<string | null> {
  const parsed = readText(value);
  return parsed.ok && parsed.value !== null ? ok(propertyTypeLabel(parsed.value)) : parsed;
}

export function readTransaction(value: unknown): CellResult<TransactionType> {
  const raw = cellText(value);
  if (raw === undefined) return fail("vente ou location attendu");
  // Most files of a back office are rentals; an empty cell means the default, not an error.
  if (raw === null || raw.trim() === "") return ok("rental");
  const type = transactionType(raw);
  return type ? ok(type) : fail("vente ou location attendu");
}

/** Empty: unknown publisher (the checker then asks for no mention owed by one kind only). */
export function readPublisherType(value: unknown): CellResult<PublisherType | null> {
  const parsed = readText(value);
  if (!parsed.ok) return parsed;
  if (parsed.value === null) return EMPTY;
  const type = publisherType(parsed.value);
  return type ? ok(type) : fail("professionnel ou particulier attendu");
}

const UNKNOWN_RATING = new Set([
  "nc",
  "n c",
  "non communique",
  "vierge",
  "en cours",
  "non renseigne",
  "na",
  "n a",
]);

export function readEnergyRating(value: unknown): CellResult<string | null> {
  const parsed = readText(value);
  if (!parsed.ok || parsed.value === null) return parsed;
  if (parsed.value === "-" || UNKNOWN_RATING.has(normaliseWord(parsed.value))) return EMPTY;
  return ok(parsed.value.toUpperCase());
}

/**
 * Refuses overlong addresses here, before zod's email pattern (which zod runs even after a
 * failed max check) ever sees a multi-megabyte cell.
 */
export function readEmail(value: unknown): CellResult<string | null> {
  const parsed = readText(value);
  if (parsed.ok && parsed.value !== null && parsed.value.length > EMAIL_MAX_LENGTH) {
    return fail(`${EMAIL_MAX_LENGTH} caractères maximum`);
  }
  return parsed;
}

const MAX_URL_LENGTH = 2048;

export function isHttpUrl(candidate: string): boolean {
  if (candidate.length > MAX_URL_LENGTH || /\s/.test(candidate)) return false;
  if (!/^https?:\/\//i.test(candidate)) return false;
  try {
    return new URL(candidate).hostname !== "";
  } catch {
    return false;
  }
}

function shown(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
}

/** A bad link should not cost the user the whole listing: it is dropped and reported. */
export function readSourceUrl(value: unknown): CellResult<Dropped<string | null>> {
  const raw = cellText(value);
  if (raw === undefined) return ok({ value: null, dropped: [shown(value)] });
  const trimmed = (raw ?? "").trim();
  if (trimmed === "") return ok({ value: null, dropped: [] });
  return ok(
    isHttpUrl(trimmed) ? { value: trimmed, dropped: [] } : { value: null, dropped: [trimmed] },
  );
}

function isSpaceCode(code: number): boolean {
  return code === 32 || code === 9 || code === 0xa0;
}

/**
 * Image cells: split on '|' and line breaks, and on commas only where a new URL starts (comma
 * then a space or 'http'), because CDN URLs such as '.../w_200,h_100/x.jpg' contain commas.
 */
export function splitImageCell(cell: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let i = 0; i <= cell.length; i++) {
    const code = i < cell.length ? cell.charCodeAt(i) : -1;
    let cut = code === -1 || code === 124 || code === 10 || code === 13;
    if (code === 44) {
      const next = cell.slice(i + 1, i + 9).toLowerCase();
      cut =
        isSpaceCode(cell.charCodeAt(i + 1)) ||
        next.startsWith("http://") ||
        next.startsWith("https://");
    }
    if (cut) {
      const piece = cell.slice(start, i).trim();
      if (piece !== "") pieces.push(piece);
      start = i + 1;
    }
  }
  return pieces;
}

export function splitFeatureCell(cell: string): string[] {
  return cell
    .split(/[|,\n\r]/)
    .map(singleLine)
    .filter((piece) => piece !== "");
}

/** A CSV cell split by `split`, or a JSON array of strings (whose items may themselves be lists). */
function listItems(
  value: unknown,
  split: (cell: string) => string[],
): { items: string[]; bad: string[] } | null {
  if (value === null || value === undefined) return { items: [], bad: [] };
  if (typeof value === "string") return { items: split(value), bad: [] };
  if (!Array.isArray(value)) return null;
  const items: string[] = [];
  const bad: string[] = [];
  for (const item of value) {
    if (typeof item === "string") items.push(...split(item));
    else if (item !== null) bad.push(shown(item));
  }
  return { items, bad };
}

export function readImages(value: unknown): CellResult<Dropped<string[]>> {
  const list = listItems(value, splitImageCell);
  if (list === null) return fail("liste d'adresses attendue");
  const kept = new Set<string>();
  const dropped = list.bad;
  for (const item of list.items) {
    if (isHttpUrl(item)) kept.add(item);
    else dropped.push(item);
  }
  return ok({ value: [...kept], dropped });
}

export function readFeatures(value: unknown): CellResult<string[]> {
  const list = listItems(value, splitFeatureCell);
  if (list === null || list.bad.length > 0) return fail("liste de textes attendue");
  const seen = new Set<string>();
  const labels: string[] = [];
  for (const item of list.items) {
    const label = featureLabel(item);
    const key = label.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      labels.push(label);
    }
  }
  return ok(labels);
}
