import { importJobs } from "#db/schema";
import type { ListingInput } from "../listings/listing-input";

/** The table of import jobs, as the job engine's status writer addresses it. */
export const IMPORT_JOB_TABLE = { name: "import", table: importJobs } as const;

export type ImportJob = typeof importJobs.$inferSelect;

/**
 * One page (or batch) an import source yields: valid listings and the French reasons of the rest
 * (each counted as skipped). `notes` are kept with the errors without being counted (e.g. "result
 * limit reached"); `warnings` name values left out of imported listings (the job's summary shows
 * them apart, issue 24 item 8).
 */
export type ImportPage = { listings: ListingInput[]; invalid: string[]; totalPages?: number; notes?: string[]; warnings?: string[] };

/** What a job imports from: MoteurImmo, the demo feed, a file, an API connection. */
export type ImportSource = {
  pages(signal: AbortSignal): AsyncIterable<ImportPage>;
  /**
   * Runs after the last page was written, while the job is still open (MoteurImmo reads its
   * withdrawn ads); skipped when the job was stopped.
   */
  afterPages?(job: ImportJob, signal: AbortSignal): Promise<void>;
  /** Called after the last page (e.g. a connection records its sync). */
  onCompleted?(totals: ImportTotals): void;
  /** Called when the job fails (e.g. a connection goes to status 'error'). */
  onFailed?(message: string): void;
  /** Called after each page is committed, with the job row as written (the CLI prints it). */
  onPageWritten?(job: ImportJob): void;
};

export type ImportTotals = {
  imported: number;
  updated: number;
  skipped: number;
  totalProcessed: number;
  /** Validated listings whose price or description changed: re-scored before the job ends. */
  rescore?: number[];
};
