/**
 * The learned text model: one more evidence family (`learnedText`) for wordings nobody wrote a
 * rule for. A penalised logistic regression over hashed word unigrams, word bigrams and character
 * 3-5-grams of each word (digits read as 0, so "06 12…" and "07 98…" are one feature), fitted in
 * plain TypeScript (text-model-fit.ts) on every development file. Its output is a strength like
 * any other family's; the engine's model weighs it against the hand-read families.
 *
 * Cost is linear in the text (one pass, one table lookup per n-gram) and the text read is bounded
 * (MAX_TEXT_MODEL_CHARS). The reason quotes the listing: the few consecutive words that weighed
 * most towards a scam.
 */
import type { TextDoc } from "./signals/text-doc";

/** Buckets of the hashing trick: 2^17 weights (collisions stay rare for ~50k distinct n-grams). */
export const TEXT_MODEL_BITS = 17;
const MASK = (1 << TEXT_MODEL_BITS) - 1;
/** Only the beginning of a text is read: listings are short, and the cost must stay bounded. */
export const MAX_TEXT_MODEL_CHARS = 6000;
/** Longer "words" (URLs, runs of symbols) only give their first characters' n-grams. */
const MAX_WORD_CHARS = 24;
/** Logit at which the family reaches its full strength (1). */
const FULL_STRENGTH_LOGIT = 6;
/** Words quoted in the reason. */
const QUOTE_WORDS = 7;

const SEED_WORD = 0x811c9dc5;
const SEED_BIGRAM = 0x2f6b5a13;
const SEED_CHARS = 0x5bd1e995;

export type TextModelWeights = { bias: number; weights: Float32Array };

/** A hashed text: parallel bucket / value arrays (duplicates kept, values sum per bucket). */
export type SparseText = { indices: Int32Array; values: Float32Array };

function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code >= 0xc0;
}

/** Digits are read as 0: numbers say "a phone, a price, an amount", not which one. */
function readChar(code: number): number {
  return code >= 48 && code <= 57 ? 48 : code;
}

const PRIME = 0x01000193;
const SEED_3 = SEED_CHARS ^ 3;
const SEED_4 = SEED_CHARS ^ 4;
const SEED_5 = SEED_CHARS ^ 5;
/** Most words a bounded text can hold: per-word buffers are allocated once. */
const MAX_WORDS = MAX_TEXT_MODEL_CHARS / 2 + 1;
const wordWeights = new Float64Array(MAX_WORDS);
const wordOffsets = new Int32Array(2 * MAX_WORDS);

/** What one walk over a text found (module-level: the hot path allocates nothing). */
const walked = { sum: 0, count: 0, words: 0 };

/**
 * One pass over a normalised text's n-grams: the 3-, 4- and 5-character grams of each word padded
 * with spaces, the word, and the pair it forms with the previous word. With `weights`, sums their
 * weights (in `walked`, and per word in `wordWeights` with the words' offsets in `wordOffsets`);
 * with `buckets`, collects their buckets instead (for the fit). No callback, no allocation per word.
 */
function walk(text: string, weights: Float32Array | null, buckets: number[] | null): void {
  const length = Math.min(text.length, MAX_TEXT_MODEL_CHARS);
  let sum = 0;
  let count = 0;
  let words = 0;
  let previousWordHash = 0;
  let i = 0;
  const take = (bucket: number): number => {
    count++;
    if (buckets) buckets.push(bucket);
    return weights ? weights[bucket] : 0;
  };
  while (i < length) {
    while (i < length && !isWordChar(text.charCodeAt(i))) i++;
    if (i >= length) break;
    const start = i;
    let wordHash = SEED_WORD;
    let wordSum = 0;
    // The last five characters of " word ", newest in e.
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    let e = 32;
    let filled = 1;
    for (;;) {
      const inWord = i < length && isWordChar(text.charCodeAt(i));
      let code = 32;
      if (inWord) {
        if (i - start >= MAX_WORD_CHARS) {
          i++;
          continue;
        }
        code = readChar(text.charCodeAt(i));
        wordHash = Math.imul(wordHash ^ code, PRIME);
        i++;
      }
      a = b;
      b = c;
      c = d;
      d = e;
      e = code;
      filled++;
      if (filled >= 3)
        wordSum += take(Math.imul(Math.imul(Math.imul(SEED_3 ^ c, PRIME) ^ d, PRIME) ^ e, PRIME) & MASK);
      if (filled >= 4)
        wordSum += take(
          Math.imul(Math.imul(Math.imul(Math.imul(SEED_4 ^ b, PRIME) ^ c, PRIME) ^ d, PRIME) ^ e, PRIME) & MASK,
        );
      if (filled >= 5)
        wordSum += take(
          Math.imul(
            Math.imul(Math.imul(Math.imul(Math.imul(SEED_5 ^ a, PRIME) ^ b, PRIME) ^ c, PRIME) ^ d, PRIME) ^ e,
            PRIME,
          ) & MASK,
        );
      if (!inWord) break;
    }
    wordSum += take(wordHash & MASK);
    if (words > 0) wordSum += take((Math.imul(previousWordHash ^ SEED_BIGRAM, PRIME) ^ wordHash) & MASK);
    previousWordHash = wordHash;
    if (weights) {
      wordWeights[words] = wordSum;
      wordOffsets[2 * words] = start;
      wordOffsets[2 * words + 1] = i;
    }
    sum += wordSum;
    words++;
  }
  walked.sum = sum;
  walked.count = count;
  walked.words = words;
}

