/**
 * MinHash signatures of descriptions, for near-duplicate detection without comparing every pair.
 *
 * Why near-duplicates and not only exact hashes: scammers copy a real listing and change the
 * price line or the town name; word 4-gram shingles survive such edits (one edited line changes
 * only a few shingles). The Jaccard similarity of two shingle sets is estimated by the share of
 * equal MinHash values; LSH banding (BANDS × ROWS) turns "similar" into "same bucket".
 *
 * One-permutation hashing: each shingle hash goes to one of SIGNATURE_SIZE bins and only the
 * minimum per bin is kept (one pass instead of SIGNATURE_SIZE hash functions); bins left empty
 * by short texts are filled by rotation from the next non-empty bin (Shrivastava & Li, 2014),
 * which keeps the "share of equal positions" an unbiased estimate of the Jaccard similarity.
 */
import { mix32 } from "../normalize";

export const SIGNATURE_SIZE = 30;
export const BANDS = 10;
export const ROWS = 3;
const SHINGLE = 4;
/** Short texts ("T2 à louer, contactez-moi") are identical by nature, not by copying. */
export const MIN_SHINGLES = 25;

/** Offset used to densify empty bins (golden-ratio constant, deterministic). */
const ROTATION = 0x9e3779b1;
/** Reused token-hash buffer. */
let tokens = new Uint32Array(1024);

/**
 * FNV-1a hashes of the [a-z0-9]+ words of a normalised text, computed in one pass without
 * creating substrings. Returns the number of tokens written into `tokens`.
 */
function tokenize(text: string): number {
  if (tokens.length < text.length / 2 + 2) tokens = new Uint32Array(text.length / 2 + 2);
  let count = 0;
  let hash = 0x811c9dc5;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) {
      hash = Math.imul(hash ^ c, 0x01000193);
      inWord = true;
    } else if (inWord) {
      tokens[count++] = hash >>> 0;
      hash = 0x811c9dc5;
      inWord = false;
    }
  }
  if (inWord) tokens[count++] = hash >>> 0;
  return count;
}

/**
 * Identity of a text's word sequence (punctuation and spacing ignored), from the same token pass:
 * if it is unchanged, so is its signature.
 */
export function tokenSequenceHash(normalized: string): number {
  const count = tokenize(normalized);
  let h = 0x811c9dc5 ^ count;
  for (let i = 0; i < count; i++) h = Math.imul(h ^ tokens[i], 0x01000193);
  return mix32(h);
}

/** Signature of a normalised text, or null when the text is too short to be meaningful. */
export function minhashSignature(normalized: string): Uint32Array | null {
  return signatureOfTokens(tokenize(normalized));
}

/** Signature and token-sequence hash in one pass (used when building the context). */
export function minhashWithHash(normalized: string): {
  signature: Uint32Array | null;
  hash: number;
} {
  const count = tokenize(normalized);
  let h = 0x811c9dc5 ^ count;
  for (let i = 0; i < count; i++) h = Math.imul(h ^ tokens[i], 0x01000193);
  return { signature: signatureOfTokens(count), hash: mix32(h) };
}

function signatureOfTokens(tokenCount: number): Uint32Array | null {
  const shingleCount = tokenCount - SHINGLE + 1;
  if (shingleCount < MIN_SHINGLES) return null;

  const signature = new Uint32Array(SIGNATURE_SIZE);
  const filled = new Uint8Array(SIGNATURE_SIZE);
  for (let s = 0; s < shingleCount; s++) {
    let h = tokens[s];
    for (let k = 1; k < SHINGLE; k++) h = Math.imul(h ^ tokens[s + k], 0x01000193) + k;
    const x = mix32(h);
    const bin = x % SIGNATURE_SIZE;
    const value = mix32(x ^ 0x5bd1e995);
    if (filled[bin] === 0 || value < signature[bin]) {
      signature[bin] = value;
      filled[bin] = 1;
    }
  }
  for (let i = 0; i < SIGNATURE_SIZE; i++) {
    if (filled[i] === 1) continue;
    for (let distance = 1; distance < SIGNATURE_SIZE; distance++) {
      const j = (i + distance) % SIGNATURE_SIZE;
      if (filled[j] === 1) {
        signature[i] = (signature[j] + Math.imul(distance, ROTATION)) >>> 0;
        break;
      }
    }
  }
  return signature;
}

/** 31-bit hash of band `band` of a signature (band index mixed in so bands never collide). */
export function bandHash(signature: ArrayLike<number>, band: number): number {
  let h = mix32(band + 0x51ed27);
  for (let r = 0; r < ROWS; r++) h = mix32(h ^ signature[band * ROWS + r]);
  return h >>> 1;
}

/** Estimated Jaccard similarity of two signatures. */
export function estimatedSimilarity(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  bOffset = 0,
): number {
  let equal = 0;
  for (let i = 0; i < SIGNATURE_SIZE; i++) if (a[i] === b[bOffset + i]) equal++;
  return equal / SIGNATURE_SIZE;
}
