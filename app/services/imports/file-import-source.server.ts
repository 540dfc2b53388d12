import { listingRowBatches, parseListingFile, type ParsedListingFile } from "../file-import";
import { FILE_IMPORT_BATCH_SIZE } from "../file-import/limits";
import type { ListingInput } from "../listings/listing-input";
import { yieldToEventLoop } from "../jobs/queue.server";
import { createImportJob, enqueueImportJob } from "./import-jobs.server";
import type { ImportJob, ImportSource } from "./import-source.server";

/**
 * A listing file as an import source: batches of 500 validated rows, one job page each. The
 * parser gives the event loop a turn between batches and the job writes each batch in one
 * transaction, so a 10 MB file never holds the server for more than one batch.
 * Invalid rows become the job's errors, with their line number ('Ligne 7 : prix invalide …').
 */
export function fileImportSource(
  file: ParsedListingFile,
  batchSize: number = FILE_IMPORT_BATCH_SIZE,
): ImportSource {
  const totalPages = Math.max(1, Math.ceil(file.total / batchSize));
  return {
    async *pages(signal) {
      for await (const batch of listingRowBatches(file, batchSize)) {
        if (signal.aborted) return;
        const listings: ListingInput[] = [];
        const invalid: string[] = [];
        for (const row of batch) {
          if (row.result.ok) listings.push(row.result.listing);
          else invalid.push(row.result.error);
        }
        // Validating a batch and writing it are two separate holds of the event loop, not one.
        await yieldToEventLoop();
        if (signal.aborted) return;
        yield { listings, invalid, totalPages };
      }
    },
  };
}

export type FileImportStart =
  | { ok: true; job: ImportJob; rows: number; ignoredColumns: string[] }
  | { ok: false; error: string };

/**
 * Checks the file as a whole (size, format, header, required columns) right away, so a wrong
 * file is refused with its reason before any job exists; then imports it as ONE job (source
 * 'fichier'). Throws JobBusyError when another import of the user is running.
 */
export function startFileImport(
  userId: string,
  fileName: string,
  content: Uint8Array,
): FileImportStart {
  const parsed = parseListingFile(fileName, content);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const { file } = parsed;
  const job = createImportJob(userId, {
    source: "fichier",
    params: {
      fileName,
      format: file.format,
      rows: file.total,
      ignoredColumns: file.ignoredColumns.slice(0, 20),
    },
    totalPages: Math.max(1, Math.ceil(file.total / FILE_IMPORT_BATCH_SIZE)),
  });
  enqueueImportJob(job, () => fileImportSource(file));
  return { ok: true, job, rows: file.total, ignoredColumns: file.ignoredColumns };
}
