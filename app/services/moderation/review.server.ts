import type Database from "better-sqlite3";
import type { ListingStatus } from "#db/schema";
import { getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { recordHistory } from "./decision-history.server";
import { recordDecisions, recordRevisedLabel } from "./learning.server";
import type { ReviewFilter } from "./moderation-texts";

/**
 * The /moderation review queue: the signed-in user's suspicious listings, searched and filtered,
 * and the human decisions on them (SPEC.md sections 2 and 4). Every query is scoped to the user.
 */

export type SuspiciousFilter = ReviewFilter;
export type SuspiciousQuery = { q: string; filter: SuspiciousFilter };
export type Decision = "active" | "rejected";
/** Statuses a human decision may leave: a decided listing keeps its decision. */
export type ReviewableStatus = "suspicious" | "pending";

export type SuspiciousCard = {
  id: number;
  title: string;
  city: string | null;
  propertyType: string | null;
  transactionType: "sale" | "rental";
  surfaceArea: number | null;
  price: number | null;
  image: string | null;
  confidence: number | null;
  reason: string | null;
};

/** Case- and accent-insensitive form of a text ('Orléans' and 'orleans' match). */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

// SQLite's LIKE only folds ASCII case: the search compares folded texts through this function.
const FOLD = "vigimmo_fold";
const withFold = new WeakSet<Database.Database>();

function sqlite(): Database.Database {
  const connection = getSqlite();
  if (!withFold.has(connection)) {
    connection.function(FOLD, { deterministic: true }, (value: unknown) =>
      typeof value === "string" ? foldText(value) : null,
    );
    withFold.add(connection);
  }
  return connection;
}

const MAX_WORDS = 8;

function likePattern(word: string) {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Where clause of the user's suspicious listings matching a search and filter. `byIds`: the
 * caller adds "id in (...)"; the unary plus then keeps SQLite looking the ids up by rowid
 * instead of scanning every suspicious listing of the user for each chunk.
 */
function matching(userId: string, query: SuspiciousQuery, byIds = false) {
  const plus = byIds ? "+" : "";
  const clauses = [`${plus}created_by = @userId`, `${plus}status = 'suspicious'`];
  const params: Record<string, unknown> = { userId };
  if (query.filter === "with") clauses.push(`${plus}ai_confidence is not null`);
  if (query.filter === "without") clauses.push(`${plus}ai_confidence is null`);
  // Every word must appear in the reason, the title or the city ('t2 lyon' finds a T2 in Lyon).
  const words = foldText(query.q).split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  words.forEach((word, index) => {
    clauses.push(
      `${FOLD}(coalesce(ai_flag_reason, '') || ' ' || title || ' ' || coalesce(city, '')) like @w${index} escape '\\'`,
    );
    params[`w${index}`] = likePattern(word);
  });
  return { where: clauses.join(" and "), params };
}

type CardRow = {
  id: number;
  title: string;
  city: string | null;
  property_type: string | null;
  transaction_type: "sale" | "rental";
  surface_area: number | null;
  price: number | null;
  image: string | null;
  ai_confidence: number | null;
  ai_flag_reason: string | null;
};

/** One page (the first `limit` rows) sorted by confidence, highest first, unanalysed last. */
export function listSuspicious(userId: string, query: SuspiciousQuery, limit: number) {
  const { where, params } = matching(userId, query);
  const db = sqlite();
  const rows = db
    .prepare(
      `select id, title, city, property_type, transaction_type, surface_area, price,
              json_extract(images, '$[0]') as image, ai_confidence, ai_flag_reason
         from properties where ${where}
        order by ai_confidence is null, ai_confidence desc, created_at desc, id desc
        limit @limit`,
    )
    .all({ ...params, limit }) as CardRow[];
  const total = (db.prepare(`select count(*) as n from properties where ${where}`).get(params) as { n: number }).n;
  const listings: SuspiciousCard[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    city: row.city,
    propertyType: row.property_type,
    transactionType: row.transaction_type,
    surfaceArea: row.surface_area,
    price: row.price,
    image: typeof row.image === "string" ? row.image : null,
    confidence: row.ai_confidence,
    reason: row.ai_flag_reason,
  }));
  return { listings, total };
}

/** Figures of the screen: all suspicious listings, and those still without an AI note. */
export function suspiciousCounts(userId: string) {
  const row = getSqlite()
    .prepare(
      `select count(*) as suspicious, coalesce(sum(ai_confidence is null), 0) as without_confidence
         from properties where created_by = ? and status = 'suspicious'`,
    )
    .get(userId) as { suspicious: number; without_confidence: number };
  return { suspicious: row.suspicious, withoutConfidence: row.without_confidence };
}

/**
 * Who may decide on a listing: its owner, or an administrator (SPEC.md section 1: administrators
 * additionally moderate listings). The check lives in the UPDATE itself, not in the screen.
 */
export type Reviewer = { id: string; isAdmin: boolean };

/**
 * Valider / Blacklister one listing, while its status is one of `reviewable`: /moderation decides
 * suspicious listings only; a listing's page also decides pending ones (issue 17).
 */
