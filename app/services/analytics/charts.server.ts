/**
 * The data of the dashboards' charts, read from the tables at each request (DECISIONS.md item 10:
 * nothing kept in a summary that could drift), except /admin's price quartiles, kept by a
 * periodic task (platform-prices.server.ts, issue 30). Each daily figure is one indexed query that walks
 * the period's Paris days (read from a JSON parameter) as the outer loop, so every day is an index
 * range seek of its own and DST days keep their 23 or 25 hours.
 */
import type Database from "better-sqlite3";
import { CHART_TOP } from "~/config";
import { getSqlite } from "~/utils/db.server";
import { sourcePlatformLabel } from "../listings/listing-labels";
import { dailySeries, dayIndexOf, daysParameter, sourceSeries, type DayCount } from "./daily-buckets";
import { lastParisDays, type ParisDay } from "./paris-days";
import { readPlatformPrices } from "./platform-prices.server";
import type { ChartPeriod } from "./period";
import type { BusyKey, ChartsData, CityPrice, PlatformChartsData } from "./types";

/** Whose figures: one account's (its listings, its export keys), or the whole platform's. */
type Scope = { userId: string } | { platform: true };

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function prepared(sql: string): Database.Statement {
  const sqlite = getSqlite();
  let cache = statements.get(sqlite);
  if (!cache) statements.set(sqlite, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = sqlite.prepare(sql)));
  return statement;
}

const isAccount = (scope: Scope): scope is { userId: string } => "userId" in scope;

/** The named parameters a scope binds (better-sqlite3 binds only what the SQL names). */
const scopeParams = (scope: Scope) => (isAccount(scope) ? { userId: scope.userId } : {});

// `cross join` keeps the days as the outer loop: SQLite would otherwise be free to scan the table.
const DAYS = `with days as (select cast(key as integer) as i, json_extract(value, '$[0]') as start, json_extract(value, '$[1]') as stop from json_each(@days))`;

/**
 * The accounts whose listings a chart counts: one, or every one. The listing counts below go
 * through the per-account indexes even platform-wide (one seek per account and day), so no
 * platform-only index weighs on the imports' and the moderation's writes.
 */
const OWNERS = (scope: Scope) => (isAccount(scope) ? "owners as (select @userId as id)" : "owners as (select id from users)");

/**
 * An account's sources are found by hopping from one to the next on the index (a seek each), not
 * by reading its listings for a DISTINCT: a handful of sources among 100 000 listings.
 */
function importsPerDay(scope: Scope, days: ParisDay[]): ChartsData["imports"] {
  const rows = prepared(
    `${DAYS}, ${OWNERS(scope)},
     sources(owner, source) as (
       select owners.id, (select min(source_platform) from properties where created_by = owners.id) from owners
       union all
       select owner, (select min(source_platform) from properties where created_by = sources.owner and source_platform > sources.source)
         from sources where source is not null
     )
     select days.i as dayIndex, sources.source,
            (select count(*) from properties p
              where p.created_by = sources.owner and p.source_platform = sources.source
                and p.created_at >= days.start and p.created_at < days.stop) as n
       from sources cross join days where sources.source is not null`,
  ).all({ days: daysParameter(days), ...scopeParams(scope) }) as Array<DayCount & { source: string }>;
  return { series: sourceSeries(days.length, rows.map((row) => ({ ...row, source: sourcePlatformLabel(row.source) }))) };
}

/**
 * Validées: listings the engine passed plus suspicious ones an agent validated; blacklistées: an
 * agent's Blacklister; suspectes: listings the engine flagged. Each counts on the day it happened
 * (the engine's ai_checked_at, the agent's decided_at); an account counts decisions on its own
 * listings, whoever took them (an administrator may decide for it).
 */
function moderationPerDay(scope: Scope, days: ParisDay[]): ChartsData["moderation"] {
  const params = { days: daysParameter(days), ...scopeParams(scope) };
  // `(ai_flag_reason is not null)` is written as in the index that counts it.
  const verdicts = (flagged: 0 | 1) => `(select count(*) from properties p
      where p.created_by = owners.id and (p.ai_flag_reason is not null) = ${flagged}
        and p.ai_checked_at >= days.start and p.ai_checked_at < days.stop)`;
  const engine = prepared(
    `${DAYS}, ${OWNERS(scope)}
     select days.i as dayIndex, sum(${verdicts(0)}) as passed, sum(${verdicts(1)}) as flagged
       from owners cross join days group by days.i`,
  ).all(params) as Array<{ dayIndex: number; passed: number; flagged: number }>;
  const listingOwner = isAccount(scope) ? "join properties p on p.id = d.listing_id and p.created_by = @userId" : "";
  const agents = prepared(
    `${DAYS} select days.i as dayIndex, sum(d.decision = 'active') as validated, sum(d.decision = 'rejected') as rejected
       from days cross join moderation_decisions d ${listingOwner}
      where d.decided_at >= days.start and d.decided_at < days.stop
      group by days.i`,
  ).all(params) as Array<{ dayIndex: number; validated: number; rejected: number }>;
  const validated = dailySeries(days.length, [
    ...engine.map((row) => ({ dayIndex: row.dayIndex, n: row.passed })),
    ...agents.map((row) => ({ dayIndex: row.dayIndex, n: row.validated })),
  ]);
  return {
    validated,
    rejected: dailySeries(days.length, agents.map((row) => ({ dayIndex: row.dayIndex, n: row.rejected }))),
    suspicious: dailySeries(days.length, engine.map((row) => ({ dayIndex: row.dayIndex, n: row.flagged }))),
  };
}

