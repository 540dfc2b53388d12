/**
 * What changed on a listing since it was imported (issue 14): the /properties "Suivi" filter,
 * its badges and the days on market. Plain module: the filters card and the cards use it too.
 */

/** '' is the default list: every listing that is not withdrawn. */
export const CHANGES_FILTERS = ["", "price_drop", "withdrawn"] as const;
export type ChangesFilter = (typeof CHANGES_FILTERS)[number];

export const CHANGES_LABELS: Record<ChangesFilter, string> = {
  "": "Annonces en ligne",
  price_drop: "Baisse de prix",
  withdrawn: "Retirées",
};

export const WITHDRAWN_BADGE = "Retirée";
export const PRICE_DROP_BADGE = "Baisse de prix";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days between the first import and today, or the withdrawal for a withdrawn listing
 * (it is no longer on the market). Vigimmo's first sight stands for the publication date, which
 * the partner's pages do not always give.
 */
export function daysOnMarket(importedAt: Date | number, withdrawnAt: Date | number | null, now: Date | number = Date.now()): number {
  const end = withdrawnAt === null ? Number(now) : Number(withdrawnAt);
  return Math.max(0, Math.floor((end - Number(importedAt)) / DAY_MS));
}

/** A withdrawn listing says how long it stayed online. */
export function daysOnMarketLabel(days: number, withdrawn = false): string {
  const span = days <= 1 ? `${days} jour` : `${days} jours`;
  if (withdrawn) return `Restée en ligne ${span}`;
  return days === 0 ? "En ligne depuis aujourd'hui" : `En ligne depuis ${span}`;
}
