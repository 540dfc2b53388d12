/**
 * The moderation engine on the demo feed, whose scams are planted and known (demo-feed.server.ts):
 * share of flagged listings against share of planted scams, precision and recall, and the
 * engine's own throughput (context build + analysis, without the database).
 *
 *   npx tsx scripts/eval-demo-feed.ts [N]      (N listings, 70 % rentals; 20 000 by default)
 */
import { analyse, createContextBuilder } from "~/services/moderation/engine";
import type { ModerationListing } from "~/services/moderation/types";
import { demoScamKind, generateDemoAds } from "~/services/moteurimmo/demo-feed.server";
import { adToListing } from "~/services/moteurimmo/mapping";

const total = Number(process.argv[2] ?? 20_000);
if (!Number.isInteger(total) || total < 10) {
  process.stderr.write("Usage : npx tsx scripts/eval-demo-feed.ts [nombre d'annonces ≥ 10]\n");
  process.exit(2);
}
const rentals = Math.ceil(total * 0.7);
const entries: Array<{ listing: ModerationListing; scam: boolean }> = [];
for (const [transaction, count] of [
  ["rental", rentals],
  ["sale", total - rentals],
] as const) {
  generateDemoAds(count, 1, transaction).forEach((ad, index) => {
    const input = adToListing(ad, transaction);
    const owner = input.owner;
    entries.push({
      scam: demoScamKind(index, 1, transaction) !== null,
      listing: {
        ...input,
        id: `${transaction}-${index}`,
        // As listing-source.server.ts reads it: e-mail, else name, else the importing account.
        ownerKey:
          owner?.email?.toLowerCase() ||
          `${owner?.firstName ?? ""} ${owner?.lastName ?? ""}`.trim().toLowerCase() ||
          "compte-importateur",
      },
    });
  });
}

const started = performance.now();
const cpuStarted = process.cpuUsage();
const builder = createContextBuilder();
for (const { listing } of entries) builder.add(listing);
const context = builder.build();
let tp = 0;
let fp = 0;
let fn = 0;
for (const { listing, scam } of entries) {
  const flagged = analyse(listing, context).flagged;
  if (flagged && scam) tp++;
  else if (flagged) fp++;
  else if (scam) fn++;
}
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStarted);
// CPU time: the machine is shared, wall time says more about the neighbours than the engine.
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
const planted = tp + fn;
console.log(
  `Flux de démonstration : ${total} annonces, ${planted} arnaques plantées (${pct(planted / total)})`,
);
console.log(`Signalées : ${tp + fp} (${pct((tp + fp) / total)})`);
console.log(
  `Précision : ${pct(tp / Math.max(1, tp + fp))}   Rappel : ${pct(tp / Math.max(1, planted))}`,
);
console.log(
  `Moteur seul : ${seconds.toFixed(2)} s (CPU ${cpuSeconds.toFixed(2)} s), ${Math.round(total / cpuSeconds)} annonces par seconde de CPU`,
);
