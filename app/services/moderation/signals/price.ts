/**
 * Price signal: price per m² far below comparable listings.
 *
 * Why: a too-good-to-be-true price is the bait of almost every rental scam (and of fake sales).
 * Comparables are the platform's own listings of the same transaction and home type, in the same
 * city, else in the rest of the department; medians and MAD make a few outliers (or scams)
 * harmless. Below MIN_COMPARABLES we fall back to documented priors (priors.ts). Only prices
 * *below* the reference count: expensive listings are not a fraud signal.
 */
import { formatNumber } from "../format";
import { SIZE_ELASTICITY, type HomeType, type ListingFeatures } from "../listing-features";
import { priorFor, type PriorSource } from "../priors";
import {
  clamp,
  indexOfSorted,
  interpolate,
  MAD_TO_SIGMA,
  medianAbsoluteDeviation,
  sortedMedian,
  sortedMedianWithout,
} from "../stats";
import type { Evidence, ModerationListing } from "../types";

/** Fewer comparables than this and a local median is noise. */
export const MIN_COMPARABLES = 5;

/**
 * Evidence (log-odds) by discount below the reference, before the reliability factor.
 * 20 % under is ordinary bargaining room; 40 % under is where fraud analysts start calling a
 * rent "too good to be true"; 50 %+ is almost never a real listing.
 */
const DISCOUNT_TO_WEIGHT: ReadonlyArray<readonly [number, number]> = [
  [0.2, 0],
  [0.3, 1.2],
  [0.4, 3.1],
  [0.5, 4.0],
  [0.65, 5.0],
  [0.8, 5.5],
];

/** Top of the curves above: the strongest price evidence, graded 1. */
const FULL_STRENGTH = 5.5;

/**
 * Reliability of each kind of reference (multiplies the weight). Local medians are trusted
 * according to their own dispersion; priors less, and the national small-town sale prior least,
 * because French rural sale prices vary by a factor of three.
 */
const PRIOR_RELIABILITY: Record<PriorSource, { rental: number; sale: number }> = {
  city: { rental: 0.95, sale: 0.85 },
  department: { rental: 0.85, sale: 0.7 },
  national: { rental: 0.85, sale: 0.55 },
};
/** Which reference table a prior comes from, as the reason names it. */
const PRIOR_LEVEL: Record<PriorSource, string> = {
  city: "de la ville",
  department: "du département",
  national: "national",
};
/** A local market whose robust σ (log scale) is 0.20 gets full trust; wider ones less. */
const REFERENCE_SIGMA = 0.2;
/**
 * Second reading of the same gap, in robust standard deviations (z = log-gap / (1.4826·MAD)):
 * in a tight market (rent-controlled Paris, σ ≈ 0.13) a 35 % discount is a 3σ outlier that
 * almost no honest listing reaches, whereas the discount curve above is calibrated for ordinary
 * dispersion. Only used when the group is large enough for its MAD to mean something, only for
 * real discounts, and σ is floored so that a few identical prices cannot create huge z-scores.
 */
const Z_MIN_COMPARABLES = 12;
const Z_MIN_DISCOUNT = 0.25;
const Z_SIGMA_FLOOR = 0.12;
const Z_TO_WEIGHT: ReadonlyArray<readonly [number, number]> = [
  [2.5, 0],
  [3, 3.3],
  [4, 4.5],
  [5, 5.0],
];
/**
 * Above this many m² per room the surface is probably mistyped (450 for 45): the price per m²
 * is then unreliable, so its evidence is halved (the coherence signal reports the oddity).
 */
const SUSPECT_SURFACE_PER_ROOM = 80;

type Group = { values: Float64Array; median: number; sigma: number };

const groupKey = (tx: string, type: HomeType, place: string): string => `${tx}|${type}|${place}`;

export class PriceIndexBuilder {
  private readonly byCity = new Map<string, number[]>();
  /** city group key → department, to assemble "rest of the department" groups. */
  private readonly cityDepartment = new Map<string, string | null>();

