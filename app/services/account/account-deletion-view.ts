import type { JobView } from "../jobs/job-view";

/** How /compte follows the deletion of the account (client-safe: the job kind is server-only). */
export type AccountDeletionJobView = JobView & { kind: "account-deletion"; listings: number; deletedListings: number };
