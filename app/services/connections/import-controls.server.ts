import type { SessionUser } from "../users/users.server";
import { latestJob } from "../jobs/engine.server";
import { isOpenJob } from "../jobs/job-view";
import { toImportJobView } from "../imports/import-job-view";
import { importJobKind } from "../imports/import-jobs.server";
import { listSyncableConnections } from "./connections.server";

/**
 * Loader data of the /properties import controls: the user's syncable import connections, the
 * admin flag (link to /moteurimmo-sync) and a file import or sync still running, so a reload
 * keeps following it. A MoteurImmo import is followed on its own page.
 */
export function loadImportControls(user: Pick<SessionUser, "id" | "isAdmin">) {
  const latest = latestJob(importJobKind, user.id);
  const runningJob =
    latest && isOpenJob(latest) && (latest.source === "fichier" || latest.source === "connexion")
      ? toImportJobView(latest)
      : null;
  return { connections: listSyncableConnections(user.id), isAdmin: user.isAdmin, runningJob };
}
