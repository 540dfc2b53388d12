/**
 * The app's colours (app/tailwind.css: brand blue; Tailwind's emerald, amber, red, violet and
 * slate as the badges use them) as hex values: SVG presentation attributes do not read the CSS
 * variables that Tailwind emits only for the classes a page uses.
 */
export const CHART_COLOURS = {
  brand: "#1d4ed8",
  brandLight: "#93c5fd",
  emerald: "#059669",
  amber: "#d97706",
  red: "#dc2626",
  violet: "#7c3aed",
  slate: "#64748b",
  grid: "#e2e8f0",
  axis: "#475569",
} as const;

/** Colours of the import sources, in the order of the series (biggest source first). */
export const SOURCE_COLOURS = [CHART_COLOURS.brand, CHART_COLOURS.emerald, CHART_COLOURS.amber, CHART_COLOURS.violet, CHART_COLOURS.slate];
