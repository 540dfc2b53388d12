import { formatNumber } from "~/utils/format";

/** Day labels of the charts (axis) and of their tables: days are 'YYYY-MM-DD' Paris days. */
const axisDay = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short", timeZone: "UTC" });
const tableDay = new Intl.DateTimeFormat("fr-FR", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const clock = new Intl.DateTimeFormat("fr-FR", { timeStyle: "medium", timeZone: "Europe/Paris" });

const noon = (day: string) => new Date(`${day}T12:00:00Z`);

export const formatAxisDay = (day: string) => axisDay.format(noon(day));
export const formatTableDay = (day: string) => tableDay.format(noon(day));
export const formatClock = (iso: string) => clock.format(new Date(iso));

/** '1 234' per m² in euros, as the price cards write money (no decimals). */
export const formatPerM2 = (value: number) => `${formatNumber(value)}\u00a0€/m²`;

/** Longest city name the price chart's axis writes whole; longer ones end with '…' (the tooltip has it all). */
export const CITY_AXIS_CHARS = 22;
/** Width of one character of the 12 px axis font, rounded up, and the room left for the tick mark. */
const AXIS_CHAR_PX = 7;
const AXIS_TICK_ROOM_PX = 12;

/**
 * The city axis of the price chart (issue 24 item 12): as wide as its longest name, so that
 * "Clermont-Ferrand" is never cut to "lermont-Ferrand", and names past CITY_AXIS_CHARS shortened.
 */
export function cityAxis(names: string[]): { width: number; label: (name: string) => string } {
  const label = (name: string) => (name.length > CITY_AXIS_CHARS ? `${name.slice(0, CITY_AXIS_CHARS - 1).trimEnd()}…` : name);
  const longest = Math.max(0, ...names.map((name) => label(name).length));
  return { width: Math.max(48, longest * AXIS_CHAR_PX + AXIS_TICK_ROOM_PX), label };
}
