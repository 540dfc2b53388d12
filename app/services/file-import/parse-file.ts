/**
 * Entry point of the file import: checks the file as a whole (size, format, header, row count)
 * up front, then validates rows lazily so the import job can take them in batches and yield to
 * the event loop in between (see batches.ts).
 */
import {
  FILE_IMPORT_COLUMNS,
  isVigimmoMetadata,
  mapHeaders,
  matchHeader,
  REQUIRED_COLUMNS,
  type FileImportColumnKey,
} from "./columns";
import {
  detectSeparator,
  readSeparatorDirective,
  tokenizeCsv,
  type CsvRecord,
  type CsvSeparator,
} from "./csv";
import { byteLength, decodeFileContent, isSpreadsheetBinary } from "./decode";
import { forEachCell, isPlainObject, parseJsonItems } from "./json";
import {
  FILE_IMPORT_MAX_BYTES,
  FILE_IMPORT_MAX_COLUMNS,
  FILE_IMPORT_MAX_ROWS,
  FILE_IMPORT_MESSAGES as MSG,
} from "./limits";
import { validateRow, type FileImportRowResult, type RawRow } from "./row-schema";
import { FIELD_BY_FILE_COLUMN, type ListingColumn } from "../listings/listing-fields";

export type FileImportFormat = "csv" | "json";
export type { FileImportRowResult };

export type FileImportRow = {
  /** CSV: physical line where the record starts (header = 1). JSON: 1-based index of the item. */
  line: number;
  result: FileImportRowResult;
};

export type ParsedListingFile = {
  format: FileImportFormat;
  /** Detected CSV separator; null for JSON. */
  separator: CsvSeparator | null;
  /** Number of rows `rows()` yields (blank CSV lines excluded), for a progress bar. */
  total: number;
  /** Recognised columns, in FILE_IMPORT_COLUMNS order. */
  columns: FileImportColumnKey[];
  /** Headers (JSON keys) matching no column: not read, worth showing in case of a typo. */
  ignoredColumns: string[];
  /** Validates row by row, lazily; can be iterated again from the start. */
  rows(): Iterable<FileImportRow>;
};

/**
 * How a re-import treats what the file does not say (issue 24 item 2): a column absent from the
 * file always leaves the stored value alone; an empty cell of a present column does too, unless
 * `clearEmptyCells` (an option of the import dialog) says it means "erase".
 */
export type FileImportOptions = { clearEmptyCells?: boolean };

export type ParseListingFileResult =
  { ok: true; file: ParsedListingFile } | { ok: false; error: string };

/** A row before validation; `raw` null means a JSON item that is not an object. */
type PreparedRow = { line: number; raw: RawRow | null };

/** `text.trim() === ""` without allocating a trimmed copy of every cell of a 20 000-row file. */
function isBlankText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 32 && code !== 9 && code !== 10 && code !== 13 && code !== 0xa0) return false;
  }
  return true;
}

const SPREADSHEET_EXTENSIONS = new Set(["xlsx", "xls", "xlsm", "ods", "numbers"]);
const CSV_EXTENSIONS = new Set(["csv", "tsv"]);

function extensionOf(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  return dot <= 0
    ? ""
    : base
        .slice(dot + 1)
        .trim()
        .toLowerCase();
}

function startsLikeJson(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "[" || char === "{") return true;
    if (char !== " " && char !== "\n" && char !== "\r" && char !== "\t") return false;
  }
  return false;
}

function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return isBlankText(value);
  return Array.isArray(value) && value.length === 0;
}

function inColumnOrder(keys: Iterable<FileImportColumnKey>): FileImportColumnKey[] {
  const present = new Set(keys);
  return FILE_IMPORT_COLUMNS.map((column) => column.key).filter((key) => present.has(key));
}

function missingColumnsError(present: readonly FileImportColumnKey[]): string | null {
  const missing = REQUIRED_COLUMNS.filter((column) => !present.includes(column.key));
  if (missing.length === 0) return null;
  return MSG.missingColumns + missing.map((column) => column.labels[0]).join(", ");
}