/** Export API calls and the listings they returned, from api_usage_logs (kept after a key's deletion). */
function exportsPerDay(scope: Scope, days: ParisDay[]): ChartsData["exports"] {
  const owner = isAccount(scope) ? "l.user_id = @userId and" : "";
  const rows = prepared(
    `${DAYS} select days.i as dayIndex, count(*) as calls, coalesce(sum(l.properties_count), 0) as listings
       from days cross join api_usage_logs l
      where ${owner} l.created_at >= days.start and l.created_at < days.stop
      group by days.i`,
  ).all({ days: daysParameter(days), ...scopeParams(scope) }) as Array<{ dayIndex: number; calls: number; listings: number }>;
  return {
    calls: dailySeries(days.length, rows.map((row) => ({ dayIndex: row.dayIndex, n: row.calls }))),
    listings: dailySeries(days.length, rows.map((row) => ({ dayIndex: row.dayIndex, n: row.listings }))),
  };
}

// Written as in properties_owner_city_price_m2_idx, which keeps each city's listings sorted by it.
const PER_M2 = "(price / surface_area)";
const ACCOUNT_PRICED = `created_by = @userId and status = 'active' and transaction_type = @transaction and city = @city and ${PER_M2} > 0`;

/**
 * Quartiles of the price per m² of the active listings of the CHART_TOP.cities cities with the
 * most of them, for one transaction type (a rent per m² and a sale price per m² do not share an
 * axis). `price / surface_area > 0` leaves out listings without a price or a surface (a division
 * by zero or by null is null in SQLite). /admin's, over every account, are kept by a periodic
 * task instead (platform-prices.server.ts).
 *
 * An account's cities: counted on the index, then each quartile read at its rank in the index's
 * order (a descending walk for the third one), so no row is decoded nor sorted.
 */
function accountPricesByCity(userId: string, transaction: "sale" | "rental"): CityPrice[] {
  const cities = prepared(
    `select city, count(*) as n from properties
      where created_by = @userId and status = 'active' and transaction_type = @transaction and city is not null and ${PER_M2} > 0
      group by city order by n desc, city limit @top`,
  ).all({ userId, transaction, top: CHART_TOP.cities }) as Array<{ city: string; n: number }>;
  const ascending = prepared(`select ${PER_M2} from properties where ${ACCOUNT_PRICED} order by ${PER_M2} limit 1 offset @skip`).pluck();
  const descending = prepared(`select ${PER_M2} from properties where ${ACCOUNT_PRICED} order by ${PER_M2} desc limit 1 offset @skip`).pluck();
  return cities.map(({ city, n }) => {
    const params = { userId, transaction, city };
    const rank = (fraction: number) => Math.max(1, Math.ceil(fraction * n));
    return {
      city,
      listings: n,
      q1: Math.round(ascending.get({ ...params, skip: rank(0.25) - 1 }) as number),
      median: Math.round(ascending.get({ ...params, skip: rank(0.5) - 1 }) as number),
      q3: Math.round(descending.get({ ...params, skip: n - rank(0.75) }) as number),
    };
  });
}

function chartsOf(scope: Scope, period: ChartPeriod, days: ParisDay[], now: Date, prices: ChartsData["prices"]): ChartsData {
  return {
    period,
    days: days.map((day) => day.day),
    imports: importsPerDay(scope, days),
    moderation: moderationPerDay(scope, days),
    exports: exportsPerDay(scope, days),
    prices,
    refreshedAt: now.toISOString(),
  };
}

/** /dashboard: the charts of one account; nothing of another account's listings or keys. */
export function getAccountCharts(userId: string, period: ChartPeriod, now = new Date()): ChartsData {
  const prices = { sale: accountPricesByCity(userId, "sale"), rental: accountPricesByCity(userId, "rental") };
  return chartsOf({ userId }, period, lastParisDays(period, now), now, prices);
}

/** Sign-ups per day: the users table is small, its rows of the period are bucketed here. */
function signupsPerDay(days: ParisDay[]): number[] {
  const stamps = prepared(`select created_at from users where created_at >= ? and created_at < ?`)
    .pluck()
    .all(days[0]!.start, days.at(-1)!.end) as number[];
  return dailySeries(days.length, stamps.map((stamp) => ({ dayIndex: dayIndexOf(days, stamp), n: 1 })).filter((row) => row.dayIndex >= 0));
}

/** The keys with the most export calls over the period (deleted keys are left out: they have no name). */
function busiestKeys(days: ParisDay[]): BusyKey[] {
  return prepared(
    `select k.id, k.name, u.email as ownerEmail, count(*) as calls, coalesce(sum(l.properties_count), 0) as listings
       from api_usage_logs l
       join export_api_keys k on k.id = l.api_key_id
       join users u on u.id = k.user_id
      where l.created_at >= ? and l.created_at < ?
      group by k.id
      order by calls desc, listings desc, k.name
      limit ?`,
  ).all(days[0]!.start, days.at(-1)!.end, CHART_TOP.keys) as BusyKey[];
}

/** /admin: the same charts over every account, plus sign-ups and the busiest API keys. */
export function getPlatformCharts(period: ChartPeriod, now = new Date()): PlatformChartsData {
  const days = lastParisDays(period, now);
  const { computedAt, ...prices } = readPlatformPrices();
  return {
    ...chartsOf({ platform: true }, period, days, now, prices),
    pricesComputedAt: computedAt.toISOString(),
    signups: signupsPerDay(days),
    busiestKeys: busiestKeys(days),
  };
}
