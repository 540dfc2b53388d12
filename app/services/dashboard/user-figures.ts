import type { StatusCounts } from "../listings/listing-filters";
import { percent } from "~/utils/format";

/**
 * Every figure of the user's /dashboard, defined here and nowhere else (issue 17, item 5):
 * the server gathers the raw facts, this module turns them into what the cards show, so two
 * cards cannot tell two different stories.
 */

/** Platform of listings brought by a file import: the only ones that did not come through an API. */
export const FILE_IMPORT_PLATFORM = "fichier";

export type DashboardFacts = {
  /** Listings of every user of the platform. */
  platformTotal: number;
  counts: StatusCounts;
  /** The user's listings whose platform is FILE_IMPORT_PLATFORM. */
  fileListings: number;
  /** Stamped by imports that came through an API (MoteurImmo, demo feed, connection) and by the demo seed; never by a file import. */
  lastApiImportAt: Date | null;
  lastExportAt: Date | null;
  /** Listings delivered by the user's export keys, counted per call (user_statistics). */
  listingsExported: number;
};

export type UserDashboard = {
  platformTotal: number;
  counts: StatusCounts;
  importedViaApi: number;
  lastImportDate: Date | null;
  lastExportDate: Date | null;
  propertiesExported: number;
  activeRate: number;
  exportedRate: number;
};

export function userDashboardFigures(facts: DashboardFacts): UserDashboard {
  const { counts } = facts;
  return {
    platformTotal: facts.platformTotal,
    counts,
    importedViaApi: Math.max(0, counts.all - facts.fileListings),
    lastImportDate: facts.lastApiImportAt,
    lastExportDate: facts.lastExportAt,
    propertiesExported: facts.listingsExported,
    activeRate: percent(counts.active, counts.all),
    // Only active listings leave through the export API, and a listing exported by several calls
    // is counted once per call: the share of exported listings cannot exceed the active share.
    exportedRate: percent(Math.min(facts.listingsExported, counts.active), counts.all),
  };
}
