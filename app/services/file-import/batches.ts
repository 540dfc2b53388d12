import { FILE_IMPORT_BATCH_SIZE } from "./limits";
import type { FileImportRow, ParsedListingFile } from "./parse-file";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Rows in batches for the import job: it writes a batch in one transaction, and between two
 * batches this generator gives the event loop a turn, so a 20 000-row file never holds the
 * server for more than one batch of validation (a few milliseconds). Stopping early (a cancelled
 * job) is just `break` or `return()` on the loop.
 */
export async function* listingRowBatches(
  file: ParsedListingFile,
  batchSize: number = FILE_IMPORT_BATCH_SIZE,
): AsyncGenerator<FileImportRow[], void, undefined> {
  const size = Math.max(1, Math.floor(batchSize));
  let batch: FileImportRow[] = [];
  for (const row of file.rows()) {
    batch.push(row);
    if (batch.length === size) {
      yield batch;
      batch = [];
      await nextTurn();
    }
  }
  if (batch.length > 0) yield batch;
}
