import type { JobStatus } from "#db/schema";
import { buildJobView, type JobView } from "../jobs/job-view";
import type { Toast } from "~/utils/toast";

/** French texts of import jobs (SPEC.md sections 4 and 8). */
export const IMPORT_TEXT = {
  busy: "Un import est déjà en cours pour votre compte. Attendez sa fin ou arrêtez-le.",
  stopped: "Import arrêté",
} as const;
import { formatCount, formatNumber } from "~/utils/format";
import { FIELD_BY_COLUMN } from "../listings/listing-fields";

/**
 * What the screens know of an import job: the polling route answers it, the progress component
 * renders it. Client-safe module.
 */
export type ImportJobView = JobView & {
  kind: "import";
  source: string;
  currentPage: number;
  totalPages: number;
  imported: number;
  updated: number;
  skipped: number;
  /** Known listings the partner withdrew, and known listings whose price went down (issue 14). */
  withdrawn: number;
  priceDrops: number;
  totalProcessed: number;
  /** Fields the run changed in known listings, most changed first (issue 24 item 2). */
  changedFields: ChangedField[];
  /** Values left out of imported listings (issue 24 item 8). */
  warnings: string[];
};

export type ChangedField = { field: string; label: string; count: number };

type JobRow = Omit<ImportJobView, "kind" | "createdAt" | "finishedAt" | "status" | "progress" | "endToast" | "changedFields"> & {
  changedFields?: Record<string, number> | null;
  status: string;
  createdAt: Date;
  finishedAt: Date | null;
};

export function toImportJobView(row: JobRow): ImportJobView {
  const { source, currentPage, totalPages, imported, updated, skipped, withdrawn, priceDrops, totalProcessed, warnings } = row;
  const changedFields = changedFieldList(row.changedFields ?? {});
  const fields = { source, currentPage, totalPages, imported, updated, skipped, withdrawn, priceDrops, totalProcessed, changedFields, warnings };
  return buildJobView("import", row, { done: currentPage, total: totalPages }, fields, importEndToast);
}

function changedFieldList(tally: Record<string, number>): ChangedField[] {
  return Object.entries(tally)
    .map(([column, count]) => ({ field: column, label: FIELD_BY_COLUMN.get(column)?.label ?? column, count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, "fr"));
}

/** 'Champs modifiés : prix (12), titre (3)', or null when the run changed nothing. */
export function changedFieldsSummary(fields: ChangedField[]): string | null {
  if (fields.length === 0) return null;
  return `Champs modifiés : ${fields.map((f) => `${f.label} (${formatNumber(f.count)})`).join(", ")}`;
}

/** Status labels of SPEC.md section 4. */
export const IMPORT_STATUS_LABELS: Record<JobStatus, string> = {
  pending: "Démarrage...",
  processing: "Import en cours...",
  completed: "Import terminé",
  failed: "Import échoué",
  cancelled: "Import arrêté",
};

/** '1 annonce importée', '2 400 annonces importées': the same agreement and grouping as the cards. */
export function importedListings(count: number) {
  return formatCount(count, "annonce importée", "annonces importées");
}

/** SPEC.md section 8: a connection's failure is a 'synchronisation', MoteurImmo's and a file's an 'import'. */
function failureMessage(job: Pick<ImportJobView, "source" | "message">) {
  const prefix = job.source === "connexion" ? "Erreur lors de la synchronisation" : "Erreur lors de l'import";
  return job.message ? `${prefix}: ${job.message}` : prefix;
}

/** The end toast of SPEC.md section 4, or null while the job is still open. */
function importEndToast(job: Pick<ImportJobView, "status" | "imported" | "message" | "source">): Toast | null {
  switch (job.status) {
    case "completed":
      return job.imported > 0
        ? { type: "success", message: importedListings(job.imported) }
        : { type: "info", message: "Aucune nouvelle annonce à importer" };
    case "failed":
      return { type: "error", message: failureMessage(job) };
    case "cancelled":
      return { type: "warning", message: `${IMPORT_TEXT.stopped} : ${importedListings(job.imported)}` };
    default:
      return null;
  }
}

/** SPEC.md section 8: the results list up to 5 error lines, then '… et N autres erreurs'. */
export const SHOWN_ERROR_LINES = 5;
export function summariseErrors(errors: string[], others = "autres erreurs"): { lines: string[]; more: string | null } {
  const lines = errors.slice(0, SHOWN_ERROR_LINES);
  const rest = errors.length - lines.length;
  return { lines, more: rest > 0 ? `… et ${formatNumber(rest)} ${others}` : null };
}
