/**
 * Hard-coded reference prices, used only when there are not enough comparable listings in the
 * platform itself (fewer than MIN_COMPARABLES in the city and in the rest of the department).
 *
 * Units — both are "size-normalised" to a 50 m² home (see SIZE_ELASTICITY in listing-features.ts):
 *  - rent: €/m²/month, charges excluded, unfurnished;
 *  - sale: €/m².
 * Orders of magnitude of the French market in 2024-2025 (public observatories and notary price
 * indices, rounded); they only need to be right within ~15 %, since the price signal only fires
 * far below them.
 */
export type PricePrior = { rent: number; sale: number };

/** Main cities, keyed by cityKey() (lower-case, no accents). */
export const CITY_PRIORS: Readonly<Record<string, PricePrior>> = {
  paris: { rent: 31, sale: 10000 },
  "boulogne billancourt": { rent: 27, sale: 8800 },
  "neuilly sur seine": { rent: 30, sale: 10500 },
  "levallois perret": { rent: 28, sale: 9200 },
  "issy les moulineaux": { rent: 25, sale: 7800 },
  versailles: { rent: 22, sale: 7000 },
  montreuil: { rent: 22, sale: 6000 },
  "saint denis": { rent: 18, sale: 4000 },
  nice: { rent: 19, sale: 5000 },
  cannes: { rent: 18, sale: 5500 },
  antibes: { rent: 17, sale: 5000 },
  lyon: { rent: 16, sale: 4700 },
  villeurbanne: { rent: 14.5, sale: 4000 },
  marseille: { rent: 14.5, sale: 3600 },
  "aix en provence": { rent: 17, sale: 5000 },
  toulon: { rent: 12.5, sale: 3000 },
  toulouse: { rent: 14, sale: 3500 },
  bordeaux: { rent: 16, sale: 4500 },
  nantes: { rent: 14.5, sale: 3600 },
  strasbourg: { rent: 14.5, sale: 3600 },
  montpellier: { rent: 15, sale: 3600 },
  lille: { rent: 15.5, sale: 3500 },
  rennes: { rent: 14, sale: 3900 },
  grenoble: { rent: 13, sale: 2600 },
  annecy: { rent: 17, sale: 5500 },
  "la rochelle": { rent: 14, sale: 4300 },
  biarritz: { rent: 17, sale: 6500 },
  bayonne: { rent: 14, sale: 4000 },
  reims: { rent: 11.5, sale: 2400 },
  dijon: { rent: 12, sale: 2600 },
  angers: { rent: 12, sale: 3000 },
  tours: { rent: 12, sale: 2800 },
  "clermont ferrand": { rent: 11.5, sale: 2300 },
  rouen: { rent: 12.5, sale: 2500 },
  caen: { rent: 12.5, sale: 2800 },
  "le havre": { rent: 10.5, sale: 2000 },
  orleans: { rent: 12, sale: 2500 },
  metz: { rent: 11, sale: 2100 },
  nancy: { rent: 11.5, sale: 2200 },
  brest: { rent: 10, sale: 2200 },
  nimes: { rent: 11, sale: 2300 },
  avignon: { rent: 12, sale: 2400 },
  perpignan: { rent: 10.5, sale: 1800 },
  limoges: { rent: 10, sale: 1600 },
  amiens: { rent: 12, sale: 2300 },
  besancon: { rent: 11, sale: 2100 },
  poitiers: { rent: 11, sale: 2000 },
  pau: { rent: 10.5, sale: 2000 },
  "le mans": { rent: 10, sale: 1800 },
  "saint etienne": { rent: 8.5, sale: 1300 },
  mulhouse: { rent: 9.5, sale: 1400 },
};

/** Arrondissement postal codes → city, for feeds that write "Paris 15e" in odd ways. */
export function cityFromPostalCode(postalCode: string | null): string | null {
  if (!postalCode) return null;
  if (/^75\d{3}$/.test(postalCode)) return "paris";
  if (/^6900[1-9]$/.test(postalCode)) return "lyon";
  if (/^130(?:0[1-9]|1[0-6])$/.test(postalCode)) return "marseille";
  return null;
}

/**
 * Rest of a department (outside the cities above). Only departments that are clearly above the
 * national small-town level are listed: Île-de-France, Riviera, Alps, Basque coast, Corsica,
 * and the suburbs of the big metropolises.
 */
export const DEPARTMENT_PRIORS: Readonly<Record<string, PricePrior>> = {
  "92": { rent: 24, sale: 7000 },
  "93": { rent: 17.5, sale: 4000 },
  "94": { rent: 19.5, sale: 5000 },
  "78": { rent: 17, sale: 4300 },
  "91": { rent: 15.5, sale: 3200 },
  "95": { rent: 15.5, sale: 3200 },
  "77": { rent: 14, sale: 2900 },
  "06": { rent: 16.5, sale: 4500 },
  "74": { rent: 15, sale: 4500 },
  "73": { rent: 13, sale: 3500 },
  "20": { rent: 13.5, sale: 3800 },
  "83": { rent: 13, sale: 3800 },
  "13": { rent: 13.5, sale: 3800 },
  "64": { rent: 12, sale: 3200 },
  "69": { rent: 13, sale: 3500 },
  "33": { rent: 12, sale: 3000 },
  "44": { rent: 12, sale: 3000 },
  "34": { rent: 12.5, sale: 3000 },
  "31": { rent: 12, sale: 2800 },
  "01": { rent: 12, sale: 2900 },
  "17": { rent: 11.5, sale: 3000 },
  "35": { rent: 11.5, sale: 2600 },
  "38": { rent: 12, sale: 2700 },
  "67": { rent: 11.5, sale: 2500 },
  "59": { rent: 11.5, sale: 2200 },
};

/** Small and medium towns elsewhere in metropolitan France. */
export const NATIONAL_PRIOR: PricePrior = { rent: 9.5, sale: 1800 };

export type PriorSource = "city" | "department" | "national";

export function priorFor(
  cityKey: string | null,
  postalCode: string | null,
  department: string | null,
): { prior: PricePrior; source: PriorSource } {
  const city = (cityKey && CITY_PRIORS[cityKey] ? cityKey : null) ?? cityFromPostalCode(postalCode);
  if (city && CITY_PRIORS[city]) return { prior: CITY_PRIORS[city], source: "city" };
  if (department && DEPARTMENT_PRIORS[department]) {
    return { prior: DEPARTMENT_PRIORS[department], source: "department" };
  }
  return { prior: NATIONAL_PRIOR, source: "national" };
}
