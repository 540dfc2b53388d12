import type { JobStatus } from "#db/schema";
import { buildJobView, type JobView } from "../jobs/job-view";
import type { Toast } from "~/utils/toast";

/** French texts of import jobs (SPEC.md sections 4 and 8). */
export const IMPORT_TEXT = {
  busy: "Un import est déjà en cours pour votre compte. Attendez sa fin ou arrêtez-le.",
  stopped: "Import arrêté",
} as const;

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
  totalProcessed: number;
};

type JobRow = Omit<ImportJobView, "kind" | "createdAt" | "finishedAt" | "status" | "progress" | "endToast"> & {
  status: string;
  createdAt: Date;
  finishedAt: Date | null;
};

export function toImportJobView(row: JobRow): ImportJobView {
  const { source, currentPage, totalPages, imported, updated, skipped, totalProcessed } = row;
  const fields = { source, currentPage, totalPages, imported, updated, skipped, totalProcessed };
  return buildJobView("import", row, { done: currentPage, total: totalPages }, fields, importEndToast);
}

/** Status labels of SPEC.md section 4. */
export const IMPORT_STATUS_LABELS: Record<JobStatus, string> = {
  pending: "Démarrage...",
  processing: "Import en cours...",
  completed: "Import terminé",
  failed: "Import échoué",
  cancelled: "Import arrêté",
};

function listings(count: number, verb: string) {
  return `${count} annonce${count > 1 ? "s" : ""} ${verb}${count > 1 ? "s" : ""}`;
}

/** The end toast of SPEC.md section 4, or null while the job is still open. */
function importEndToast(job: Pick<ImportJobView, "status" | "imported" | "message">): Toast | null {
  switch (job.status) {
    case "completed":
      return job.imported > 0
        ? { type: "success", message: listings(job.imported, "importée") }
        : { type: "info", message: "Aucune nouvelle annonce à importer" };
    case "failed":
      return { type: "error", message: job.message ? `Erreur lors de l'import: ${job.message}` : "Erreur lors de l'import" };
    case "cancelled":
      return { type: "warning", message: `${IMPORT_TEXT.stopped} : ${listings(job.imported, "importée")}` };
    default:
      return null;
  }
}

/** SPEC.md section 8: the results list up to 5 error lines, then '… et N autres erreurs'. */
export const SHOWN_ERROR_LINES = 5;
export function summariseErrors(errors: string[]): { lines: string[]; more: string | null } {
  const lines = errors.slice(0, SHOWN_ERROR_LINES);
  const rest = errors.length - lines.length;
  return { lines, more: rest > 0 ? `… et ${rest} autres erreurs` : null };
}