  add(listing: ModerationListing, f: ListingFeatures): void {
    if (!Number.isFinite(f.priceValue) || f.city === null) return;
    const key = groupKey(listing.transactionType, f.homeType, `c:${f.city}`);
    let values = this.byCity.get(key);
    if (!values) {
      values = [];
      this.byCity.set(key, values);
      this.cityDepartment.set(key, f.department);
    }
    values.push(f.priceValue);
  }

  build(): PriceIndex {
    const cities = new Map<string, Group>();
    const departmentValues = new Map<string, number[]>();
    for (const [key, values] of this.byCity) {
      if (values.length > MIN_COMPARABLES) {
        // One more than the minimum so that leave-one-out still leaves MIN_COMPARABLES.
        cities.set(key, makeGroup(values));
        continue;
      }
      // Small towns pool into "rest of the department": a city with its own market (e.g. the
      // prefecture) never inflates the reference of the villages around it.
      const department = this.cityDepartment.get(key);
      if (!department) continue;
      const [tx, type] = key.split("|");
      const depKey = groupKey(tx, type as HomeType, `d:${department}`);
      const pooled = departmentValues.get(depKey) ?? [];
      for (const v of values) pooled.push(v);
      departmentValues.set(depKey, pooled);
    }
    const departments = new Map<string, Group>();
    for (const [key, values] of departmentValues) {
      if (values.length >= MIN_COMPARABLES) departments.set(key, makeGroup(values));
    }
    return new PriceIndex(cities, departments);
  }
}

function makeGroup(values: number[]): Group {
  const sorted = Float64Array.from(values).sort();
  const median = sortedMedian(sorted);
  const sigma = MAD_TO_SIGMA * medianAbsoluteDeviation(sorted, median);
  return { values: sorted, median, sigma };
}

type Reference = {
  value: number;
  reliability: number;
  /** Robust σ and size of the comparables, when the reference is a local median. */
  sigma?: number;
  count?: number;
  describe: (label: string) => string;
};

export class PriceIndex {
  constructor(
    private readonly cities: ReadonlyMap<string, Group>,
    private readonly departments: ReadonlyMap<string, Group>,
  ) {}

  /**
   * @param selfValue the value this very listing contributed to the index (NaN when it was not
   *   added): it is removed from the median so that a listing is never its own comparable.
   */
  evaluate(listing: ModerationListing, f: ListingFeatures, selfValue: number): Evidence | null {
    if (!Number.isFinite(f.priceValue)) return null;
    const reference = this.reference(listing, f, selfValue);
    const discount = 1 - Math.exp(f.priceValue - reference.value);
    if (discount <= 0) return null;
    const rooms = listing.rooms ?? 0;
    const surfaceSuspect =
      rooms > 0 && (listing.surfaceArea ?? 0) / rooms > SUSPECT_SURFACE_PER_ROOM;
    let weight = reference.reliability * interpolate(DISCOUNT_TO_WEIGHT, discount);
    if (
      reference.sigma !== undefined &&
      (reference.count ?? 0) >= Z_MIN_COMPARABLES &&
      discount >= Z_MIN_DISCOUNT
    ) {
      const z = (reference.value - f.priceValue) / Math.max(reference.sigma, Z_SIGMA_FLOOR);
      weight = Math.max(weight, interpolate(Z_TO_WEIGHT, z));
    }
    if (surfaceSuspect) weight *= 0.5;
    if (weight <= 0.05) return null;
    const what = listing.transactionType === "rental" ? "Loyer" : "Prix";
    const percent = Math.round(discount * 100);
    // Both figures at this listing's surface (priceValue is size-adjusted), so an analyst can
    // check the ratio: listing €/m², reference €/m², and where the reference comes from.
    const sizeTerm =
      SIZE_ELASTICITY[listing.transactionType] *
      Math.log(Math.min(300, Math.max(9, listing.surfaceArea ?? 50)) / 50);
    const perSquareMetre = (value: number): string =>
      `${formatNumber(Math.round(Math.exp(value - sizeTerm)))} €/m²`;
    return {
      family: "price",
      // A grade in 0..1 of how far and how surely below market; the fitted model weighs it.
      weight: weight / FULL_STRENGTH,
      reason: `${what} ${percent} % ${reference.describe(homeLabel(listing, f))} : ${perSquareMetre(f.priceValue)} contre ${perSquareMetre(reference.value)}`,
    };
  }

