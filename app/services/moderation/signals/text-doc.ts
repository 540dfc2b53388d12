/**
 * A normalised listing text with sentence boundaries, so that rules can ask
 * "does this sentence also say X?" and "is this match negated?" without re-scanning the text.
 *
 * Negation is the hard part of scam-language detection: honest owners write
 * "je ne demande JAMAIS d'argent avant la visite" or "aucune clé envoyée par la poste", which
 * contain exactly the words of a scam. A match is considered negated when a negation word appears
 * earlier in the same *clause*. A clause stops at sentence punctuation and at a comma/conjunction
 * that opens a new clause ("…, je …", "… mais …", "… donc …"), so in
 * "je ne peux pas faire visiter, envoyez la caution par virement" the "ne … pas" does not leak
 * onto "virement", whereas in "je ne demande ni mandat, ni coupon, ni virement" it does.
 *
 * Every question about a match costs a bounded amount of work, whatever the text's length: clause
 * breaks are found once for the whole text and looked up by binary search, sentence-wide tests are
 * cached per sentence, and a clause is read at most CLAUSE_REACH characters around the match (a
 * negation further away than that does not govern it). A text of n characters thus costs O(n log n)
 * however many rules match it (issue 23: "siret " repeated 8 000 times cost about a second).
 */

import { normalizedOffsets } from "../normalize";
import { guardCharOf, stemPresence, type Gate, type StemScan } from "./gates";

export type Match = { start: number; end: number; sentence: number; text: string };

/** Longest quote a reason carries, in characters. */
const QUOTE_LENGTH = 90;
/** How far around a match its clause is read (characters): beyond, a clause is a run-on text. */
export const CLAUSE_REACH = 240;

/** Sentence ends: . ! ? ; followed by a space/end (so "booking.com" and "9.5" survive), or a newline. */
const SENTENCE_END = /[.!?;]+(?=\s|$)|\n/g;

/**
 * Clause openers: after these, a negation seen earlier no longer applies. Kept deliberately short:
 * a comma followed by a pronoun or a connector, or a bare connector.
 */
const CLAUSE_BREAK =
  /,\s*(?=(?:je|j'|vous|il|elle|on|nous|ils|elles|mais|donc|puis|ensuite|sinon|car|apres|alors|et je|et vous|merci|c'est|cela|ca)\b)|\s(?:mais|donc|puis|ensuite|sinon|car|alors|cependant|par contre)\s|:\s|\(|\)/g;

