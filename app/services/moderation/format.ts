/**
 * French number formatting for reasons ("1 050", "2,5"), written by hand rather than with Intl:
 * ICU versions differ on the grouping space (U+00A0 vs U+202F), and verdicts must be identical
 * on every machine. A plain space is used so the stored text is easy to search.
 */
export function formatNumber(value: number, maxDecimals = 0): string {
  const factor = 10 ** maxDecimals;
  const rounded = Math.round(Math.abs(value) * factor) / factor;
  const [integer, decimals = ""] = rounded.toFixed(maxDecimals).split(".");
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  const fraction = decimals.replace(/0+$/, "");
  return `${value < 0 && rounded !== 0 ? "-" : ""}${grouped}${fraction ? `,${fraction}` : ""}`;
}
