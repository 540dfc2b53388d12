import { describe, expect, it } from "vitest";
import { userDashboardFigures, type DashboardFacts } from "./user-figures";

const none = { all: 0, pending: 0, suspicious: 0, active: 0, rejected: 0 };

function facts(overrides: Partial<DashboardFacts>): DashboardFacts {
  return { platformTotal: 0, counts: none, fileListings: 0, lastApiImportAt: null, lastExportAt: null, listingsExported: 0, ...overrides };
}

describe("chiffres du tableau de bord", () => {
  it("compte vide : tout à zéro, dates « Aucun »", () => {
    expect(userDashboardFigures(facts({ platformTotal: 12 }))).toEqual({
      platformTotal: 12,
      counts: none,
      importedViaApi: 0,
      lastImportDate: null,
      lastExportDate: null,
      propertiesExported: 0,
      activeRate: 0,
      exportedRate: 0,
    });
  });

  it("importées via API : toutes les annonces sauf celles d'un fichier", () => {
    const counts = { all: 10, pending: 10, suspicious: 0, active: 0, rejected: 0 };
    expect(userDashboardFigures(facts({ counts, fileListings: 10 })).importedViaApi).toBe(0);
    expect(userDashboardFigures(facts({ counts, fileListings: 3 })).importedViaApi).toBe(7);
  });

  it("dernier import API : la date d'import API, jamais celle d'un fichier", () => {
    const at = new Date("2026-11-20T10:00:00Z");
    expect(userDashboardFigures(facts({ lastApiImportAt: at })).lastImportDate).toBe(at);
  });

  it("exportées / total : 0 sans export, et jamais plus que la part des actives", () => {
    const counts = { all: 4, pending: 2, suspicious: 0, active: 2, rejected: 0 };
    expect(userDashboardFigures(facts({ counts })).exportedRate).toBe(0);
    expect(userDashboardFigures(facts({ counts, listingsExported: 1 })).exportedRate).toBe(25);
    expect(userDashboardFigures(facts({ counts, listingsExported: 900 })).exportedRate).toBe(50);
    const noActive = { all: 3, pending: 3, suspicious: 0, active: 0, rejected: 0 };
    expect(userDashboardFigures(facts({ counts: noActive, listingsExported: 50 })).exportedRate).toBe(0);
  });

  it("actives / total : pourcentage arrondi", () => {
    const counts = { all: 3, pending: 1, suspicious: 0, active: 2, rejected: 0 };
    expect(userDashboardFigures(facts({ counts })).activeRate).toBe(67);
  });
});
