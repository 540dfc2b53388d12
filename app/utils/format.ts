/** French formatting used by every screen: EUR without decimals, fr-FR dates. */
const euro = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const integer = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });
// Surfaces keep their decimals: a 45,5 m² flat is not a 46 m² one.
const surface = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });
const longDate = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" });
const longDateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Europe/Paris",
});
const shortDateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "short",
  timeStyle: "medium",
  timeZone: "Europe/Paris",
});

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Intl uses narrow no-break spaces; plain no-break spaces read the same and are easier to match.
const normaliseSpaces = (text: string) => text.replace(/\u202f/g, "\u00a0");

export function formatPrice(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "Prix non renseigné";
  return normaliseSpaces(euro.format(value));
}

export function formatNumber(value: number): string {
  return normaliseSpaces(integer.format(value));
}

/** A surface in m² with its decimals ('45,5 m²'). */
export function formatSurface(value: number): string {
  return `${normaliseSpaces(surface.format(value))}\u00a0m²`;
}

export function formatLongDate(value: DateInput, fallback = "Aucun"): string {
  const date = toDate(value);
  return date ? longDate.format(date) : fallback;
}

export function formatLongDateTime(value: DateInput, fallback = "Aucun"): string {
  const date = toDate(value);
  return date ? normaliseSpaces(longDateTime.format(date)) : fallback;
}

export function formatDateTime(value: DateInput, fallback = "—"): string {
  const date = toDate(value);
  return date ? normaliseSpaces(shortDateTime.format(date)) : fallback;
}

/** Rounded percentage of part over total, 0 when the total is 0. */
export function percent(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/**
 * A count and its noun, agreed in French (singular for 0 and 1: '0 annonce suspecte'), the
 * number grouped as on the cards ('2 400').
 */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${Math.abs(count) >= 2 ? plural : singular}`;
}
