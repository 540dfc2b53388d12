/**
 * Server-side API of the file import. The page that documents the columns should import
 * `./columns` and `./limits` directly: they are client-safe, this barrel is not (node:crypto).
 */
export { listingRowBatches } from "./batches";
export { FILE_IMPORT_COLUMNS, type FileImportColumn, type FileImportColumnKey } from "./columns";
export {
  FILE_IMPORT_ACCEPT,
  FILE_IMPORT_BATCH_SIZE,
  FILE_IMPORT_MAX_BYTES,
  FILE_IMPORT_MAX_ROWS,
  FILE_IMPORT_MESSAGES,
} from "./limits";
export {
  parseListingFile,
  type FileImportOptions,
  type FileImportFormat,
  type FileImportRow,
  type FileImportRowResult,
  type ParseListingFileResult,
  type ParsedListingFile,
} from "./parse-file";
