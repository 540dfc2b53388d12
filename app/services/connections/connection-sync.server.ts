import { createImportJob, enqueueImportJob } from "../imports/import-jobs.server";
import type { ImportJob, ImportSource } from "../imports/import-source.server";
import { connectionFeedPages, type FeedTarget } from "./connection-feed.server";
import { CONNECTION_MESSAGES } from "./connection-form";
import { getSyncTarget, recordSyncFailure, recordSyncSuccess } from "./connections.server";

/** Why a sync cannot start; `status` is the HTTP status the action answers with. */
export class SyncRefusedError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 = 400,
  ) {
    super(message);
  }
}

export const SYNC_MESSAGES = {
  exportType: "Seules les connexions de type Import peuvent être synchronisées",
  inactive: "Activez la connexion avant de la synchroniser",
  unreadableKey: "La clé API de cette connexion est illisible : recréez la connexion",
} as const;

/**
 * The import source of a connection sync: the endpoint's pages; on success the connection counts
 * what was written (imported + updated) and is back to 'active'; on failure it shows 'Erreur'
 * with the reason. A cancelled sync changes neither (nothing is known to be wrong).
 */
export function connectionSyncSource(target: FeedTarget): ImportSource {
  return {
    pages: (signal) => connectionFeedPages(target, signal),
    onCompleted: (totals) => recordSyncSuccess(target.id, totals.imported + totals.updated),
    onFailed: (message) => recordSyncFailure(target.id, message),
  };
}

/**
 * Starts a sync of one of the user's import connections as an import job (source 'connexion').
 * Throws SyncRefusedError (not the user's, export type, inactive, unreadable key) or
 * JobBusyError (another import of this user is running).
 */
export function startConnectionSync(userId: string, connectionId: string): ImportJob {
  const target = getSyncTarget(userId, connectionId);
  if (!target) throw new SyncRefusedError(CONNECTION_MESSAGES.notFound, 404);
  if (target.apiType !== "import") throw new SyncRefusedError(SYNC_MESSAGES.exportType);
  if (target.status === "inactive") throw new SyncRefusedError(SYNC_MESSAGES.inactive);
  if (target.keyUnreadable) throw new SyncRefusedError(SYNC_MESSAGES.unreadableKey);
  const job = createImportJob(userId, {
    source: "connexion",
    connectionId: target.id,
    params: { connectionName: target.name },
  });
  const feed: FeedTarget = {
    id: target.id,
    endpoint: target.endpoint,
    apiKey: target.apiKey,
    config: target.config,
  };
  enqueueImportJob(job, () => connectionSyncSource(feed));
  return job;
}
