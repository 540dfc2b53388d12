import type { ChartPeriod } from "./period";

/** Quartiles of the price per m² of one city's active listings (nearest rank, whole euros). */
export type CityPrice = { city: string; listings: number; q1: number; median: number; q3: number };

/** One line of /admin's busiest API keys over the period. */
export type BusyKey = { id: string; name: string; ownerEmail: string; calls: number; listings: number };

/**
 * The dashboards' charts over the last `days.length` Paris days, oldest first: every daily series
 * has one number per day, aligned on `days`.
 */
export type ChartsData = {
  period: ChartPeriod;
  days: string[];
  imports: { series: Array<{ source: string; counts: number[] }> };
  moderation: { validated: number[]; rejected: number[]; suspicious: number[] };
  exports: { calls: number[]; listings: number[] };
  prices: { sale: CityPrice[]; rental: CityPrice[] };
  refreshedAt: string;
};

/**
 * /admin: the same charts platform-wide, plus sign-ups and the busiest keys. Its prices are those
 * of the last periodic computation, made at `pricesComputedAt` (platform-prices.server.ts).
 */
export type PlatformChartsData = ChartsData & { pricesComputedAt: string; signups: number[]; busiestKeys: BusyKey[] };
