import { getSqlite } from "~/utils/db.server";
import { JobBusyError } from "../jobs/engine.server";
import { appendJobErrors } from "../jobs/status-writer.server";
import { createModerationJob, runModerationJob } from "../moderation/jobs.server";
import { IMPORT_JOB_TABLE, type ImportJob } from "./import-source.server";

export const RESCORE_BUSY_NOTE =
  "Annonces validées modifiées non réanalysées : une modération était déjà en cours ; elles restent actives.";

/**
 * Issue 25 section 4: a validated listing whose price or description an import changed stays
 * active and is re-scored before the import ends (the engine's verdict: kept active, or
 * suspicious when it flags it). Each re-check is kept in its moderation history.
 */
export async function rescoreChangedListings(job: ImportJob, ids: number[], signal: AbortSignal): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  let moderation;
  try {
    moderation = createModerationJob(job.userId, { mode: "ids", ids: unique, auto: true, rescore: true });
  } catch (error) {
    if (!(error instanceof JobBusyError)) throw error;
    appendJobErrors(IMPORT_JOB_TABLE, job.id, [RESCORE_BUSY_NOTE]);
    return;
  }
  await runModerationJob(moderation, {}, signal);
  recordRechecks(job, unique);
}

function recordRechecks(job: ImportJob, ids: number[]) {
  const sqlite = getSqlite();
  const insert = sqlite.prepare(
    `insert into listing_rechecks (listing_id, user_id, import_job_id, status, confidence, reason, checked_at)
     select id, created_by, @job, status, ai_confidence, ai_flag_reason, ai_checked_at
       from properties where id = @id and created_by = @user and ai_checked_at is not null`,
  );
  sqlite.transaction(() => {
    for (const id of ids) insert.run({ id, user: job.userId, job: job.id });
  })();
}
