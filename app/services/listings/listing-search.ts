/** Words of a search beyond this are ignored: a longer query only slows the index down. */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/**
 * Turns what a user typed into a safe FTS5 query: every word becomes a quoted token (so FTS
 * syntax such as NEAR, OR, `*` or `"` is never interpreted), words are ANDed and each one
 * matches as a prefix ("lumin" finds "lumineux"). One-letter words match exactly, because a
 * one-letter prefix would expand to a large part of the vocabulary. Returns null when nothing
 * searchable is left (empty input, only punctuation).
 */
export function toFtsQuery(input: string): string | null {
  const words = input.normalize("NFC").toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words.map((word) => word.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
  if (unique.length === 0) return null;
  return unique.map((word) => (word.length > 1 ? `"${word}"*` : `"${word}"`)).join(" ");
}
