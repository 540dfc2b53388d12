import { and, count, eq, gte, sql } from "drizzle-orm";
import { apiConnections, apiUsageLogs, properties, users, userStatistics } from "#db/schema";
import { percent } from "~/utils/format";
import { getDb, getSqlite } from "~/utils/db.server";
import { FILE_IMPORT_PLATFORM, userDashboardFigures, type UserDashboard } from "./user-figures";
import { countListingsByStatus } from "../listings/listings.server";
import { parisDayOf, parisMidnight } from "../analytics/paris-days";

/**
 * Figures of the two dashboards, computed from the tables with indexed counts
 * (DECISIONS.md item 10): nothing is kept in a summary row that could drift.
 */

export type { UserDashboard };

export function getUserDashboard(userId: string): UserDashboard {
  const db = getDb();
  const platformTotal = db.select({ n: count() }).from(properties).get()?.n ?? 0;
  // Seeks the (created_by, source_platform) index on one value instead of reading every other one.
  const fileListings =
    db
      .select({ n: count() })
      .from(properties)
      .where(and(eq(properties.createdBy, userId), eq(properties.sourcePlatform, FILE_IMPORT_PLATFORM)))
      .get()?.n ?? 0;
  const stats = db.select().from(userStatistics).where(eq(userStatistics.userId, userId)).get();
  return userDashboardFigures({
    platformTotal,
    counts: countListingsByStatus(userId),
    fileListings,
    lastApiImportAt: stats?.lastImportDate ?? null,
    lastExportAt: stats?.lastExportDate ?? null,
    listingsExported: stats?.propertiesExported ?? 0,
  });
}

/** Midnight in Paris (the business day of a French agency), as an instant. */
export function startOfParisDay(now = new Date()): Date {
  return new Date(parisMidnight(parisDayOf(now)));
}

export type PlatformStats = {
  totalProperties: number;
  activeProperties: number;
  totalUsers: number;
  totalApiConnections: number;
  importedToday: number;
  exportedToday: number;
  activeRate: number;
  averagePerUser: number;
  updatedAt: Date;
};

export function getPlatformStats(now = new Date()): PlatformStats {
  const db = getDb();
  const since = startOfParisDay(now);
  const totalProperties = db.select({ n: count() }).from(properties).get()?.n ?? 0;
  // Counted per account on the per-account indexes, as the charts do: the two platform-only
  // indexes of properties (status, created_at) and (created_at) then serve nothing else (issue 30).
  const { activeProperties, importedToday } = getSqlite()
    .prepare(
      `select coalesce(sum((select count(*) from properties p where p.created_by = u.id and p.status = 'active')), 0) as activeProperties,
              coalesce(sum((select count(*) from properties p where p.created_by = u.id and p.created_at >= @since)), 0) as importedToday
         from users u`,
    )
    .get({ since: since.getTime() }) as { activeProperties: number; importedToday: number };
  const totalUsers = db.select({ n: count() }).from(users).get()?.n ?? 0;
  const totalApiConnections = db.select({ n: count() }).from(apiConnections).get()?.n ?? 0;
  const exportedToday =
    db
      .select({ n: sql<number>`coalesce(sum(${apiUsageLogs.propertiesCount}), 0)` })
      .from(apiUsageLogs)
      .where(gte(apiUsageLogs.createdAt, since))
      .get()?.n ?? 0;
  return {
    totalProperties,
    activeProperties,
    totalUsers,
    totalApiConnections,
    importedToday,
    exportedToday,
    activeRate: percent(activeProperties, totalProperties),
    averagePerUser: totalUsers > 0 ? Math.round((totalProperties / totalUsers) * 10) / 10 : 0,
    updatedAt: now,
  };
}

/** The landing page's figures, measured on the platform (issue 24, item 21): one grouped count. */
export type LandingFigures = { total: number; suspicious: number; active: number };

export function getLandingFigures(): LandingFigures {
  const rows = getDb().select({ status: properties.status, n: count() }).from(properties).groupBy(properties.status).all();
  const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  return { total: rows.reduce((sum, row) => sum + row.n, 0), suspicious: of("suspicious"), active: of("active") };
}
