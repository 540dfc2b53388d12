import { eq } from "drizzle-orm";
import { accountDeletionJobs, users } from "#db/schema";
import { ACCOUNT_MSG } from "~/messages";
import { formatNumber } from "~/utils/format";
import { getDb } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { countOwnListings, DELETE_CHUNK, deleteOwnListingsChunk } from "../imports/delete-listings.server";
import { createJob } from "../jobs/engine.server";
import type { JobKind } from "../jobs/job-kind";
import { buildJobView } from "../jobs/job-view";
import { yieldToEventLoop } from "../jobs/queue.server";
import { writeProgress } from "../jobs/status-writer.server";
import type { AccountDeletionJobView } from "./account-deletion-view";
import { isLastAdmin } from "./last-admin.server";

export type AccountDeletionJob = typeof accountDeletionJobs.$inferSelect;

const deletedMessage = (listings: number) => `${ACCOUNT_MSG.accountDeleted} ${formatNumber(listings)} annonce${listings > 1 ? "s" : ""} effacée${listings > 1 ? "s" : ""}.`;

/**
 * « Supprimer mon compte » as a job (issue 30: about 40 s for 100 000 listings, too long for a
 * request). The listings go first, DELETE_CHUNK per transaction (each one also updates the
 * search index, the export copy and its change feed) with a yield between chunks, counted on the
 * job row; then the user row, whose foreign keys take the rest in one statement: connections,
 * keys, requests, other jobs, sessions (the one that started it too), reset links, profile,
 * password, roles; export API usage logs stay, anonymised (docs/decisions/018-account.md). The
 * job row has no foreign key to the user and outlives it, with counts only.
 *
 * If the server stops halfway, the account is still there with fewer listings and can be
 * deleted again. Not stoppable from the screen: it was confirmed by the password.
 */
export const accountDeletionJobKind: JobKind<typeof accountDeletionJobs, void> = {
  name: "account-deletion",
  table: accountDeletionJobs,
  busyMessage: ACCOUNT_MSG.deletionBusy,
  stopMessage: (job) => `Suppression du compte interrompue : ${formatNumber(job.deletedListings)} annonces effacées, le compte existe encore.`,
  writesInBulk: true,
  view: (row): AccountDeletionJobView =>
    buildJobView(
      "account-deletion",
      row,
      { done: row.deletedListings, total: Math.max(row.listings, row.deletedListings) },
      { listings: row.listings, deletedListings: row.deletedListings },
      (view) => (view.status === "completed" ? { type: "success", message: view.message ?? ACCOUNT_MSG.accountDeleted } : null),
    ),
  open(job, { signal }) {
    let deleted = 0;
    return {
      async run() {
        writeProgress(accountDeletionJobKind, job.id, { set: { listings: countOwnListings(job.userId) } });
        for (;;) {
          if (signal.aborted) return "";
          const changes = getDb().transaction(() => {
            const n = deleteOwnListingsChunk(job.userId);
            writeProgress(accountDeletionJobKind, job.id, { add: { deleted_listings: n } });
            return n;
          });
          deleted += changes;
          if (changes < DELETE_CHUNK) break;
          await yieldToEventLoop();
        }
        const db = getDb();
        db.transaction(
          () => {
            // Checked again under the write lock: two administrators deleting themselves at once.
            if (isLastAdmin(job.userId)) throw new Error(ACCOUNT_MSG.lastAdmin);
            // Listings added since the last chunk go with the user row (foreign key cascade).
            db.delete(users).where(eq(users.id, job.userId)).run();
          },
          { behavior: "immediate" },
        );
        logEvent("account.deleted", { userId: job.userId, listings: deleted });
        return deletedMessage(deleted);
      },
      failure: (error) => ({ message: error.message === ACCOUNT_MSG.lastAdmin ? error.message : `Erreur lors de la suppression du compte : ${error.message}`, errors: [] }),
      stopped: () => `Suppression du compte interrompue : ${formatNumber(deleted)} annonces effacées, le compte existe encore.`,
    };
  },
};

export function createAccountDeletionJob(userId: string): AccountDeletionJob {
  return createJob(accountDeletionJobKind, userId, (lease) => getDb().insert(accountDeletionJobs).values({ userId, ...lease }).returning().get());
}
