import { FILE_IMPORT_COLUMNS, type FileImportColumnKey } from "../file-import/columns";
import type { ListingInput } from "./listing-input";

/**
 * "Exporter en CSV" of /properties (issue 14): one line per listing in the file import's own
 * columns (docs/file-import.md), so the file goes back in as it came out. Excel opens it right
 * from a double click: UTF-8 with a BOM, ';' between cells, CRLF line ends.
 */

export const CSV_BOM = "\uFEFF";
const SEPARATOR = ";";
const LINE_END = "\r\n";

/** What a line holds: a listing as the imports produce it (the reference is its source id). */
export type CsvListing = Omit<ListingInput, "sourcePlatform" | "sourceOrigin">;

/** Cells a spreadsheet would run as a formula; numbers are never text, so a '-3' floor is safe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell, quoted when it holds the separator, a quote or a line break (RFC 4180). A text
 * that Excel would take for a formula gets a leading apostrophe (OWASP's CSV injection advice):
 * such a cell then comes back from an import with that apostrophe.
 */
function textCell(value: string | null): string {
  if (value === null || value === "") return "";
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** French decimal comma, no thousands separator: the import reads '1.250' as 1 250. */
function numberCell(value: number | null): string {
  return value === null ? "" : String(value).replace(".", ",");
}

const CELLS: Record<FileImportColumnKey, (listing: CsvListing) => string> = {
  reference: (l) => textCell(l.sourcePlatformId),
  title: (l) => textCell(l.title),
  description: (l) => textCell(l.description),
  price: (l) => numberCell(l.price),
  charges: (l) => numberCell(l.propertyCharges),
  propertyType: (l) => textCell(l.propertyType),
  transactionType: (l) => (l.transactionType === "sale" ? "vente" : "location"),
  address: (l) => textCell(l.address),
  city: (l) => textCell(l.city),
  postalCode: (l) => textCell(l.postalCode),
  surfaceArea: (l) => numberCell(l.surfaceArea),
  rooms: (l) => numberCell(l.rooms),
  bedrooms: (l) => numberCell(l.bedrooms),
  bathrooms: (l) => numberCell(l.bathrooms),
  images: (l) => textCell(l.images.join("|")),
  sourceUrl: (l) => textCell(l.sourceUrl),
  features: (l) => textCell(l.features.join("|")),
  floor: (l) => numberCell(l.floor),
  totalFloors: (l) => numberCell(l.totalFloors),
  yearBuilt: (l) => numberCell(l.yearBuilt),
  energyRating: (l) => textCell(l.energyRating),
  publisherType: (l) => (l.publisherType === "professional" ? "professionnel" : l.publisherType === "private" ? "particulier" : ""),
  ownerFirstName: (l) => textCell(l.owner?.firstName ?? null),
  ownerLastName: (l) => textCell(l.owner?.lastName ?? null),
  ownerEmail: (l) => textCell(l.owner?.email ?? null),
};

/** The header line: each column under the name the import documents first. */
export const CSV_HEADER = FILE_IMPORT_COLUMNS.map((column) => textCell(column.labels[0]!)).join(SEPARATOR) + LINE_END;

export function csvLine(listing: CsvListing): string {
  return FILE_IMPORT_COLUMNS.map((column) => CELLS[column.key](listing)).join(SEPARATOR) + LINE_END;
}
