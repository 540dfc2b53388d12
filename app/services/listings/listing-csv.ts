import type { ComplianceStatus, ListingStatus } from "#db/schema";
import { COMPLIANCE_LABELS } from "../compliance/compliance-texts";
import { FILE_IMPORT_COLUMNS, type FileImportColumnKey, type RECORD_CSV_HEADERS } from "../file-import/columns";
import { STATUS_BADGES } from "./listing-labels";
import { FIELD_BY_FILE_COLUMN, OWNER_FIELDS, type ListingFieldKind } from "./listing-fields";
import type { ListingInput } from "./listing-input";

/**
 * "Exporter en CSV" of /properties (issue 14): one line per listing in the file import's own
 * columns (docs/file-import.md), so the file goes back in as it came out. Excel opens it right
 * from a double click: UTF-8 with a BOM, ';' between cells, CRLF line ends.
 */

export const CSV_BOM = "\uFEFF";
const SEPARATOR = ";";
const LINE_END = "\r\n";

/** Vigimmo's own view of the listing, written after the re-importable columns (issue 24 item 22). */
export type CsvListingRecord = {
  status: ListingStatus;
  aiConfidence: number | null;
  aiFlagReason: string | null;
  aiCheckedAt: Date | null;
  complianceStatus: ComplianceStatus | null;
  /** JSON array of findings, each with a `message`. */
  complianceFindings: string | null;
};

/** What a line holds: a listing as the imports produce it (the reference is its source id), and its record. */
export type CsvListing = Omit<ListingInput, "sourcePlatform" | "sourceOrigin"> & Partial<CsvListingRecord>;

/** Cells a spreadsheet would run as a formula; numbers are never text, so a '-3' floor is safe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell, always between double quotes (RFC 4180, inner quotes doubled): a spreadsheet that
 * reads the file with ',' (or tab) as separator keeps "T2,=1+1" as one cell instead of making
 * "=1+1" a cell of its own, and a formula. A text that starts like a formula (= + - @ tab CR) gets
 * a leading apostrophe inside the quotes, as OWASP's CSV injection advice says: the spreadsheet
 * shows it as text, and such a cell comes back from an import with that apostrophe.
 */
function textCell(value: string | null): string {
  if (value === null || value === "") return "";
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** French decimal comma, no thousands separator: the import reads '1.250' as 1 250. */
function numberCell(value: number | null): string {
  return value === null ? "" : String(value).replace(".", ",");
}

/** A cell of each kind of listing field (listing-fields.ts). */
const KIND_CELLS: Record<ListingFieldKind, (value: unknown) => string> = {
  text: (value) => textCell(value as string | null),
  requiredText: (value) => textCell(value as string),
  amount: (value) => numberCell(value as number | null),
  integer: (value) => numberCell(value as number | null),
  list: (value) => textCell((value as string[]).join("|")),
  transaction: (value) => (value === "sale" ? "vente" : "location"),
  publisher: (value) => (value === "professional" ? "professionnel" : value === "private" ? "particulier" : ""),
};

/** Columns that are not a listing field: the reference and the owner. */
const OTHER_CELLS: Partial<Record<FileImportColumnKey, (listing: CsvListing) => string>> = {
  reference: (l) => textCell(l.sourcePlatformId),
  ...Object.fromEntries(
    OWNER_FIELDS.map((field) => [field.fileColumn, (l: CsvListing) => textCell(l.owner?.[field.key] ?? null)]),
  ),
};

function cellOf(key: FileImportColumnKey): (listing: CsvListing) => string {
  const field = FIELD_BY_FILE_COLUMN.get(key);
  if (field) {
    const cell = KIND_CELLS[field.kind];
    const property = field.key as keyof CsvListing;
    return (listing) => cell(listing[property]);
  }
  const other = OTHER_CELLS[key];
  if (!other) throw new Error(`Colonne d'export CSV sans valeur : ${key}`);
  return other;
}

const CELLS = FILE_IMPORT_COLUMNS.map((column) => cellOf(column.key));

function findingMessages(findings: string | null | undefined): string | null {
  if (!findings) return null;
  try {
    const list: unknown = JSON.parse(findings);
    if (!Array.isArray(list)) return null;
    const messages = list.flatMap((f: unknown) => (typeof (f as { message?: unknown })?.message === "string" ? [(f as { message: string }).message] : []));
    return messages.length > 0 ? messages.join(" | ") : null;
  } catch {
    return null;
  }
}

/**
 * Columns after the re-importable ones: the listing's status, moderation and compliance. Their
 * headers are among the export metadata the file import skips (RECORD_CSV_HEADERS in columns.ts).
 */
const RECORD_CELLS: Array<[header: (typeof RECORD_CSV_HEADERS)[number], cell: (listing: CsvListing) => string]> = [
  ["statut", (l) => textCell(l.status ? STATUS_BADGES[l.status].label : null)],
  ["confiance IA", (l) => numberCell(l.aiConfidence ?? null)],
  ["raison IA", (l) => textCell(l.aiFlagReason ?? null)],
  ["analysée le", (l) => textCell(l.aiCheckedAt ? l.aiCheckedAt.toISOString() : null)],
  ["conformité", (l) => textCell(l.complianceStatus ? COMPLIANCE_LABELS[l.complianceStatus] : null)],
  ["constats de conformité", (l) => textCell(findingMessages(l.complianceFindings))],
];

/** The header line: each column under the name the import documents first, then the record's columns. */
export const CSV_HEADER =
  [...FILE_IMPORT_COLUMNS.map((column) => column.labels[0]!), ...RECORD_CELLS.map(([header]) => header)].map(textCell).join(SEPARATOR) + LINE_END;

export function csvLine(listing: CsvListing): string {
  return [...CELLS, ...RECORD_CELLS.map(([, cell]) => cell)].map((cell) => cell(listing)).join(SEPARATOR) + LINE_END;
}
