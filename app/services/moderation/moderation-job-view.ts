import { baseJobView, type JobToast, type JobView } from "../jobs/job-view";

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

type JobRow = Parameters<typeof baseJobView>[1] &
  Pick<ModerationJobView, "mode" | "total" | "moderated" | "flagged" | "remaining" | "batches"> & { params: { auto?: boolean } | null };

export function toModerationJobView(row: JobRow): ModerationJobView {
  const base = baseJobView("moderation", row, { done: row.moderated, total: row.total }, null);
  const view: ModerationJobView = {
    ...base,
    kind: "moderation",
    mode: row.mode,
    auto: row.params?.auto ?? false,
    total: row.total,
    moderated: row.moderated,
    flagged: row.flagged,
    remaining: row.remaining,
    batches: row.batches,
  };
  view.endToast = moderationEndToast(view);
  return view;
}

/** The toast of a finished run (SPEC.md section 8), from the message the job stored. */
function moderationEndToast(job: Pick<ModerationJobView, "status" | "message" | "moderated">): JobToast | null {
  if (!job.message) return null;
  if (job.status === "failed") return { type: "error", message: job.message };
  if (job.status === "cancelled") return { type: "warning", message: job.message };
  if (job.message.startsWith("⚠️")) return { type: "warning", message: job.message };
  return { type: job.moderated > 0 ? "success" : "info", message: job.message };
}
