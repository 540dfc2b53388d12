import type { FileImportFormat, FileImportOptions } from "../file-import";
import type { ListingInput } from "../listings/listing-input";

/**
 * Messages between the file import (main thread) and the file parsing worker
 * (file-parse-worker.ts). The worker keeps each opened file as a session until its job has read
 * every batch or closes it.
 */
export type FileParseRequest =
  | { type: "open"; id: number; session: string; fileName: string; bytes: Uint8Array; batchSize: number; options: FileImportOptions }
  | { type: "next"; id: number; session: string }
  | { type: "close"; session: string };

/** The file as a whole: refused with its French reason, or what the import screen shows. */
export type FileCheck =
  | { ok: true; format: FileImportFormat; total: number; ignoredColumns: string[] }
  | { ok: false; error: string };

/** One batch of validated rows: listings to write, the French reasons of invalid rows, and the values left out of valid ones. */
export type FileBatch = { listings: ListingInput[]; invalid: string[]; warnings: string[] };

export type FileParseReply =
  | { type: "ready" }
  | { type: "opened"; id: number; check: FileCheck }
  | { type: "batch"; id: number; batch: FileBatch | null }
  | { type: "error"; id: number; message: string };
