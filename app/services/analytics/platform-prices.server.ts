import { eq } from "drizzle-orm";
import { platformFigures } from "#db/schema";
import { CHART_TOP } from "~/config";
import { getDb, getSqlite } from "~/utils/db.server";
import { isPrimaryInstance } from "~/utils/litefs.server";
import { logEvent } from "~/utils/log.server";
import { yieldToEventLoop } from "../jobs/queue.server";
import { cityQuartiles } from "./city-quartiles";
import type { CityPrice } from "./types";

/**
 * /admin's price per m² quartiles of every account's active listings (issue 30). Sorting every
 * price of the platform took 245 ms to 0.7 s per request at 120 000 listings, so the figures are
 * kept in `platform_figures` by a periodic task (CHART_PRICES_REFRESH_MS, lifecycle.server.ts) and
 * /admin reads that row: they may be that old, and the chart says when they were computed.
 *
 * The pass reads each account's prices on the index the account charts already use
 * (properties_owner_city_price_m2_idx: no row is decoded and no platform-only index weighs on
 * the writes), one account and transaction at a time with a yield in between, so a platform of
 * 1 000 000 listings never holds the event loop for more than one account's read.
 */

export type PlatformPrices = { sale: CityPrice[]; rental: CityPrice[]; computedAt: Date };

const FIGURE = "city_prices";
const TRANSACTIONS = ["sale", "rental"] as const;

// Written as in properties_owner_city_price_m2_idx so that the read stays on the index.
const ACCOUNT_PRICES = `select city, (price / surface_area) from properties
  where created_by = @userId and status = 'active' and transaction_type = @transaction and city is not null and (price / surface_area) > 0`;

/** The steps of one pass: each yield is a point where the event loop may run. */
function* computeSteps(): Generator<void, Omit<PlatformPrices, "computedAt">> {
  const sqlite = getSqlite();
  const accounts = sqlite.prepare("select id from users").pluck().all() as string[];
  const read = sqlite.prepare(ACCOUNT_PRICES).raw();
  const result = { sale: [] as CityPrice[], rental: [] as CityPrice[] };
  for (const transaction of TRANSACTIONS) {
    const rows: Array<[string, number]> = [];
    for (const userId of accounts) {
      for (const row of read.all({ userId, transaction }) as Array<[string, number]>) rows.push(row);
      yield;
    }
    result[transaction] = cityQuartiles(rows, CHART_TOP.cities);
    yield;
  }
  return result;
}

function store(prices: Omit<PlatformPrices, "computedAt">, started: number): PlatformPrices {
  const computedAt = new Date();
  getDb()
    .insert(platformFigures)
    .values({ name: FIGURE, value: prices, computedAt })
    .onConflictDoUpdate({ target: platformFigures.name, set: { value: prices, computedAt } })
    .run();
  logEvent("platform_prices.refreshed", { ms: Math.round(performance.now() - started) });
  return { ...prices, computedAt };
}

/** The periodic pass (and tests): recomputes the quartiles, yielding between accounts. */
export async function refreshPlatformPrices(): Promise<PlatformPrices> {
  const started = performance.now();
  const steps = computeSteps();
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return store(step.value, started);
    await yieldToEventLoop();
  }
}

/** The same pass in one go: only when no figure was ever stored (a first /admin right after the first start). */
function refreshPlatformPricesNow(): PlatformPrices {
  const started = performance.now();
  const steps = computeSteps();
  for (let step = steps.next(); ; step = steps.next()) {
    if (!step.done) continue;
    // A LiteFS replica (ADR 029) shows the figures without storing them: the primary's refresh will.
    return isPrimaryInstance() ? store(step.value, started) : { ...step.value, computedAt: new Date() };
  }
}

/** The stored quartiles, as /admin shows them. */
export function readPlatformPrices(): PlatformPrices {
  const row = getDb().select().from(platformFigures).where(eq(platformFigures.name, FIGURE)).get();
  if (!row) return refreshPlatformPricesNow();
  const value = row.value as Omit<PlatformPrices, "computedAt">;
  return { sale: value.sale, rental: value.rental, computedAt: row.computedAt };
}
