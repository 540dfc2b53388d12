import { deleteUserSessions } from "~/utils/session.server";
import { enqueueJob, JobBusyError, latestJob, runJob } from "../jobs/engine.server";
import { isOpenJob } from "../jobs/job-view";
import { accountDeletionJobKind, createAccountDeletionJob, type AccountDeletionJob } from "./account-deletion-jobs.server";
import type { AccountDeletionJobView } from "./account-deletion-view";
import { isLastAdmin } from "./last-admin.server";
import { checkPassword } from "./profile.server";

export { isLastAdmin };

export type DeletionRefusal = "wrong-password" | "last-admin" | "busy";

/**
 * « Supprimer mon compte » (RGPD, right to erasure), confirmed by the password: every other
 * session is signed out at once (no other device may act on the account meanwhile), then the
 * deletion runs as a job (account-deletion-jobs.server.ts) that the page follows with the
 * session that asked for it, until the account, and that session with it, is gone.
 */
export async function startAccountDeletion(
  userId: string,
  password: string,
  keepSessionId: string,
): Promise<{ ok: false; refusal: DeletionRefusal } | { ok: true; job: AccountDeletionJobView }> {
  const refusal = await deletionRefusal(userId, password);
  if (refusal) return { ok: false, refusal };
  let job: AccountDeletionJob;
  try {
    job = createAccountDeletionJob(userId);
  } catch (error) {
    if (error instanceof JobBusyError) return { ok: false, refusal: "busy" };
    throw error;
  }
  deleteUserSessions(userId, keepSessionId);
  enqueueJob(accountDeletionJobKind, job, undefined);
  return { ok: true, job: accountDeletionJobKind.view(job) as AccountDeletionJobView };
}

/** The same deletion run to its end in this process (tests, benches): every session goes first. */
export async function deleteAccount(userId: string, password: string): Promise<DeletionRefusal | null> {
  const refusal = await deletionRefusal(userId, password);
  if (refusal) return refusal;
  deleteUserSessions(userId, null);
  const job = await runJob(accountDeletionJobKind, createAccountDeletionJob(userId), undefined);
  return job.status === "completed" ? null : "last-admin";
}

/** The account's deletion while it runs (a reload of /compte shows its progress again). */
export function openAccountDeletion(userId: string): AccountDeletionJobView | null {
  const job = latestJob(accountDeletionJobKind, userId);
  return job && isOpenJob(job) ? (accountDeletionJobKind.view(job) as AccountDeletionJobView) : null;
}

async function deletionRefusal(userId: string, password: string): Promise<DeletionRefusal | null> {
  if (!(await checkPassword(userId, password))) return "wrong-password";
  if (isLastAdmin(userId)) return "last-admin";
  return null;
}
