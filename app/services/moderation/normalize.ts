/**
 * Text and key normalisation shared by every signal.
 *
 * Everything is matched on a lower-case, accent-free, single-spaced version of the text, so that
 * "Méfiez-vous", "MEFIEZ VOUS" and "mefiez-vous" are the same thing for the rules. Sentence
 * boundaries are kept ('.', '!', '?', ';' followed by a space, and line breaks) because negation
 * and co-occurrence rules are scoped to a sentence.
 */

/**
 * Replacement (as char codes) of every lower-case non-ASCII character that matters, derived once
 * from Unicode NFD (é → e, ç → c…), plus ligatures, typographic quotes/dashes and exotic spaces.
 * Characters absent from the table are kept as they are.
 */
const TABLE_SIZE = 0x2100;
/** Flat table indexed by char code: replacement code units, BLANK, DROP, or undefined (keep). */
const FOLD: Array<readonly number[] | undefined> = new Array<readonly number[] | undefined>(
  TABLE_SIZE,
).fill(undefined);
const BLANK: readonly number[] = [0x20];
const DROP: readonly number[] = [];
const codesOf = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0));
for (let code = 0x00c0; code <= 0x024f; code++) {
  const ch = String.fromCharCode(code).toLowerCase();
  const base = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  if (base !== ch && /^[a-z]+$/.test(base)) FOLD[ch.charCodeAt(0)] = codesOf(base);
}
for (const [ch, replacement] of Object.entries({
  "\u0153": "oe",
  "\u00e6": "ae",
  "\u00df": "ss",
  "\u00f8": "o",
  "\u0111": "d",
  "\u0142": "l",
  "\u2019": "'",
  "\u2018": "'",
  "\u02bc": "'",
  "\u00b4": "'",
  "\u0060": "'",
  "\u00ab": '"',
  "\u00bb": '"',
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
})) {
  FOLD[ch.charCodeAt(0)] = codesOf(replacement);
}
for (let code = 0x0300; code <= 0x036f; code++) FOLD[code] = DROP;
for (const code of [0x20, 0x09, 0x0b, 0x0c, 0xa0, 0x202f, 0x2007, 0x2009, 0x2002, 0x2003, 0x200a])
  FOLD[code] = BLANK;
const BLANK_NONE = 0;
const BLANK_SPACE = 1;
const BLANK_NEWLINE = 2;

/** Reused output buffer (grown on demand): no per-call allocation besides the result string. */
let buffer = new Uint16Array(4096);

/**
 * Lower-case, strip accents and ligatures, unify apostrophes/quotes/dashes, collapse blanks
 * (a run of blanks containing a line break becomes one "\n", any other run one space), trim.
 * A single character loop into a reused buffer: this runs twice per listing.
 */
export function normalizeText(input: string): string {
  const text = input.toLowerCase();
  if (buffer.length < text.length * 2 + 8) buffer = new Uint16Array(text.length * 2 + 8);
  return UTF16.decode(buffer.subarray(0, fold(text, buffer, null)));
}

/**
 * Where each code unit of `normalizeText(input)` comes from in `input`, so that a reason can
 * quote the listing's own words. Only for quoting, never on the hot path. Null when lower-casing
 * changed the text's length (a rare "İ"): the caller then quotes the normalised text.
 */
export function normalizedOffsets(input: string): Int32Array | null {
  const text = input.toLowerCase();
  if (text.length !== input.length) return null;
  const offsets = new Int32Array(text.length * 2 + 8);
  return offsets.subarray(0, fold(text, new Uint16Array(offsets.length), offsets));
}

/**
 * The loop of both: writes the normalised code units of lower-cased `text` into `out` and, when
 * asked, the source index of each into `offsets`. Returns how many were written.
 */
function fold(text: string, out: Uint16Array, offsets: Int32Array | null): number {
  let n = 0;
  let pending = BLANK_NONE;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let replacement: readonly number[] | undefined;
    if (code === 0x0a || code === 0x0d) {
      pending = BLANK_NEWLINE;
      continue;
    }
    if (code < TABLE_SIZE && (code >= 0x7f || code <= 0x20 || code === 0x60)) {
      replacement = FOLD[code];
      if (replacement === BLANK) {
        if (pending === BLANK_NONE) pending = BLANK_SPACE;
        continue;
      }
      if (replacement === DROP) continue;
    }
    if (pending !== BLANK_NONE) {
      if (n > 0) {
        if (offsets) offsets[n] = i;
        out[n++] = pending === BLANK_NEWLINE ? 0x0a : 0x20;
      }
      pending = BLANK_NONE;
    }
    if (replacement === undefined) {
      if (offsets) offsets[n] = i;
      out[n++] = code;
    } else {
      for (let k = 0; k < replacement.length; k++) {
        if (offsets) offsets[n] = i;
        out[n++] = replacement[k]!;
      }
    }
  }
  return n;
}

/** The Uint16Array holds platform-endian code units. */
const UTF16 = new TextDecoder(
  new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? "utf-16le" : "utf-16be",
);

