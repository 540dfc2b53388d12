import type { FileImportOptions } from "../file-import";
import { FILE_IMPORT_BATCH_SIZE } from "../file-import/limits";
import { yieldToEventLoop } from "../jobs/queue.server";
import { openListingFile, type OpenedListingFile } from "./file-parse-thread.server";
import { assertNoOpenJob } from "../jobs/engine.server";
import { createImportJob, enqueueImportJob, importJobKind } from "./import-jobs.server";
import type { ImportJob, ImportSource } from "./import-source.server";

/**
 * A listing file as an import source: batches of 500 validated rows, one job page each, read
 * from the file parsing worker; the job writes each batch in one transaction, so a 10 MB file
 * never holds the server for more than one batch. Invalid rows become the job's errors, with
 * their line number ('Ligne 7 : prix invalide …').
 */
export function fileImportSource(file: OpenedListingFile, totalPages: number): ImportSource {
  return {
    async *pages(signal) {
      try {
        while (!signal.aborted) {
          const batch = await file.nextBatch();
          if (!batch || signal.aborted) return;
          // Receiving a batch and writing it are two separate holds of the event loop, not one.
          await yieldToEventLoop();
          if (signal.aborted) return;
          yield { ...batch, totalPages };
        }
      } finally {
        file.close();
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
 * 'fichier'). Throws JobBusyError when another import of the user is running, before parsing.
 */
export async function startFileImport(
  userId: string,
  fileName: string,
  content: Uint8Array,
  options: FileImportOptions = {},
  batchSize: number = FILE_IMPORT_BATCH_SIZE,
): Promise<FileImportStart> {
  assertNoOpenJob(importJobKind, userId);
  const file = await openListingFile(fileName, content, batchSize, options);
  const { check } = file;
  if (!check.ok) return { ok: false, error: check.error };
  const totalPages = Math.max(1, Math.ceil(check.total / batchSize));
  let job: ImportJob;
  try {
    job = createImportJob(userId, {
      source: "fichier",
      params: {
        fileName,
        format: check.format,
        rows: check.total,
        ignoredColumns: check.ignoredColumns.slice(0, 20),
        clearEmptyCells: options.clearEmptyCells === true,
      },
      totalPages,
    });
  } catch (error) {
    file.close();
    throw error;
  }
  enqueueImportJob(job, () => fileImportSource(file, totalPages));
  return { ok: true, job, rows: check.total, ignoredColumns: check.ignoredColumns };
}
