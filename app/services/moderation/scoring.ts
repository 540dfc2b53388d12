/**
 * Evidence → calibrated confidence.
 *
 * Model: naive-Bayes-style logistic combination. Each piece of evidence is a log-likelihood ratio
 * ("how much more often does this appear in scams than in honest listings"); they add up on top
 * of the prior log-odds, and the logistic function turns the total into a probability.
 *
 * Two guards against double counting correlated clues:
 *  - inside one family only the strongest piece counts (a text saying "virement pour réserver"
 *    three times is one clue), except for the families listed in SUMMED_FAMILIES whose pieces are
 *    distinct clues (an e-mail *and* a foreign number *and* "je ne lis pas la messagerie"), which
 *    add up to a cap;
 *  - families themselves add up freely: price, language, reuse and coherence are independent
 *    ways a fake listing betrays itself, and their agreement is what makes a verdict robust.
 */
import { logistic } from "./stats";
import type { Evidence, EvidenceFamily } from "./types";

/**
 * Prior log-odds: about 1 listing in 20 is a scam on a general-audience classifieds site.
 * With this prior, one "enough on its own" clue (≈ +4.5) gives ≈ 0.8, one moderate clue
 * (≈ +2.5) ≈ 0.4, and two moderate clues ≈ 0.9.
 */
export const PRIOR_LOG_ODDS = -3.0;

/** Listings at or above this confidence are flagged for a human moderator. */
export const FLAG_THRESHOLD = 0.5;

/** Families whose distinct pieces add up, with their cap. */
const SUMMED_FAMILIES: Partial<Record<EvidenceFamily, number>> = {
  offPlatform: 4.5,
  translation: 2.7,
  pressure: 1.6,
};

export type Score = { confidence: number; flagged: boolean; reasons: string[] };

export function score(evidence: Evidence[]): Score {
  const byFamily = new Map<EvidenceFamily, number>();
  for (const item of evidence) {
    if (!(item.weight > 0)) continue;
    const previous = byFamily.get(item.family) ?? 0;
    const cap = SUMMED_FAMILIES[item.family];
    byFamily.set(
      item.family,
      cap === undefined ? Math.max(previous, item.weight) : Math.min(cap, previous + item.weight),
    );
  }
  let total = PRIOR_LOG_ODDS;
  for (const weight of byFamily.values()) total += weight;
  // Rounded so that the stored value is stable and readable; never exactly 0 or 1.
  const confidence = Math.min(0.999, Math.max(0.001, Math.round(logistic(total) * 1000) / 1000));

  const reasons: string[] = [];
  const ordered = evidence
    .map((item, order) => ({ item, order }))
    .filter(({ item }) => item.weight > 0)
    .sort((a, b) => b.item.weight - a.item.weight || a.order - b.order);
  for (const { item } of ordered) if (!reasons.includes(item.reason)) reasons.push(item.reason);

  return { confidence, flagged: confidence >= FLAG_THRESHOLD, reasons };
}
