import { buildJobView, type JobView } from "../jobs/job-view";
import type { Toast } from "~/utils/toast";

/** What the panel shows of a moderation run (the polling answer of its job). Client-safe module. */
export type ModerationJobView = JobView & {
  kind: "moderation";
  mode: "pending" | "ids" | "reanalyze";
  auto: boolean;
  total: number;
  moderated: number;
  flagged: number;
  remaining: number;
  batches: number;
};

type JobRow = Parameters<typeof buildJobView>[1] &
  Pick<ModerationJobView, "mode" | "total" | "moderated" | "flagged" | "remaining" | "batches"> & { params: { auto?: boolean } | null };

export function toModerationJobView(row: JobRow): ModerationJobView {
  const { mode, total, moderated, flagged, remaining, batches } = row;
  const fields = { mode, auto: row.params?.auto ?? false, total, moderated, flagged, remaining, batches };
  return buildJobView("moderation", row, { done: moderated, total }, fields, moderationEndToast);
}

/** The toast of a finished run (SPEC.md section 8), from the message the job stored. */
function moderationEndToast(job: Pick<ModerationJobView, "status" | "message" | "moderated">): Toast | null {
  if (!job.message) return null;
  if (job.status === "failed") return { type: "error", message: job.message };
  if (job.status === "cancelled") return { type: "warning", message: job.message };
  if (job.message.startsWith("⚠️")) return { type: "warning", message: job.message };
  return { type: job.moderated > 0 ? "success" : "info", message: job.message };
}

/** What the moderation panel's actions answer (app/routes/resources.moderation.ts), read by its fetcher. */
export type PanelActionData = {
  ok: boolean;
  intent?: string;
  toast?: Toast;
  job?: ModerationJobView;
  duplicates?: number;
};
