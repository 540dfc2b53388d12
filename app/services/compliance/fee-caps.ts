import { applies } from "./references";

/**
 * Caps of the fees a tenant may be charged, per m² of living surface (loi du 6 juillet 1989,
 * art. 5; décret n° 2014-890, art. 2; revised from 1 January 2026 by the arrêté du 17 juillet
 * 2025, +0,87 %). Visits, file and lease: 12 € in the "very tight" zone (zone A bis), 10 € in the
 * tight zone (communes of décret n° 2013-392), 8 € elsewhere; inventory: 3 € everywhere.
 *
 * The official lists of communes could not be read (docs/conformite.md): only communes whose zone
 * the sources confirm carry it. Elsewhere the zone is unknown: fees above the highest cap are a
 * breach whatever the zone, fees between the lowest and the highest cap are "à vérifier".
 */
export type FeeZone = "tres_tendue" | "tendue" | "inconnue";

const ZONE_BY_INSEE: Record<string, FeeZone> = {
  "75056": "tres_tendue", // Paris
  "92050": "tres_tendue", // Nanterre
  "93008": "tres_tendue", // Bobigny
  "69123": "tendue", // Lyon
  "59350": "tendue", // Lille
  "33063": "tendue", // Bordeaux
  "34172": "tendue", // Montpellier
  "38185": "tendue", // Grenoble
  "13055": "tendue", // Marseille
  "31555": "tendue", // Toulouse
};

export function feeZone(inseeCode: string | null): FeeZone {
  return (inseeCode && ZONE_BY_INSEE[inseeCode]) || "inconnue";
}

export type FeeCaps = { visitsPerM2: number; inventoryPerM2: number };

/** The cap of a known zone; for "inconnue", the lowest cap (8 €/m², 8,07 € from 2026). */
export function feeCaps(zone: FeeZone, day: string): FeeCaps {
  const revised = applies("feesCapRevised", day);
  const inventoryPerM2 = revised ? 3.03 : 3;
  if (zone === "tres_tendue") return { visitsPerM2: revised ? 12.1 : 12, inventoryPerM2 };
  if (zone === "tendue") return { visitsPerM2: revised ? 10.09 : 10, inventoryPerM2 };
  return { visitsPerM2: revised ? 8.07 : 8, inventoryPerM2 };
}
