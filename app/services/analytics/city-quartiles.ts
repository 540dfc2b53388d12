import type { CityPrice } from "./types";

/** The value at a nearest rank (1-based) of a sorted list: the quartiles of a short list stay real prices. */
const atRank = (sorted: Float64Array, fraction: number) => sorted[Math.max(1, Math.ceil(fraction * sorted.length)) - 1]!;

/**
 * Median and quartiles (nearest rank, whole euros) of the price per m² of the `top` cities with
 * the most rows, most rows first (ties by name), from [city, price per m²] rows in any order.
 */
export function cityQuartiles(rows: Array<[string, number]>, top: number): CityPrice[] {
  const byCity = new Map<string, number[]>();
  for (const [city, perM2] of rows) {
    const values = byCity.get(city);
    if (values) values.push(perM2);
    else byCity.set(city, [perM2]);
  }
  return [...byCity.entries()]
    .sort(([cityA, a], [cityB, b]) => b.length - a.length || cityA.localeCompare(cityB, "fr"))
    .slice(0, top)
    .map(([city, values]) => {
      const sorted = Float64Array.from(values).sort();
      return {
        city,
        listings: sorted.length,
        q1: Math.round(atRank(sorted, 0.25)),
        median: Math.round(atRank(sorted, 0.5)),
        q3: Math.round(atRank(sorted, 0.75)),
      };
    });
}
