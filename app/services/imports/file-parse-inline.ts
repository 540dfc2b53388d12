import { listingRowBatches, parseListingFile, type FileImportOptions, type ParsedListingFile } from "../file-import";
import type { ListingInput } from "../listings/listing-input";
import type { FileBatch, FileCheck } from "./file-parse-protocol";

/** Checks and parses a listing file in the calling thread (the worker, or the fallback). */
export function openListingFileHere(
  fileName: string,
  bytes: Uint8Array,
  options: FileImportOptions,
): { ok: true; file: ParsedListingFile; check: FileCheck } | { ok: false; check: FileCheck } {
  const parsed = parseListingFile(fileName, bytes, options);
  if (!parsed.ok) return { ok: false, check: { ok: false, error: parsed.error } };
  const { file } = parsed;
  return { ok: true, file, check: { ok: true, format: file.format, total: file.total, ignoredColumns: file.ignoredColumns } };
}

/** The file's rows, validated by batches: the listings to write, the French reasons of the rest, the values left out. */
export async function* fileBatches(file: ParsedListingFile, batchSize: number): AsyncGenerator<FileBatch, void, undefined> {
  for await (const batch of listingRowBatches(file, batchSize)) {
    const listings: ListingInput[] = [];
    const invalid: string[] = [];
    const warnings: string[] = [];
    for (const row of batch) {
      if (row.result.ok) {
        listings.push(row.result.listing);
        warnings.push(...row.result.warnings);
      } else invalid.push(row.result.error);
    }
    yield { listings, invalid, warnings };
  }
}
