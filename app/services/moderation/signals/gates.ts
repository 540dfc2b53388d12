/**
 * Gates: cheap pre-checks that let a rule family skip its regular expressions when none of its
 * key words occurs in the text.
 *
 * Why: ~60 patterns × a full scan each was the main cost of the engine, and on an ordinary honest
 * listing almost every family can be rejected by its key words. One pass over the words of the
 * text (hash-map lookups, no regex) marks which registered stems occur; each family then asks
 * "is any of my stems there?" in O(1).
 *
 * A stem matches a word that starts with it ("rembours" matches "remboursé"); words are runs of
 * [a-z0-9] in normalised text. Fragments that are not plain words ("@", "+", "(at)", "c.c") must
 * contain a punctuation character: the scan records which ones occur, so the substring search
 * only runs when that character is present.
 */

export type Gate = {
  /** Gate id: index into the flags returned by stemPresence(). */
  readonly id: number;
  /** Registered stem ids. */
  readonly ids: readonly number[];
  /** Non-word fragments, searched as substrings. */
  readonly fragments: readonly string[];
};

const WORD = /^[a-z0-9]+$/;
const stemIds = new Map<string, number>();
const stemTexts: string[] = [];
/** For each stem, the gates that contain it: finding the stem opens them all at once. */
const gatesOfStem: number[][] = [];
let gateCount = 0;
/** Two-character stems, by (first, second) character: 0x30..0x7a gives 75 slots per position. */
const BASE = 0x30;
const SPAN = 0x7a - 0x30 + 1;
// Packed arrays filled with null (holes would make every miss walk the prototype chain).
const shortStems: Array<number[] | null> = new Array<number[] | null>(SPAN * SPAN).fill(null);
/** Longer stems, bucketed by a small hash of their first three characters (no Map per word). */
const HASH_SIZE = 4096;
const longStems: Array<number[] | null> = new Array<number[] | null>(HASH_SIZE).fill(null);
const hash3 = (a: number, b: number, c: number): number =>
  ((a * 31 + b) * 31 + c) & (HASH_SIZE - 1);

function register(stem: string): number {
  const known = stemIds.get(stem);
  if (known !== undefined) return known;
  const id = stemIds.size;
  stemIds.set(stem, id);
  stemTexts.push(stem);
  gatesOfStem.push([]);
  const a = stem.charCodeAt(0);
  const b = stem.charCodeAt(1);
  if (stem.length === 2) (shortStems[(a - BASE) * SPAN + (b - BASE)] ??= []).push(id);
  else (longStems[hash3(a, b, stem.charCodeAt(2))] ??= []).push(id);
  return id;
}

/** A gate passing when any of the words starts with one of these stems (or contains a fragment). */
export function stems(...words: string[]): Gate {
  const id = gateCount++;
  const ids: number[] = [];
  const fragments: string[] = [];
  for (const word of words) {
    if (WORD.test(word)) {
      if (word.length < 2) throw new Error(`Racine trop courte : ${word}`);
      const stemId = register(word);
      ids.push(stemId);
      if (!gatesOfStem[stemId].includes(id)) gatesOfStem[stemId].push(id);
    } else {
      if (!/[^a-z0-9 ]/.test(word)) throw new Error(`Fragment sans ponctuation : ${word}`);
      fragments.push(word);
    }
  }
  return { id, ids, fragments };
}

/** Marks a stem as present, and every gate containing it as open. */
function mark(present: Uint8Array, gates: Uint8Array, stemId: number): void {
  if (present[stemId] === 1) return;
  present[stemId] = 1;
  const owners = gatesOfStem[stemId];
  for (let k = 0; k < owners.length; k++) gates[owners[k]] = 1;
}

/** stems/gates: presence by id; punctuation: presence by ASCII code (non-word characters only). */
export type StemScan = { stems: Uint8Array; gates: Uint8Array; punctuation: Uint8Array };

/** First punctuation character of a fragment: it must occur in the text for the fragment to. */
export function guardCharOf(fragment: string): number {
  for (let i = 0; i < fragment.length; i++) {
    const c = fragment.charCodeAt(i);
    if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x20)) return c;
  }
  return -1;
}

/**
 * Presence flags of every registered stem that starts a word of `text` (by stem id), and of every
 * gate that one of them opens (by gate id).
 */
export function stemPresence(text: string): StemScan {
  const present = new Uint8Array(stemIds.size);
  const gates = new Uint8Array(gateCount);
  const punctuation = new Uint8Array(128);
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39))) {
      if (c < 128) punctuation[c] = 1;
      i++;
      continue;
    }
    const start = i;
    do {
      i++;
      c = i < n ? text.charCodeAt(i) : 0;
    } while ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39));
    const length = i - start;
    if (length < 2) continue;
    const a = text.charCodeAt(start);
    const b = text.charCodeAt(start + 1);
    const short = shortStems[(a - BASE) * SPAN + (b - BASE)];
    if (short !== null) for (let k = 0; k < short.length; k++) mark(present, gates, short[k]);
    if (length < 3) continue;
    const long = longStems[hash3(a, b, text.charCodeAt(start + 2))];
    if (long === null) continue;
    for (let k = 0; k < long.length; k++) {
      const id = long[k];
      const stem = stemTexts[id];
      if (stem.length <= length && text.startsWith(stem, start)) mark(present, gates, id);
    }
  }
  return { stems: present, gates, punctuation };
}