  /** Log €/m² of the reference table (city, else department, else national) for this listing. */
  private tableValue(listing: ModerationListing, f: ListingFeatures): number {
    const { prior } = priorFor(f.city, listing.postalCode, f.department);
    return Math.log(listing.transactionType === "rental" ? prior.rent : prior.sale);
  }

  private reference(listing: ModerationListing, f: ListingFeatures, selfValue: number): Reference {
    const tx = listing.transactionType;
    const where = f.cityDisplay ?? "cette commune";
    if (f.city !== null) {
      const cityGroup = this.cities.get(groupKey(tx, f.homeType, `c:${f.city}`));
      const local = cityGroup && leaveOneOut(cityGroup, selfValue);
      if (local) {
        return {
          value: shrunk(local.median, local.count, this.tableValue(listing, f)),
          reliability: local.reliability,
          sigma: cityGroup.sigma,
          count: local.count,
          describe: (label) =>
            `sous la médiane de ${local.count} annonces comparables à ${where}, pondérée par la table de référence (${label})`,
        };
      }
      if (f.department !== null && !cityGroup) {
        const depGroup = this.departments.get(groupKey(tx, f.homeType, `d:${f.department}`));
        const dep = depGroup && leaveOneOut(depGroup, selfValue);
        if (dep) {
          return {
            value: shrunk(dep.median, dep.count, this.tableValue(listing, f)),
            reliability: dep.reliability * 0.9,
            sigma: depGroup.sigma,
            count: dep.count,
            describe: (label) =>
              `sous la médiane de ${dep.count} annonces comparables du département ${f.department}, pondérée par la table de référence (${label})`,
          };
        }
      }
    }
    const { prior, source } = priorFor(f.city, listing.postalCode, f.department);
    const perSquareMetre = tx === "rental" ? prior.rent : prior.sale;
    return {
      value: Math.log(perSquareMetre),
      reliability: PRIOR_RELIABILITY[source][tx],
      describe: (label) => `sous le prix de référence ${PRIOR_LEVEL[source]} à ${where} (${label})`,
    };
  }
}

/**
 * Comparables weigh by their number: n comparables against SHRINK_WEIGHT pseudo-listings at the
 * reference table's price (a credibility-weighted mean in log space), so six listings move the
 * reference a little toward the table and sixty hardly at all.
 */
const SHRINK_WEIGHT = 5;

function shrunk(median: number, count: number, table: number): number {
  return (count * median + SHRINK_WEIGHT * table) / (count + SHRINK_WEIGHT);
}

function leaveOneOut(
  group: Group,
  selfValue: number,
): { median: number; count: number; reliability: number } | null {
  const skip = Number.isFinite(selfValue) ? indexOfSorted(group.values, selfValue) : -1;
  const count = group.values.length - (skip >= 0 ? 1 : 0);
  if (count < MIN_COMPARABLES) return null;
  const median = sortedMedianWithout(group.values, skip);
  const sigma = Math.max(group.sigma, 0.08);
  return { median, count, reliability: clamp(REFERENCE_SIGMA / sigma, 0.6, 1) };
}

/** "T2", "studio", "maison 4 pièces", with the transaction: "T2, location". */
export function homeLabel(
  listing: ModerationListing,
  f: Pick<ListingFeatures, "homeType">,
): string {
  const rooms = listing.rooms ?? null;
  let home: string;
  if (f.homeType === "flat")
    home = rooms === 1 ? "studio" : rooms && rooms > 1 ? `T${rooms}` : "appartement";
  else if (f.homeType === "house") home = rooms && rooms > 0 ? `maison ${rooms} pièces` : "maison";
  else home = listing.propertyType?.toLowerCase() ?? "bien";
  return `${home}, ${listing.transactionType === "rental" ? "location" : "vente"}`;
}
