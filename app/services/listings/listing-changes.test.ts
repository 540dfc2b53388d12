import { describe, expect, it } from "vitest";
import { daysOnMarket, daysOnMarketLabel } from "./listing-changes";

const DAY = 24 * 60 * 60 * 1000;

describe("jours sur le marché", () => {
  it("compte les jours entiers depuis l'import, jusqu'au retrait pour une annonce retirée", () => {
    const importedAt = new Date("2026-11-01T10:00:00Z");
    expect(daysOnMarket(importedAt, null, importedAt.getTime() + 3 * DAY - 1)).toBe(2);
    expect(daysOnMarket(importedAt, null, importedAt.getTime() + 3 * DAY)).toBe(3);
    expect(daysOnMarket(importedAt, importedAt.getTime() + DAY, importedAt.getTime() + 30 * DAY)).toBe(1);
    // A clock slightly behind the import never gives a negative duration.
    expect(daysOnMarket(importedAt, null, importedAt.getTime() - 1000)).toBe(0);
  });

  it("s'écrit en français, au singulier pour un jour", () => {
    expect(daysOnMarketLabel(0)).toBe("En ligne depuis aujourd'hui");
    expect(daysOnMarketLabel(1)).toBe("En ligne depuis 1 jour");
    expect(daysOnMarketLabel(12)).toBe("En ligne depuis 12 jours");
    expect(daysOnMarketLabel(5, true)).toBe("Restée en ligne 5 jours");
  });
});