/** Negation cues. "pas" is excluded in "à deux pas", "pas loin", "pas cher" which are not negations. */
const NEGATION =
  /\b(?:ne|n'|jamais|aucun|aucune|aucuns|ni|sans|rien|non|nullement)\b|(?<!\bdeux |\bquelques |\btrois |\bun )\bpas\b(?! loin\b| cher\b| mal\b)|\b(?:not|never|no|don't|won't|without|nothing)\b/;
/** The same cues without the bare "ne": what is left once "ne … que" is read as a restriction. */
const NEGATION_BESIDES_NE =
  /\b(?:jamais|aucun|aucune|aucuns|ni|sans|rien|non|nullement)\b|(?<!\bdeux |\bquelques |\btrois |\bun )\bpas\b(?! loin\b| cher\b| mal\b)|\b(?:not|never|no|don't|won't|without|nothing)\b/;
/** "je ne reçois que les candidats munis de…" restricts, it does not deny. */
const RESTRICTIVE_NE = /\bn(?:e |')[^,;:]*?\bqu(?:e\b|')/;

/**
 * Warning vocabulary: a clause that talks about scams is a warning to applicants, never an
 * instruction ("méfiez-vous des annonces qui vous demandent un virement ou des coupons"). It covers
 * its own clause only: in "pour éviter les arnaques, payez via le lien sécurisé" the payment
 * stands in a clause of its own and still counts.
 */
const WARNING =
  /\b(?:arnaques?|arnaqueurs?|escrocs?|escroquerie\w*|mefiez|mefiance|fraudes?|fraudeurs?|fausses? annonces?|vigilant\w*|vigilance|soyez prudents?|tentatives? d'arnaque|si on vous demande|ne vous laissez pas|scams?|scammers?|beware)\b/;
/** "…, c'est une arnaque": a verdict clause that turns the clause before it into a warning. */
const WARNING_VERDICT =
  /^\s*(?:c'est|ce serait|ce sont|that is|this is|it's) (?:une |des |a )?(?:arnaques?|escroquerie|scam|fraude|illegal|interdit)/;
/**
 * Where a warning's clause ends: the ordinary clause breaks, plus a comma before an imperative
 * ("…, payez", "…, envoyez") or before "merci de", and after "pour éviter les arnaques,":
 * a purpose, after which the writer turns to an instruction.
 */
const WARNING_CLAUSE_BREAK = new RegExp(
  `${CLAUSE_BREAK.source}|,\\s*(?=[a-z]+ez\\b|merci de\\b|please\\b)|(?<=\\b(?:eviter|prevenir|limiter|contre|against|avoid) (?:les |toute |tout |des |any )?(?:arnaques?|fraudes?|escroqueries?|abus|scams?|fraud)),\\s*`,
  "g",
);

export class TextDoc {
  readonly text: string;
  /** Sentence boundaries, computed on first use (the context build never needs them). */
  private starts: number[] | null = null;
  private ends: number[] | null = null;
  private scan: StemScan | null = null;
  private readonly warningSentences = new Map<number, boolean>();
  /** Clause breaks of the whole text, [start, end) in text order, found once. */
  private clauseBreaks: Breaks | null = null;
  private warningBreaks: Breaks | null = null;
  /** Per pattern, per sentence: 1 = the sentence matches, -1 = it does not, 0 = not yet known. */
  private readonly sentenceTests = new Map<RegExp, Int8Array>();
  /** Sentence strings, sliced once on demand. */
  private readonly sentences: Array<string | undefined> = [];

  /** The text as written, when known: reasons then quote the listing's own words. */
  private readonly original: string | undefined;
  private offsets: Int32Array | null | undefined;

  constructor(normalized: string, original?: string) {
    this.text = normalized;
    this.original = original;
  }

  private get sentenceStarts(): number[] {
    if (this.starts === null) this.split();
    return this.starts as number[];
  }

  private get sentenceEnds(): number[] {
    if (this.ends === null) this.split();
    return this.ends as number[];
  }

  private split(): void {
    const starts = [0];
    const ends: number[] = [];
    SENTENCE_END.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = SENTENCE_END.exec(this.text)) !== null) {
      ends.push(m.index);
      starts.push(m.index + m[0].length);
      if (m[0].length === 0) SENTENCE_END.lastIndex++;
    }
    ends.push(this.text.length);
    this.starts = starts;
    this.ends = ends;
  }

  /**
   * Cheap pre-check (see gates.ts): does any word of the text start with one of the gate's stems,
   * or contain one of its fragments? Stems are answered from one shared scan of the text.
   */
  has(gate: Gate): boolean {
    this.scan ??= stemPresence(this.text);
    if (this.scan.gates[gate.id] === 1) return true;
    for (let k = 0; k < gate.fragments.length; k++) {
      const fragment = gate.fragments[k];
      const guard = guardCharOf(fragment);
      if (guard >= 0 && guard < 128 && this.scan.punctuation[guard] === 0) continue;
      if (this.text.includes(fragment)) return true;
    }
    return false;
  }

  get sentenceCount(): number {
    return this.sentenceStarts.length;
  }

  sentenceIndexAt(position: number): number {
    const starts = this.sentenceStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= position) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  sentenceStart(index: number): number {
    return this.sentenceStarts[index];
  }

  sentence(index: number): string {
    let sentence = this.sentences[index];
    if (sentence === undefined) {
      sentence = this.text.slice(this.sentenceStarts[index], this.sentenceEnds[index]);
      this.sentences[index] = sentence;
    }
    return sentence;
  }

  /** All matches of a global regex, each with its sentence index. */
  findAll(pattern: RegExp): Match[] {
    if (!pattern.global) throw new Error("findAll expects a global regex");
    const result: Match[] = [];
    pattern.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = pattern.exec(this.text)) !== null) {
      if (m[0].length === 0) {
        pattern.lastIndex++;
        continue;
      }
      result.push({
        start: m.index,
        end: m.index + m[0].length,
        sentence: this.sentenceIndexAt(m.index),
        text: m[0],
      });
    }
    return result;
  }

  /** Does the sentence containing `match` also match `pattern` (a non-global regex)? */
  sentenceHas(sentence: number, pattern: RegExp): boolean {
    let known = this.sentenceTests.get(pattern);
    if (!known) {
      known = new Int8Array(this.sentenceCount);
      this.sentenceTests.set(pattern, known);
    }
    if (known[sentence] === 0) known[sentence] = pattern.test(this.sentence(sentence)) ? 1 : -1;
    return known[sentence] === 1;
  }

  /** Bounds [start, end) of the warning clause around a match, absolute in the text. */
  private warningClause(match: Match): { start: number; end: number; next: string } {
    this.warningBreaks ??= findBreaks(this.text, WARNING_CLAUSE_BREAK);
    const sentenceStart = this.sentenceStarts[match.sentence];
    const sentenceEnd = this.sentenceEnds[match.sentence];
    const { starts, ends } = this.warningBreaks;
    const before = lastAtOrBefore(ends, match.start);
    const start = Math.max(sentenceStart, before >= 0 ? ends[before] : 0, match.start - CLAUSE_REACH);
    const after = firstAtOrAfter(starts, match.end);
    const limit = Math.min(sentenceEnd, match.end + CLAUSE_REACH);
    const end = after < starts.length && starts[after] < limit ? starts[after] : limit;
    const nextLimit = Math.min(sentenceEnd, end + CLAUSE_REACH);
    const nextEnd =
      end < limit && after + 1 < starts.length && starts[after + 1] < nextLimit ? starts[after + 1] : nextLimit;
    return {
      start,
      end,
      next: this.text.slice(end, nextEnd).replace(/^[\s,:()]+/, ""),
    };
  }

  /** True when the match sits in an anti-scam warning clause (see WARNING). */
  isWarned(match: Match): boolean {
    // Most sentences hold no warning word at all: one cached test each, no clause work.
    let warning = this.warningSentences.get(match.sentence);
    if (warning === undefined) {
      warning = WARNING.test(this.sentence(match.sentence));
      this.warningSentences.set(match.sentence, warning);
    }
    if (!warning) return false;
    const clause = this.warningClause(match);
    return (
      WARNING.test(this.text.slice(clause.start, clause.end)) || WARNING_VERDICT.test(clause.next)
    );
  }

  /** The clause around a match as the listing words it (normalised), for a reason to quote. */
  quote(match: Match): string {
    const clause = this.warningClause(match);
    let from = clause.start;
    let to = clause.end;
    if (to - from > QUOTE_LENGTH) {
      from = Math.max(from, match.start - QUOTE_LENGTH / 2);
      to = Math.min(to, from + QUOTE_LENGTH);
    }
    return this.quoteRange(from, to, clause.start, clause.end);
  }

  /**
   * The listing's own words behind normalised [from, to), quoted: never cut inside a word, never
   * ending on an opening bracket or starting on a closing one; "…" where the clause goes on
   * (between `clauseStart` and `clauseEnd`, the range itself by default).
   */
  quoteRange(from: number, to: number, clauseStart = from, clauseEnd = to): string {
    const text = this.text;
    const isWordAt = (i: number): boolean => i >= 0 && i < text.length && /[\p{L}\p{N}'@.€-]/u.test(text[i]);
    // Into the range, to the nearest whole word on each side.
    if (from > clauseStart && isWordAt(from - 1)) while (from < to && isWordAt(from)) from++;
    if (to < clauseEnd && isWordAt(to)) while (to > from && isWordAt(to - 1)) to--;
    // No blank, dangling bracket or separator at either end.
    while (from < to && /[\s,;:)\]]/.test(text[from])) from++;
    while (to > from && /[\s,;:([]/.test(text[to - 1])) to--;
    if (to <= from) return "« »";
    const words = this.originalWords(from, to) ?? text.slice(from, to);
    return `« ${from > clauseStart ? "…" : ""}${words}${to < clauseEnd ? "…" : ""} »`;
  }

  /** The written words behind normalised [from, to), blanks collapsed; null when they cannot be found. */
  private originalWords(from: number, to: number): string | null {
    if (this.original === undefined || to <= from) return null;
    if (this.offsets === undefined) {
      const offsets = normalizedOffsets(this.original);
      // Only a map of this very text is trusted (the document may have been built from another).
      this.offsets = offsets && offsets.length === this.text.length ? offsets : null;
    }
    if (!this.offsets) return null;
    const words = this.original.slice(this.offsets[from], this.offsets[to - 1]! + 1);
    return words.replace(/\s+/g, " ").trim();
  }

  /**
   * True when a negation cue appears in the same clause before the end of the match
   * (the match itself is included so "ne vous enverrai pas les clés" counts).
   */
  isNegated(match: Match): boolean {
    this.clauseBreaks ??= findBreaks(this.text, CLAUSE_BREAK);
    const { starts, ends } = this.clauseBreaks;
    const sentenceStart = this.sentenceStarts[match.sentence];
    const before = lastAtOrBefore(ends, match.start);
    const clauseStart = Math.max(
      sentenceStart,
      before >= 0 ? ends[before] : 0,
      match.start - CLAUSE_REACH,
    );
    const clause = this.text.slice(clauseStart, match.end);
    if (!NEGATION.test(clause)) return false;
    // Where the clause ends: the restriction "ne … que" may close after the match.
    const after = firstAtOrAfter(starts, match.end);
    const clauseEnd = Math.min(
      this.sentenceEnds[match.sentence],
      after < starts.length ? starts[after] : this.text.length,
      match.end + CLAUSE_REACH,
    );
    return (
      !RESTRICTIVE_NE.test(this.text.slice(clauseStart, clauseEnd)) ||
      NEGATION_BESIDES_NE.test(clause)
    );
  }

  /** A match that is neither negated nor inside a warning sentence: an actual statement. */
  isAffirmative(match: Match): boolean {
    return !this.isWarned(match) && !this.isNegated(match);
  }

  /** Does the text state it at least once? Stops at the first affirmative match. */
  hasAffirmative(pattern: RegExp): boolean {
    if (!pattern.global) throw new Error("hasAffirmative expects a global regex");
    pattern.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = pattern.exec(this.text)) !== null) {
      if (m[0].length === 0) {
        pattern.lastIndex++;
        continue;
      }
      const match = { start: m.index, end: m.index + m[0].length, sentence: this.sentenceIndexAt(m.index), text: m[0] };
      if (this.isAffirmative(match)) {
        pattern.lastIndex = 0;
        return true;
      }
    }
    return false;
  }

  /** Affirmative matches of a global regex. */
  findAffirmative(pattern: RegExp): Match[] {
    return this.findAll(pattern).filter((m) => this.isAffirmative(m));
  }
}

type Breaks = { starts: number[]; ends: number[] };

/** Every match of a global break pattern over the whole text, once. */
function findBreaks(text: string, pattern: RegExp): Breaks {
  const starts: number[] = [];
  const ends: number[] = [];
  pattern.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = pattern.exec(text)) !== null) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
    if (m[0].length === 0) pattern.lastIndex++;
  }
  return { starts, ends };
}

/** Index of the last value ≤ position in an ascending array, or -1. */
function lastAtOrBefore(sorted: number[], position: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= position) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Index of the first value ≥ position in an ascending array, or its length. */
function firstAtOrAfter(sorted: number[], position: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < position) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
