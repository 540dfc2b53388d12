import type { JobStatus } from "#db/schema";
import { formatCount, formatNumber } from "~/utils/format";

/**
 * What the screens know of an import job: the polling route answers it, the progress component
 * renders it. Plain data (no Date objects) so it crosses JSON unchanged. Client-safe module.
 */
export type ImportJobView = {
  id: string;
  source: string;
  status: JobStatus;
  currentPage: number;
  totalPages: number;
  imported: number;
  updated: number;
  skipped: number;
  totalProcessed: number;
  errors: string[];
  message: string | null;
  createdAt: string;
  finishedAt: string | null;
};

type JobRow = Omit<ImportJobView, "createdAt" | "finishedAt" | "status"> & {
  status: string;
  createdAt: Date;
  finishedAt: Date | null;
};

export function toImportJobView(row: JobRow): ImportJobView {
  return {
    id: row.id,
    source: row.source,
    status: row.status as JobStatus,
    currentPage: row.currentPage,
    totalPages: row.totalPages,
    imported: row.imported,
    updated: row.updated,
    skipped: row.skipped,
    totalProcessed: row.totalProcessed,
    errors: row.errors,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export function isOpenJob(job: Pick<ImportJobView, "status">): boolean {
  return job.status === "pending" || job.status === "processing";
}

/** Status labels of SPEC.md section 4. */
export const IMPORT_STATUS_LABELS: Record<JobStatus, string> = {
  pending: "Démarrage...",
  processing: "Import en cours...",
  completed: "Import terminé",
  failed: "Import échoué",
  cancelled: "Import arrêté",
};

export type ImportToast = { type: "success" | "error" | "info" | "warning"; message: string };

/** '1 annonce importée', '2 400 annonces importées': the same agreement and grouping as the cards. */
export function importedListings(count: number) {
  return formatCount(count, "annonce importée", "annonces importées");
}

/** SPEC.md section 8: a connection's failure is a 'synchronisation', MoteurImmo's and a file's an 'import'. */
function failureMessage(job: ImportJobView) {
  const prefix = job.source === "connexion" ? "Erreur lors de la synchronisation" : "Erreur lors de l'import";
  return job.message ? `${prefix}: ${job.message}` : prefix;
}

/** The end toast of SPEC.md section 4, or null while the job is still open. */
export function importEndToast(job: ImportJobView): ImportToast | null {
  switch (job.status) {
    case "completed":
      return job.imported > 0
        ? { type: "success", message: importedListings(job.imported) }
        : { type: "info", message: "Aucune nouvelle annonce à importer" };
    case "failed":
      return { type: "error", message: failureMessage(job) };
    case "cancelled":
      return { type: "warning", message: `Import arrêté : ${importedListings(job.imported)}` };
    default:
      return null;
  }
}

/** SPEC.md section 8: the results list up to 5 error lines, then '… et N autres erreurs'. */
export const SHOWN_ERROR_LINES = 5;
export function summariseErrors(errors: string[]): { lines: string[]; more: string | null } {
  const lines = errors.slice(0, SHOWN_ERROR_LINES);
  const rest = errors.length - lines.length;
  return { lines, more: rest > 0 ? `… et ${formatNumber(rest)} autres erreurs` : null };
}