/**
 * Validation plus the one check that spans rows: two rows with the same id would overwrite each
 * other in the upsert, so the later one is reported instead of silently winning.
 * `previous` names an earlier row inside a sentence: 'la ligne 3', "l'élément 3".
 */
function* validatedRows(
  prepared: Iterable<PreparedRow>,
  label: (line: number) => string,
  previous: (line: number) => string,
  keep: (raw: RawRow) => ListingColumn[],
): Iterable<FileImportRow> {
  const firstLineOfId = new Map<string, number>();
  for (const { line, raw } of prepared) {
    if (raw === null) {
      yield { line, result: { ok: false, error: `${label(line)} : un objet est attendu` } };
      continue;
    }
    const result = validateRow(raw, label(line));
    if (result.ok) {
      const id = result.listing.sourcePlatformId;
      const first = firstLineOfId.get(id);
      if (first !== undefined) {
        const error = isBlank(raw.reference)
          ? `${label(line)} : annonce identique à ${previous(first)}`
          : `${label(line)} : référence « ${id} » déjà utilisée par ${previous(first)}`;
        yield { line, result: { ok: false, error } };
        continue;
      }
      firstLineOfId.set(id, line);
      const keepStored = keep(raw);
      if (keepStored.length > 0) result.listing.keepStored = keepStored;
    }
    yield { line, result };
  }
}

/**
 * The stored columns a row leaves alone on update: those of columns absent from the file, and
 * those of its empty cells unless the import clears them. The row's cells are undefined in both
 * cases (csvRaw and jsonRaw skip blank cells); `present` tells them apart.
 */
function keptColumns(present: readonly FileImportColumnKey[], options: FileImportOptions) {
  const inFile = new Set(present);
  const fields = [...FIELD_BY_FILE_COLUMN].filter(([key]) => !options.clearEmptyCells || !inFile.has(key));
  return (raw: RawRow): ListingColumn[] => {
    const kept: ListingColumn[] = [];
    for (const [key, field] of fields) if (raw[key] === undefined) kept.push(field.column as ListingColumn);
    return kept;
  };
}

function parseCsv(text: string, extension: string, options: FileImportOptions): ParseListingFileResult {
  const directive = readSeparatorDirective(text);
  const start = directive?.next ?? 0;
  const separator =
    directive?.separator ?? (extension === "tsv" ? "\t" : detectSeparator(text, start));
  const tokens = tokenizeCsv(text, separator, start, directive ? 2 : 1);
  if (!tokens.ok) return { ok: false, error: tokens.error };
  const [header, ...records] = tokens.records;
  if (!header) return { ok: false, error: MSG.empty };
  const mapping = mapHeaders(header.fields);
  const columns = inColumnOrder(Object.keys(mapping.sources) as FileImportColumnKey[]);
  const missing = missingColumnsError(columns);
  if (missing) return { ok: false, error: missing };

  const sources = Object.entries(mapping.sources) as Array<[FileImportColumnKey, number[]]>;
  const dataRecords: CsvRecord[] = [];
  for (const record of records) {
    if (record.fields.every(isBlankText)) continue; // the ';;;' lines Excel leaves at the end
    if (dataRecords.length === FILE_IMPORT_MAX_ROWS) return { ok: false, error: MSG.tooManyRows };
    dataRecords.push(record);
  }
  if (dataRecords.length === 0) return { ok: false, error: MSG.noRows };
  // Cells are picked lazily, batch by batch, to keep the blocking part of the parse short.
  function* prepared(): Iterable<PreparedRow> {
    for (const record of dataRecords) yield { line: record.line, raw: csvRaw(record, sources) };
  }
  return {
    ok: true,
    file: {
      format: "csv",
      separator,
      total: dataRecords.length,
      columns,
      ignoredColumns: mapping.ignored,
      rows: () =>
        validatedRows(
          prepared(),
          (line) => `Ligne ${line}`,
          (line) => `la ligne ${line}`,
          keptColumns(columns, options),
        ),
    },
  };
}

function csvRaw(record: CsvRecord, sources: Array<[FileImportColumnKey, number[]]>): RawRow {
  const raw: RawRow = {};
  for (const [key, indexes] of sources) {
    // Several columns may feed one field ('référence' and 'id'): the best non-empty one wins.
    for (const index of indexes) {
      const value = record.fields[index];
      if (value !== undefined && !isBlankText(value)) {
        raw[key] = value;
        break;
      }
    }
  }
  return raw;
}

