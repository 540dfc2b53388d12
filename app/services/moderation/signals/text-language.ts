/**
 * The language a listing is written in. A French platform's listings are written in French; one
 * in English or another language is scored like any other (the money-flow rules read English
 * too), and the fact itself is a family of evidence whose weight the fit decides.
 */
import type { Evidence } from "../types";
import { stems } from "./gates";
import type { TextDoc } from "./text-doc";

/** Short French words that Spanish, Italian, Portuguese, German and English texts lack. */
const FRENCH_HINT = / (?:et|les|des|du|est|avec|pour|vous|dans|une|au|aux|je|nous) /;
/** How much of the text is enough to recognise French. */
const FRENCH_WINDOW = 600;
/** Fewer words than this (a bare title) say nothing about the language. */
const MIN_WORDS = 10;

/** English words that almost never appear in a French listing. */
const ENGLISH_WORDS =
  /\b(?:the|and|is|are|you|your|with|this|that|will|please|would|available|bedroom|apartment|flat|rent|deposit|month|which|have|from)\b/g;
const ENGLISH_GATE = stems("the", "and", "you", "with", "this", "will", "please");
/** At least this share of words from ENGLISH_WORDS: a listing written in English. */
const ENGLISH_SHARE = 0.08;

export function textLanguageEvidence(doc: TextDoc): Evidence | null {
  if (FRENCH_HINT.test(doc.text.slice(0, FRENCH_WINDOW))) return null;
  const words = doc.text.split(/\s+/).length;
  if (words < MIN_WORDS) return null;
  let english = 0;
  if (doc.has(ENGLISH_GATE)) {
    ENGLISH_WORDS.lastIndex = 0;
    while (ENGLISH_WORDS.exec(doc.text) !== null) english++;
  }
  return {
    family: "notInFrench",
    weight: 1,
    reason:
      english / words >= ENGLISH_SHARE
        ? "Annonce rédigée en anglais"
        : "Annonce rédigée dans une autre langue que le français",
  };
}
