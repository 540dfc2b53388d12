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