type HeaderMatch = ReturnType<typeof matchHeader>;

/** One listing's cells, keyed by column; the best synonym wins when several keys feed one field. */
function jsonRaw(item: Record<string, unknown>, matches: ReadonlyMap<string, HeaderMatch>): RawRow {
  const raw: RawRow = {};
  const priorities: Partial<Record<FileImportColumnKey, number>> = {};
  forEachCell(item, (name, value) => {
    const match = matches.get(name);
    if (!match || isBlank(value)) return;
    const best = priorities[match.key];
    if (best !== undefined && best <= match.priority) return;
    raw[match.key] = value;
    priorities[match.key] = match.priority;
  });
  return raw;
}

function parseJson(text: string, options: FileImportOptions): ParseListingFileResult {
  const parsed = parseJsonItems(text);
  if (!parsed.ok) return parsed;
  const { items } = parsed;
  if (items.length === 0) return { ok: false, error: MSG.noRows };
  if (items.length > FILE_IMPORT_MAX_ROWS) return { ok: false, error: MSG.tooManyRows };

  // Up front, only the distinct keys are looked at (items of a file share them), to know the
  // columns; each item's cells are picked later, batch by batch.
  const matches = new Map<string, HeaderMatch>();
  const present = new Set<FileImportColumnKey>();
  const ignored: string[] = [];
  // Listings share a few dozen keys: a million distinct ones would cost seconds of matching.
  const noteKey = (name: string) => {
    if (matches.has(name)) return true;
    if (matches.size === FILE_IMPORT_MAX_COLUMNS) return false;
    const match = matchHeader(name);
    matches.set(name, match);
    if (match) present.add(match.key);
    else if (!isVigimmoMetadata(name)) ignored.push(name);
    return true;
  };
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (!isPlainObject(item)) continue;
    let complete = true;
    forEachCell(item, (name) => (complete = noteKey(name)));
    if (!complete)
      return {
        ok: false,
        error: `Élément ${index + 1} : plus de ${FILE_IMPORT_MAX_COLUMNS} champs différents dans le fichier, il ne peut pas être lu`,
      };
  }
  const columns = inColumnOrder(present);
  const missing = missingColumnsError(columns);
  if (missing) return { ok: false, error: missing };
  function* prepared(): Iterable<PreparedRow> {
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      yield { line: index + 1, raw: isPlainObject(item) ? jsonRaw(item, matches) : null };
    }
  }
  return {
    ok: true,
    file: {
      format: "json",
      separator: null,
      total: items.length,
      columns,
      ignoredColumns: ignored,
      rows: () =>
        validatedRows(
          prepared(),
          (line) => `Élément ${line}`,
          (line) => `l'élément ${line}`,
          keptColumns(columns, options),
        ),
    },
  };
}

/**
 * `name` is the uploaded file name (its extension picks the format; without a known one the
 * content decides). `content` may be the raw bytes, which lets us recognise Windows-1252 and
 * UTF-16 files, or text already decoded as UTF-8.
 */
export function parseListingFile(
  name: string,
  content: string | Uint8Array | ArrayBuffer,
  options: FileImportOptions = {},
): ParseListingFileResult {
  if (byteLength(content) > FILE_IMPORT_MAX_BYTES) return { ok: false, error: MSG.tooLarge };
  const extension = extensionOf(name);
  const body = content instanceof ArrayBuffer ? new Uint8Array(content) : content;
  if (SPREADSHEET_EXTENSIONS.has(extension) || isSpreadsheetBinary(body)) {
    return { ok: false, error: MSG.spreadsheet };
  }
  const text = decodeFileContent(body);
  if (isBlankText(text)) return { ok: false, error: MSG.empty };
  if (text.includes("\u0000")) return { ok: false, error: MSG.unsupportedExtension };
  const isJson = extension === "json" || (!CSV_EXTENSIONS.has(extension) && startsLikeJson(text));
  return isJson ? parseJson(text, options) : parseCsv(text, extension, options);
}