/**
 * What the engine reads of a listing: a real description is a few thousand characters at most;
 * past this, only the beginning and the end are read (where the money, the contact and the
 * story sit), so that the cost of one listing is bounded whatever a file holds (issue 23).
 */
export const ANALYSED_TEXT = { title: 300, head: 9000, tail: 3000 } as const;

/** Title and description as one document, as written (the title often carries "URGENT"). */
export function listingSource(title: string, description: string | null): string {
  const head = title.length > ANALYSED_TEXT.title ? title.slice(0, ANALYSED_TEXT.title) : title;
  if (!description) return head;
  const body =
    description.length > ANALYSED_TEXT.head + ANALYSED_TEXT.tail
      ? `${description.slice(0, ANALYSED_TEXT.head)}\n${description.slice(-ANALYSED_TEXT.tail)}`
      : description;
  return `${head}\n${body}`;
}

/** The same document, normalised: what every rule reads. */
export function listingText(title: string, description: string | null): string {
  return normalizeText(listingSource(title, description));
}

/**
 * Memo of city keys: a platform has a few tens of thousands of distinct city spellings for
 * hundreds of thousands of listings. Bounded so that memory stays flat on odd inputs.
 */
const CITY_KEYS = new Map<string, string | null>();
const MAX_MEMO = 100_000;

/** Normalised city key: "Saint-Étienne" → "saint etienne", "Lyon 3e" → "lyon", "PARIS 15" → "paris". */
export function cityKey(city: string | null | undefined): string | null {
  if (!city) return null;
  const memo = CITY_KEYS.get(city);
  if (memo !== undefined) return memo;
  const normalized = normalizeText(city)
    .replace(/\bcedex\b.*$/, "")
    .replace(/\s+\d+\s*(?:e|er|eme)?(?:\s+arrondissement)?$/, "")
    .replace(/\bst\b/g, "saint")
    .replace(/\bste\b/g, "sainte")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  const key = normalized.length > 0 ? normalized : null;
  if (CITY_KEYS.size < MAX_MEMO) CITY_KEYS.set(city, key);
  return key;
}

/** Department code from a postal code: "69003" → "69", "97411" → "974", "20000" (Corsica) → "20". */
export function departmentOf(postalCode: string | null | undefined): string | null {
  if (!postalCode) return null;
  const digits = postalCode.replace(/\s+/g, "");
  if (!/^\d{5}$/.test(digits)) return null;
  return digits.startsWith("97") || digits.startsWith("98")
    ? digits.slice(0, 3)
    : digits.slice(0, 2);
}

/** Owner identity used to tell "another owner": case, accents and punctuation do not matter. */
export function ownerKeyOf(owner: string | null | undefined): string | null {
  if (!owner) return null;
  const key = normalizeText(owner)
    .replace(/[^a-z0-9@]+/g, " ")
    .trim();
  return key.length > 0 ? key : null;
}

/**
 * Image identity: the same picture is often served with different protocols, sizes or cache
 * busters (?w=800, #x), so only host + path are kept.
 */
export function imageKeyOf(url: string): string {
  let key = url.trim().toLowerCase();
  const scheme = key.indexOf("://");
  if (scheme > 0 && scheme < 12) key = key.slice(scheme + 3);
  const query = key.search(/[?#]/);
  if (query >= 0) key = key.slice(0, query);
  let end = key.length;
  while (end > 0 && key.charCodeAt(end - 1) === 0x2f) end--;
  return end === key.length ? key : key.slice(0, end);
}

/** Epoch milliseconds or NaN. */
export function timeOf(value: Date | string | number | null | undefined): number {
  if (value === null || value === undefined) return Number.NaN;
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number") return Number.isFinite(value) ? value : Number.NaN;
  const parsed = Date.parse(value);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}

/** 32-bit FNV-1a hash of a string (unsigned). */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Two independent 32-bit hashes of a string in one pass (FNV-1a and a multiplicative hash with
 * another prime): used together as a 63-bit identity for image URLs.
 */
export function hashPair(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return [a >>> 0, mix32(b)];
}

/**
 * hashPair(imageKeyOf(url)) without building the intermediate strings (hot path: every photo of
 * every listing, twice per run). Null for an empty URL.
 */
export function imageHashPair(url: string): [number, number] | null {
  let start = 0;
  let end = url.length;
  while (start < end && url.charCodeAt(start) <= 0x20) start++;
  while (end > start && url.charCodeAt(end - 1) <= 0x20) end--;
  const scheme = url.indexOf("://", start);
  if (scheme > start && scheme - start < 12) start = scheme + 3;
  for (let i = start; i < end; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x3f || c === 0x23) {
      end = i;
      break;
    }
  }
  while (end > start && url.charCodeAt(end - 1) === 0x2f) end--;
  if (end <= start) return null;
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = start; i < end; i++) {
    let c = url.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    else if (c > 0x7f) c = url.charAt(i).toLowerCase().charCodeAt(0);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return [a >>> 0, mix32(b)];
}

/** Murmur3 finaliser: spreads the bits of a 32-bit value (unsigned result). */
export function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
