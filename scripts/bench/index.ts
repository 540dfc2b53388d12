// npm run bench: every benchmark, one table (figure, target, measured, ratio to a bare ceiling).
import { runAccountBench } from "./account";
import { runComplianceBench } from "./compliance";
import { runDashboardBench } from "./dashboard";
import { runEncodeBench } from "./encode";
import { runExportBench } from "./export";
import { runFrontendBench } from "./frontend";
import { runImportBench } from "./import";
import { runListingsBench } from "./listings";
import { runModerationBench } from "./moderation";
import type { BenchRow } from "./types";

const suites: Array<[string, () => Promise<BenchRow[]>]> = [
  ["Annonces", runListingsBench],
  ["Tableaux de bord", runDashboardBench],
  ["Import", runImportBench],
  ["Modération", runModerationBench],
  ["Export", runExportBench],
  ["Conformité", runComplianceBench],
  ["Front", runFrontendBench],
  ["Single fetch", runEncodeBench],
  ["Compte", runAccountBench],
];

const rows: Array<BenchRow & { suite: string }> = [];
for (const [suite, run] of suites) {
  console.error(`▶ ${suite}...`);
  for (const row of await run()) rows.push({ suite, ...row });
}
console.table(
  rows.map((row) => ({
    Banc: row.suite,
    Mesure: row.figure,
    Cible: row.target,
    Mesuré: row.measured,
    "Ratio au plafond": row.ceilingRatio ?? "",
    OK: row.ok ? "oui" : "NON",
  })),
);
process.exit(rows.every((row) => row.ok) ? 0 : 1);
