import type Database from "better-sqlite3";
import { getSqlite } from "~/utils/db.server";
import { jobStatus, writeProgress } from "../jobs/status-writer.server";
import type { BatchKey } from "./analysed-batches.server";
import { MODERATION_JOB_TABLE } from "./moderation-job-table.server";
import type { ModerationVerdict } from "./types";

/** A group's outcome, or null when the job was stopped before it could be written. */
export type BatchOutcome = { batches: number; written: number; flagged: number; skipped: number } | null;

type Statements = {
  write: Database.Statement<Record<string, unknown>, unknown>;
};

const cache = new WeakMap<Database.Database, Statements>();

function statements(sqlite: Database.Database): Statements {
  let prepared = cache.get(sqlite);
  if (prepared) return prepared;
  prepared = {
    // Only a listing still as it was read is decided: one the user validated, blacklisted or
    // re-imported with new content meanwhile keeps the newer decision.
    write: sqlite.prepare(
      `update properties
          set status = @status, ai_flag_reason = @reason, ai_confidence = @confidence, ai_checked_at = @now,
              ai_engine_version = @engineVersion
        where id = @id and created_by = @userId and status = @expected and updated_at = @updatedAt`,
    ),
  };
  cache.set(sqlite, prepared);
  return prepared;
}

/** What the card shows: the evidence, then what speaks for the listing, so both sides are weighed. */
export function flagReason(evidence: string, favourable: string[]): string {
  return favourable.length > 0 ? `${evidence} · En faveur de l'annonce : ${favourable.slice(0, 2).join(" ; ")}` : evidence;
}

/** The stored confidence: inside the schema's 0..1 check, three decimals are plenty for a badge. */
export function storedConfidence(confidence: number): number {
  if (!Number.isFinite(confidence)) return 0;
  return Math.round(Math.min(1, Math.max(0, confidence)) * 1000) / 1000;
}

/**
 * Writes the verdicts of one or more whole batches and the job's counters in ONE transaction
 * (DECISIONS.md 1): flagged → suspicious with its reason and confidence, otherwise active with its
 * (low) confidence. Nothing is written once the job has been stopped.
 */
export function writeBatches(
  jobId: string,
  userId: string,
  rows: BatchKey[],
  verdicts: ModerationVerdict[],
  batches: number,
  formatReason: (reasons: string[]) => string,
): BatchOutcome {
  const sqlite = getSqlite();
  const st = statements(sqlite);
  // Rowid order: the updates walk the table and its indexes in order instead of hopping around.
  const order = rows.map((_, index) => index).sort((a, b) => rows[a]!.id - rows[b]!.id);
  const run = sqlite.transaction((): BatchOutcome => {
    if (jobStatus(MODERATION_JOB_TABLE, jobId) !== "processing") return null;
    const now = Date.now();
    let written = 0;
    let flagged = 0;
    for (const index of order) {
      const row = rows[index]!;
      const verdict = verdicts[index]!;
      const result = st.write.run({
        id: row.id,
        userId,
        expected: row.status,
        updatedAt: row.updated_at,
        status: verdict.flagged ? "suspicious" : "active",
        reason: verdict.flagged ? flagReason(formatReason(verdict.reasons), verdict.favourable) : null,
        confidence: storedConfidence(verdict.confidence),
        engineVersion: verdict.engineVersion,
        now,
      }) as Database.RunResult;
      if (result.changes === 0) continue;
      written += 1;
      if (verdict.flagged) flagged += 1;
    }
    writeProgress(MODERATION_JOB_TABLE, jobId, { add: { batches, moderated: written, flagged }, take: { remaining: rows.length } });
    return { batches, written, flagged, skipped: rows.length - written };
  });
  // Immediate: the status check and the writes must see the same state (a CLI may stop the job).
  return run.immediate();
}
