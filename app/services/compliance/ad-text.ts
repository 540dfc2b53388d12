import { parseFrenchNumber } from "../file-import/french-number";

/**
 * The words of an ad (title and description) and the readers of the mentions the rules look
 * for: French amounts ("1 250 €", "1.250,50 €", "950€"), "CC"/"HC", "dépôt de garantie",
 * "honoraires"... Matching runs on the lower-cased text; evidence quotes the ad as written.
 */
export type AdText = { raw: string; lower: string };

export type Reading<T> = { value: T; evidence: string };

const STATUTORY_CAP_LABEL = /loyer de base [àa] ne pas d[ée]passer/gu;

export function adText(title: string, description: string | null): AdText {
  const raw = description ? `${title}\n${description}` : title;
  // Typographic apostrophes read as straight ones ("d’état des lieux"); one character for one.
  let lower = raw.toLowerCase().replace(/\u2019/g, "'");
  // The statutory label « loyer de référence majoré (loyer de base à ne pas dépasser) » names the
  // cap, not the rent: blanked (same length, so quotes still line up) before "loyer de base" is read.
  if (lower.includes("ne pas d")) lower = lower.replace(STATUTORY_CAP_LABEL, (label) => "plafond".padEnd(label.length, " "));
  // Lower-casing keeps French text the same length; if some rare letter does not, quote the lower-cased text.
  return { raw: lower.length === raw.length ? raw : lower, lower };
}

/** An amount as written in French ads: grouped thousands (space, no-break space or dot), decimal comma. */
const AMOUNT = String.raw`(\d{1,3}(?:[ \u00a0\u202f.]\d{3})+(?:,\d{1,2})?|\d+(?:[.,]\d{1,2})?)`;
const EURO = String.raw`\s*(?:€|euros?\b|eur\b)`;
/** Words between a keyword and its amount: no digit, no line break, a few words at most. */
const GAP = String.raw`[^\d\n]{0,40}?`;

function quote(text: AdText, start: number, end: number): string {
  return text.raw.slice(start, end).replace(/\s+/g, " ").trim();
}

function amountOf(written: string): number | null {
  const parsed = parseFrenchNumber(written);
  return parsed.ok ? parsed.value : null;
}

// The readers build their patterns from keyword sets fixed in the rule modules: each reader
// compiles its pattern once per keyword set (the check runs ~10 000 times a second).
const compiled = new WeakMap<RegExp, Map<string, RegExp>>();

/** `reader` names the pattern built around the keywords (with its unit when it has one). */
function compile(keywords: RegExp, reader: string, build: (source: string) => string): RegExp {
  let byReader = compiled.get(keywords);
  if (!byReader) compiled.set(keywords, (byReader = new Map()));
  let pattern = byReader.get(reader);
  if (!pattern) {
    pattern = new RegExp(build(keywords.source), "u");
    byReader.set(reader, pattern);
  }
  return pattern;
}

/** The first amount in euros right after one of the keywords ("dépôt de garantie : 1 250 €"). */
export function amountAfter(text: AdText, keywords: RegExp): Reading<number> | null {
  const match = compile(keywords, "after", (k) => `(?:${k})${GAP}${AMOUNT}${EURO}`).exec(text.lower);
  if (!match) return null;
  const value = amountOf(match[1]!);
  return value === null ? null : { value, evidence: quote(text, match.index, match.index + match[0].length) };
}

/** The first amount in euros right before one of the keywords ("50 € de charges", "850 € par mois, charges comprises"). */
export function amountBefore(text: AdText, keywords: RegExp): Reading<number> | null {
  // A pattern led by a number is tried at every digit of the ad: look for the keyword first.
  if (!keywords.test(text.lower)) return null;
  const match = compile(keywords, "before", (k) => `${AMOUNT}${EURO}[\\s,]*(?:(?:\\/|par)\\s*mois[\\s,]*)?(?:ttc\\s*)?(?:${k})`).exec(text.lower);
  if (!match) return null;
  const value = amountOf(match[1]!);
  return value === null ? null : { value, evidence: quote(text, match.index, match.index + match[0].length) };
}

/** An amount per m² right after the keywords ("loyer de référence majoré : 25,30 €/m²"), or a total. */
export function rateOrAmountAfter(text: AdText, keywords: RegExp): Reading<{ amount: number; perSquareMetre: boolean }> | null {
  const match = compile(keywords, "rate", (k) => `(?:${k})${GAP}${AMOUNT}${EURO}(\\s*(?:\\/|par)\\s*m(?:²|2)(?!\\w))?`).exec(text.lower);
  if (!match) return null;
  const amount = amountOf(match[1]!);
  if (amount === null) return null;
  return { value: { amount, perSquareMetre: Boolean(match[2]) }, evidence: quote(text, match.index, match.index + match[0].length) };
}

/** The words of the first match, as written in the ad, or null. */
export function words(text: AdText, pattern: RegExp): string | null {
  const match = pattern.exec(text.lower);
  return match ? quote(text, match.index, match.index + match[0].length) : null;
}

/** A number followed by a unit or a word ("12 lots", "2,10 m"), read as French. */
export function numberBefore(text: AdText, unit: RegExp): Reading<number> | null {
  if (!unit.test(text.lower)) return null;
  const match = compile(unit, "numberBefore", (u) => `${AMOUNT}\\s*(?:${u})`).exec(text.lower);
  if (!match) return null;
  const value = amountOf(match[1]!);
  return value === null ? null : { value, evidence: quote(text, match.index, match.index + match[0].length) };
}

/** A number after the keywords, within a few words ("hauteur sous plafond de 2,10 m"). */
export function numberAfter(text: AdText, keywords: RegExp, unit: RegExp): Reading<number> | null {
  const match = compile(keywords, `numberAfter ${unit.source}`, (k) => `(?:${k})${GAP}${AMOUNT}\\s*(?:${unit.source})`).exec(text.lower);
  if (!match) return null;
  const value = amountOf(match[1]!);
  return value === null ? null : { value, evidence: quote(text, match.index, match.index + match[0].length) };
}
