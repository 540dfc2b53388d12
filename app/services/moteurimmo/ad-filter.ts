/**
 * How the partner is understood to apply a search body's location, price and surface filters
 * (MOTEURIMMO.md), for the sources that stand in for it: the built-in demo feed and the fake
 * partner of the tests. The real partner filters on its side; this is never applied to its ads.
 */

type AdLike = {
  type?: unknown;
  category?: unknown;
  price?: unknown;
  surface?: unknown;
  title?: unknown;
  description?: unknown;
  location?: { inseeCode?: unknown; departmentCode?: unknown } | null;
};

export type AdFilterOptions = {
  /** The commune of a municipal arrondissement (75104 → 75056), so a commune's filter finds its arrondissements. */
  parentCommune?: (inseeCode: string) => string | null | undefined;
};

/** Whether the body narrows the ads by place, price, surface or keywords (types and categories aside). */
export function hasAdFilters(body: Record<string, unknown>): boolean {
  return ["locations", "priceMin", "priceMax", "surfaceMin", "surfaceMax", "keywords"].some((key) => body[key] !== undefined);
}

export function adMatchesFilter(body: Record<string, unknown>, ad: AdLike, options: AdFilterOptions = {}): boolean {
  if (Array.isArray(body.types) && !body.types.includes(ad.type)) return false;
  if (Array.isArray(body.categories) && !body.categories.includes(ad.category)) return false;
  if (!withinBounds(ad.price, body.priceMin, body.priceMax)) return false;
  if (!withinBounds(ad.surface, body.surfaceMin, body.surfaceMax)) return false;
  if (Array.isArray(body.locations) && body.locations.length > 0 && !inLocations(body.locations, ad, options)) return false;
  if (Array.isArray(body.keywords) && body.keywords.length > 0 && !hasKeywords(body.keywords, body.keywordsOperator, ad)) return false;
  return true;
}

function withinBounds(value: unknown, min: unknown, max: unknown): boolean {
  if (typeof min !== "number" && typeof max !== "number") return true;
  if (typeof value !== "number") return false;
  return (typeof min !== "number" || value >= min) && (typeof max !== "number" || value <= max);
}

function inLocations(locations: unknown[], ad: AdLike, options: AdFilterOptions): boolean {
  const insee = typeof ad.location?.inseeCode === "string" ? ad.location.inseeCode : null;
  const parent = insee ? options.parentCommune?.(insee) : null;
  const department = ad.location?.departmentCode;
  return locations.some((location) => {
    if (typeof location !== "object" || location === null) return false;
    const wanted = location as { inseeCode?: unknown; departmentCode?: unknown };
    if (wanted.inseeCode !== undefined) return insee !== null && (wanted.inseeCode === insee || wanted.inseeCode === parent);
    if (wanted.departmentCode !== undefined) return department !== undefined && String(wanted.departmentCode) === String(department);
    return false;
  });
}

function hasKeywords(keywords: unknown[], operator: unknown, ad: AdLike): boolean {
  const text = `${typeof ad.title === "string" ? ad.title : ""} ${typeof ad.description === "string" ? ad.description : ""}`.toLowerCase();
  const found = keywords.map((keyword) => typeof keyword === "string" && text.includes(keyword.toLowerCase()));
  return operator === "or" ? found.some(Boolean) : found.every(Boolean);
}