/**
 * The hashed n-grams of a normalised text, each occurrence worth 1/√(occurrences): the same sum
 * textLogit computes in one pass. One entry per bucket (a bucket seen twice is worth twice), so a
 * row is 1 long when no n-gram repeats, a little more otherwise.
 */
export function hashText(text: string): SparseText {
  const buckets: number[] = [];
  walk(text, null, buckets);
  const scale = buckets.length > 0 ? 1 / Math.sqrt(buckets.length) : 0;
  const sorted = Int32Array.from(buckets).sort();
  const indices: number[] = [];
  const values: number[] = [];
  for (let k = 0; k < sorted.length; k++) {
    if (k > 0 && sorted[k] === sorted[k - 1]) values[values.length - 1] += scale;
    else {
      indices.push(sorted[k]);
      values.push(scale);
    }
  }
  return { indices: Int32Array.from(indices), values: Float32Array.from(values) };
}

/** Log-odds of a scam according to the text alone. */
export function textLogit(model: TextModelWeights, text: string): number {
  walk(text, model.weights, null);
  return model.bias + (walked.count > 0 ? walked.sum / Math.sqrt(walked.count) : 0);
}

/** Strength of the learned-text family (0 when the text leans honest). */
export function textStrength(logit: number): number {
  return logit <= 0 ? 0 : Math.min(1, logit / FULL_STRENGTH_LOGIT);
}

/**
 * The consecutive words that weighed most towards a scam in the text textLogit read last, as
 * [start, end) in the normalised text; null when no run of words leans that way.
 */
function heaviestPassage(): { start: number; end: number } | null {
  const words = walked.words;
  if (words === 0) return null;
  const span = Math.min(QUOTE_WORDS, words);
  let sum = 0;
  for (let w = 0; w < span; w++) sum += wordWeights[w];
  let best = sum;
  let bestStart = 0;
  for (let w = span; w < words; w++) {
    sum += wordWeights[w] - wordWeights[w - span];
    if (sum > best) {
      best = sum;
      bestStart = w - span + 1;
    }
  }
  if (best <= 0) return null;
  return { start: wordOffsets[2 * bestStart], end: wordOffsets[2 * (bestStart + span - 1) + 1] };
}

/** The family's evidence for one listing, or null. */
export function learnedTextEvidence(
  model: TextModelWeights,
  doc: TextDoc,
): { weight: number; reason: string } | null {
  const strength = textStrength(textLogit(model, doc.text));
  if (strength < 0.05) return null;
  const passage = heaviestPassage();
  const quoted = passage ? ` : ${doc.quoteRange(passage.start, passage.end)}` : "";
  return {
    weight: strength,
    reason: `Formulations proches d'annonces frauduleuses connues${quoted}`,
  };
}

/** Weights as shipped in engine-model.json: int8 quantised, base64 (about 175 kB). */
export type EncodedTextModel = { bits: number; bias: number; scale: number; weights: string };

export function encodeTextModel(model: TextModelWeights): EncodedTextModel {
  let largest = 0;
  for (const w of model.weights) largest = Math.max(largest, Math.abs(w));
  const scale = largest > 0 ? largest / 127 : 1;
  const bytes = new Int8Array(model.weights.length);
  for (let j = 0; j < bytes.length; j++) bytes[j] = Math.round(model.weights[j] / scale);
  return {
    bits: TEXT_MODEL_BITS,
    bias: Math.round(model.bias * 1e4) / 1e4,
    scale,
    weights: Buffer.from(bytes.buffer).toString("base64"),
  };
}

const decoded = new WeakMap<EncodedTextModel, TextModelWeights>();

export function decodeTextModel(encoded: EncodedTextModel): TextModelWeights {
  let model = decoded.get(encoded);
  if (model) return model;
  if (encoded.bits !== TEXT_MODEL_BITS) throw new Error("modèle de texte incompatible");
  const bytes = Buffer.from(encoded.weights, "base64");
  const weights = new Float32Array(1 << TEXT_MODEL_BITS);
  for (let j = 0; j < weights.length && j < bytes.length; j++) {
    weights[j] = ((bytes[j] << 24) >> 24) * encoded.scale;
  }
  model = { bias: encoded.bias, weights };
  decoded.set(encoded, model);
  return model;
}
