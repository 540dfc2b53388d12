/**
 * What the engine learns from the agents: every Valider / Blacklister on a listing the engine had
 * scored is kept as a label (with the engine version and confidence of the time), refits are
 * stored as engine versions, and the engine's measured quality is computed from those labels.
 */
import type Database from "better-sqlite3";
import { MODERATION_QUALITY } from "~/config";
import { engineModelSchema, SHIPPED_MODEL, type EngineModel } from "./model";
import type { EngineQuality } from "./quality";

/**
 * Keeps the decision about to be applied to these listings as labels. Call it in the same
 * transaction as the status update, before it: only listings still suspicious and scored count
 * (a listing flagged without a confidence was never scored by this engine). `userId` decides on
 * its own listings, or on anyone's when `isAdmin`.
 */
export function recordDecisions(
  db: Database.Database,
  userId: string,
  ids: number[],
  decision: "active" | "rejected",
  isAdmin = false,
): void {
  const insert = db.prepare(
    `insert into moderation_decisions (listing_id, user_id, decision, engine_version, confidence, flagged)
     select id, @userId, @decision, ai_engine_version, ai_confidence, 1
       from properties
      where id = @id and (created_by = @userId or @isAdmin) and status = 'suspicious' and ai_confidence is not null`,
  );
  for (const id of ids) insert.run({ id, userId, decision, isAdmin: isAdmin ? 1 : 0 });
}

/**
 * Keeps a decision taken after the engine's verdict was already decided on (a report after
 * validation, a blacklisting taken back) as a label of a scored listing: `flagged` is what the
 * engine said (a listing it passed and an agent reports is the miss the quality figures count).
 * Same transaction as the status update, before it, with the same status condition.
 */
export function recordRevisedLabel(
  db: Database.Database,
  reviewer: { id: string; isAdmin: boolean },
  id: number,
  decision: "active" | "rejected",
  from: readonly string[],
): void {
  const statuses = from.map((status) => `'${status}'`).join(", ");
  db.prepare(
    `insert into moderation_decisions (listing_id, user_id, decision, engine_version, confidence, flagged)
     select id, @userId, @decision, ai_engine_version, ai_confidence, ai_flag_reason is not null
       from properties
      where id = @id and (created_by = @userId or @isAdmin) and status in (${statuses}) and ai_confidence is not null`,
  ).run({ id, userId: reviewer.id, decision, isAdmin: reviewer.isAdmin ? 1 : 0 });
}

/** The model new runs score with: the latest stored refit, else the one shipped with the code. */
export function activeModel(db: Database.Database): EngineModel {
  const row = db
    .prepare<[], { model: string }>(
      `select model from moderation_models order by created_at desc, rowid desc limit 1`,
    )
    .get();
  if (!row) return SHIPPED_MODEL;
  const parsed = engineModelSchema.safeParse(JSON.parse(row.model));
  return parsed.success ? parsed.data : SHIPPED_MODEL;
}

export function storeModel(db: Database.Database, model: EngineModel): void {
  db.prepare(`insert into moderation_models (version, model) values (?, ?)`).run(
    model.version,
    JSON.stringify(model),
  );
}

/** Precision and recall of the engine against the agents' decisions of the last days. */
export function engineQuality(db: Database.Database, now: number): EngineQuality {
  const since = now - MODERATION_QUALITY.days * 24 * 60 * 60 * 1000;
  const row = db
    .prepare<
      [number],
      { decisions: number; tp: number | null; fp: number | null; fn: number | null }
    >(
      `select count(*) as decisions,
              sum(flagged and decision = 'rejected') as tp,
              sum(flagged and decision = 'active') as fp,
              sum(not flagged and decision = 'rejected') as fn
         from moderation_decisions d
        where decided_at >= ?
          -- A corrected decision counts once, as corrected.
          and id = (select max(id) from moderation_decisions l where l.listing_id = d.listing_id)`,
    )
    .get(since) as { decisions: number; tp: number | null; fp: number | null; fn: number | null };
  if (row.decisions < MODERATION_QUALITY.minDecisions)
    return { enough: false, decisions: row.decisions };
  const tp = row.tp ?? 0;
  const fp = row.fp ?? 0;
  const fn = row.fn ?? 0;
  return {
    enough: true,
    decisions: row.decisions,
    precision: tp + fp === 0 ? 0 : tp / (tp + fp),
    recall: tp + fn === 0 ? 0 : tp / (tp + fn),
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
  };
}
