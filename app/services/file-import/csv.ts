/**
 * RFC 4180 tokeniser: quoted fields, doubled quotes, line breaks inside quotes, CRLF / LF / CR.
 * It is a single forward scan (indexOf to jump over quoted text) so a 10 MB file costs tens of
 * milliseconds and no input can make it backtrack. It also tracks the physical line on which
 * each record starts, which is what users see in their editor and what error messages quote.
 */
export type CsvSeparator = "," | ";" | "\t";
export type CsvRecord = { line: number; fields: string[] };
export type CsvTokens =
  { ok: true; records: CsvRecord[] } | { ok: false; line: number; error: string };

import { FILE_IMPORT_MAX_COLUMNS, FILE_IMPORT_MAX_RECORD_CHARS } from "./limits";

const QUOTE = 34;
const LF = 10;
const CR = 13;
const CANDIDATES: CsvSeparator[] = [";", ",", "\t"];

/** Count of line breaks (CRLF, LF or a lone CR) between two offsets. */
function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === LF) count++;
    else if (code === CR && text.charCodeAt(i + 1) !== LF) count++;
  }
  return count;
}

/**
 * The separator is the candidate that occurs most often, outside quotes, in the header line:
 * header names never contain one, while a French file's '1 250,50' cells would mislead a count
 * over data lines. Ties go to ';' (Excel's French default), then ','.
 */
export function detectSeparator(text: string, start = 0): CsvSeparator {
  const counts = new Map<number, number>(CANDIDATES.map((c) => [c.charCodeAt(0), 0]));
  let inQuotes = false;
  // A header longer than any record may be is refused by the tokenizer: no need to read past it.
  const end = Math.min(text.length, start + FILE_IMPORT_MAX_RECORD_CHARS);
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) inQuotes = !inQuotes;
    else if (!inQuotes && (code === LF || code === CR)) break;
    else if (!inQuotes && counts.has(code)) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let best: CsvSeparator = ",";
  let bestCount = 0;
  for (const candidate of CANDIDATES) {
    const count = counts.get(candidate.charCodeAt(0)) ?? 0;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Excel writes a first line `sep=;` when asked to; honour it and skip it.
 * Returns the separator and the offset of the next line, or null.
 */
export function readSeparatorDirective(
  text: string,
): { separator: CsvSeparator; next: number } | null {
  if (!text.startsWith("sep=") && !text.startsWith("SEP=")) return null;
  const char = text.charAt(4);
  if (char !== "," && char !== ";" && char !== "\t") return null;
  let next = 5;
  if (text.charCodeAt(next) === CR) next++;
  if (text.charCodeAt(next) === LF) next++;
  if (next === 5 && next < text.length) return null;
  return { separator: char, next };
}

/**
 * Splits `text` (from `start`, which is on physical line `firstLine`) into records.
 * Blank lines produce no record. An unterminated quote is an error: everything after it would
 * silently become one cell, so the file is refused with the line to fix.
 */
export function tokenizeCsv(
  text: string,
  separator: CsvSeparator,
  start = 0,
  firstLine = 1,
): CsvTokens {
  const sep = separator.charCodeAt(0);
  const length = text.length;
  const records: CsvRecord[] = [];
  let line = firstLine;
  let i = start;
  while (i < length) {
    // Blank lines make no record; skipping them here spares an allocation per line.
    const first = text.charCodeAt(i);
    if (first === LF || first === CR) {
      i += first === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      continue;
    }
    const recordLine = line;
    // Scans stop at the record's maximum length, so an endless line costs no more than a long one.
    const recordEnd = Math.min(length, i + FILE_IMPORT_MAX_RECORD_CHARS + 1);
    const tooLong = {
      ok: false,
      line: recordLine,
      error: `Ligne ${recordLine} : plus de ${FILE_IMPORT_MAX_RECORD_CHARS.toLocaleString("fr-FR")} caractères sans fin de ligne, le fichier ne peut pas être lu`,
    } as const;
    const fields: string[] = [];
    let endOfRecord = false;
    while (!endOfRecord) {
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        // Find the closing quote (one not doubled), then unescape the whole field at once:
        // building it piece by piece would be quadratic-ish on a cell full of '""'.
        let close = text.indexOf('"', i + 1);
        let doubled = false;
        while (close !== -1 && close < recordEnd && text.charCodeAt(close + 1) === QUOTE) {
          doubled = true;
          close = text.indexOf('"', close + 2);
        }
        if (close >= recordEnd || (close === -1 && recordEnd < length)) return tooLong;
        if (close === -1) {
          return {
            ok: false,
            line,
            error: `Ligne ${line} : guillemet ouvrant sans guillemet fermant, le fichier ne peut pas être lu au-delà`,
          };
        }
        const quoted = text.slice(i + 1, close);
        // split/join: replaceAll is several times slower on a cell of many '""'.
        const parts = doubled ? quoted.split('""').join('"') : quoted;
        line += countLineBreaks(text, i + 1, close);
        i = close + 1;
        // Tolerate stray text after the closing quote ('"abc" ') rather than dropping the row.
        const tailStart = i;
        while (i < recordEnd) {
          const code = text.charCodeAt(i);
          if (code === sep || code === LF || code === CR) break;
          i++;
        }
        value = tailStart === i ? parts : parts + text.slice(tailStart, i);
      } else {
        const fieldStart = i;
        while (i < recordEnd) {
          const code = text.charCodeAt(i);
          if (code === sep || code === LF || code === CR) break;
          i++;
        }
        value = text.slice(fieldStart, i);
      }
      if (i === recordEnd && recordEnd < length) return tooLong;
      fields.push(value);
      if (fields.length > FILE_IMPORT_MAX_COLUMNS) {
        return {
          ok: false,
          line: recordLine,
          error: `Ligne ${recordLine} : plus de ${FILE_IMPORT_MAX_COLUMNS} colonnes, le fichier ne peut pas être lu (vérifiez le séparateur)`,
        };
      }
      if (i >= length) {
        endOfRecord = true;
      } else {
        const code = text.charCodeAt(i);
        if (code === sep) {
          // A separator as the very last character still announces one more (empty) field,
          // which the next turn of the loop reads.
          i++;
        } else {
          i += code === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
          line++;
          endOfRecord = true;
        }
      }
    }
    if (fields.length > 1 || fields[0] !== "") records.push({ line: recordLine, fields });
  }
  return { ok: true, records };
}