export function decideListing(
  reviewer: Reviewer,
  id: number,
  decision: Decision,
  reviewable: readonly ReviewableStatus[] = ["suspicious"],
): "ok" | "not-found" | "already-decided" {
  const db = getSqlite();
  const statuses = reviewable.map((status) => `'${status}'`).join(", ");
  const decide = db.transaction(() => {
    recordDecisions(db, reviewer.id, [id], decision, reviewer.isAdmin);
    recordHistory(db, [id], { userId: reviewer.id, isAdmin: reviewer.isAdmin, to: decision, kind: "decision", from: reviewable });
    return db
      .prepare(
        `update properties set status = @decision
          where id = @id and (created_by = @userId or @isAdmin) and status in (${statuses})`,
      )
      .run({ decision, id, userId: reviewer.id, isAdmin: reviewer.isAdmin ? 1 : 0 });
  });
  const result = decide.immediate();
  if (result.changes > 0) {
    logEvent("moderation.decided", { userId: reviewer.id, id, decision });
    return "ok";
  }
  const existing = db
    .prepare(`select status from properties where id = @id and (created_by = @userId or @isAdmin)`)
    .get({ id, userId: reviewer.id, isAdmin: reviewer.isAdmin ? 1 : 0 });
  return existing ? "already-decided" : "not-found";
}

const ID_CHUNK = 500;

/**
 * Tout valider / Tout blacklister: the displayed listings (ids sent by the page) that are still
 * the user's suspicious listings matching the same search and filter. Ids outside that set
 * (another user's, already decided, no longer matching) are ignored.
 */
export function decideDisplayed(userId: string, query: SuspiciousQuery, ids: number[], decision: Decision): number {
  const { where, params } = matching(userId, query, true);
  const db = sqlite();
  const unique = [...new Set(ids)];
  const run = db.transaction(() => {
    let changed = 0;
    for (let start = 0; start < unique.length; start += ID_CHUNK) {
      const chunk = unique.slice(start, start + ID_CHUNK);
      const placeholders = chunk.map((_, index) => `@id${index}`).join(", ");
      const idParams = Object.fromEntries(chunk.map((id, index) => [`id${index}`, id]));
      const matched = db
        .prepare<Record<string, unknown>, { id: number }>(`select id from properties where ${where} and id in (${placeholders})`)
        .all({ ...params, ...idParams })
        .map((row) => row.id);
      recordDecisions(db, userId, matched, decision);
      recordHistory(db, matched, { userId, isAdmin: false, to: decision, kind: "decision", from: ["suspicious"] });
      changed += db
        .prepare(`update properties set status = @decision where ${where} and id in (${placeholders})`)
        .run({ ...params, ...idParams, decision }).changes;
    }
    return changed;
  });
  const changed = run.immediate();
  logEvent("moderation.bulk_decided", { userId, decision, listings: changed });
  return changed;
}

/**
 * A decision taken back after the fact, from the listing's page (issue 24 item 5, issue 25 §4):
 * - `report`: "Signaler comme arnaque" — a validated listing (any listing not yet blacklisted,
 *   for an administrator) becomes blacklisted, with the agent's reason;
 * - `restore`: a blacklisted listing becomes active again (the blacklisting was a mistake).
 * The export follows at once (its triggers drop or rebuild the document in the same
 * transaction), the history keeps both decisions, and the new one is the listing's label.
 */
export type Revision = { kind: "report"; reason: string } | { kind: "restore"; reason: string | null };

export function revisableFrom(revision: Revision["kind"], isAdmin: boolean): readonly ListingStatus[] {
  if (revision === "restore") return ["rejected"];
  return isAdmin ? ["active", "suspicious", "pending"] : ["active"];
}

export function reviseDecision(reviewer: Reviewer, id: number, revision: Revision): "ok" | "not-found" | "not-revisable" {
  const db = getSqlite();
  const to = revision.kind === "report" ? "rejected" : "active";
  const from = revisableFrom(revision.kind, reviewer.isAdmin);
  const statuses = from.map((status) => `'${status}'`).join(", ");
  const params = { id, userId: reviewer.id, isAdmin: reviewer.isAdmin ? 1 : 0, to };
  const revise = db.transaction(() => {
    recordRevisedLabel(db, reviewer, id, to, from);
    recordHistory(db, [id], { userId: reviewer.id, isAdmin: reviewer.isAdmin, to, kind: revision.kind === "report" ? "report" : "correction", reason: revision.reason, from });
    return db
      .prepare(`update properties set status = @to where id = @id and (created_by = @userId or @isAdmin) and status in (${statuses})`)
      .run(params).changes;
  });
  if (revise.immediate() > 0) {
    logEvent("moderation.revised", { userId: reviewer.id, id, kind: revision.kind, to });
    return "ok";
  }
  const existing = db.prepare(`select 1 from properties where id = @id and (created_by = @userId or @isAdmin)`).get(params);
  return existing ? "not-revisable" : "not-found";
}
