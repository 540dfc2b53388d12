import { buildJobView, type JobView } from "../jobs/job-view";
import type { Toast } from "~/utils/toast";

/** What /admin shows of a compliance re-check (the polling answer of its job). Client-safe module. */
export type ComplianceJobView = JobView & { kind: "compliance"; total: number; checked: number; changed: number; asOf: string };

type JobRow = Parameters<typeof buildJobView>[1] & { total: number; checked: number; changed: number; asOf: string };

export function toComplianceJobView(row: JobRow): ComplianceJobView {
  const { total, checked, changed, asOf } = row;
  return buildJobView("compliance", row, { done: checked, total }, { total, checked, changed, asOf }, complianceEndToast);
}

function complianceEndToast(job: Pick<ComplianceJobView, "status" | "message">): Toast | null {
  if (!job.message) return null;
  if (job.status === "failed") return { type: "error", message: job.message };
  if (job.status === "cancelled") return { type: "warning", message: job.message };
  return { type: "success", message: job.message };
}
