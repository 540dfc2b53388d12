/**
 * Evaluates the moderation engine on a labelled JSONL file.
 *
 *   npm run eval:moderation -- <fichier.jsonl> [--verbose]
 *
 * The whole file is ONE batch: the context (comparables, photo/text indexes) is built from all of
 * its listings, then each listing is analysed. Exit codes: 0 ok, 2 bad usage / unreadable file.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseDataset } from "../app/services/moderation/dataset";
import { formatFlagReason } from "../app/services/moderation/engine";
import { evaluateDataset } from "../app/services/moderation/evaluation";

const USAGE = "Usage : npm run eval:moderation -- <fichier.jsonl> [--verbose]";

function fail(message: string): never {
  process.stderr.write(`Erreur : ${message}\n${USAGE}\n`);
  process.exit(2);
}

const HELP = `${USAGE}

Évalue le moteur de modération sur un fichier JSONL annoté (une annonce et son label par ligne) :
précision, rappel, F1 et matrice de confusion. Le fichier entier forme un seul lot.

Options :
  -v, --verbose  liste les annonces mal classées
  -h, --help     affiche cette aide`;

function main(argv: string[]): void {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const verbose = argv.includes("--verbose") || argv.includes("-v");
  const unknown = argv.filter((a) => a.startsWith("-") && a !== "--verbose" && a !== "-v");
  if (unknown.length > 0) fail(`option inconnue : ${unknown.join(", ")}`);
  const files = argv.filter((a) => !a.startsWith("-"));
  if (files.length === 0) fail("aucun fichier JSONL indiqué.");
  if (files.length > 1) fail("un seul fichier JSONL est attendu.");

  const file = path.resolve(process.cwd(), files[0]);
  let content: string;
  try {
    if (!statSync(file).isFile()) fail(`« ${files[0]} » n'est pas un fichier.`);
    content = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const detail =
      code === "ENOENT"
        ? "fichier introuvable"
        : code === "EACCES"
          ? "accès refusé"
          : "lecture impossible";
    fail(`impossible de lire « ${files[0]} » (${detail}).`);
  }

  let entries;
  try {
    entries = parseDataset(content);
  } catch (error) {
    fail(`fichier JSONL invalide : ${(error as Error).message}.`);
  }
  if (entries.length === 0) fail(`« ${files[0]} » ne contient aucune annonce.`);

  const started = performance.now();
  const report = evaluateDataset(entries);
  const elapsed = performance.now() - started;

  const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
  const scams = report.truePositives + report.falseNegatives;
  const lines = [
    `Jeu d'évaluation : ${files[0]} (${entries.length} annonces, dont ${scams} arnaques)`,
    "",
    `Précision : ${pct(report.precision)}`,
    `Rappel    : ${pct(report.recall)}`,
    `F1        : ${pct(report.f1)}`,
    "",
    "Matrice de confusion (arnaque = classe positive) :",
    "                      prédit arnaque   prédit légitime",
    `  réel arnaque        ${String(report.truePositives).padStart(14)}   ${String(report.falseNegatives).padStart(15)}`,
    `  réel légitime       ${String(report.falsePositives).padStart(14)}   ${String(report.trueNegatives).padStart(15)}`,
    "",
    `Durée : ${elapsed.toFixed(0)} ms`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);

  if (verbose) {
    const errors = report.results.filter((r) => r.verdict.flagged !== (r.label === "scam"));
    process.stdout.write(`\nAnnonces mal classées (${errors.length}) :\n`);
    for (const r of errors) {
      const kind = r.verdict.flagged ? "faux positif" : "faux négatif";
      const reasons =
        r.verdict.reasons.length > 0 ? formatFlagReason(r.verdict.reasons) : "aucun signal";
      process.stdout.write(
        `  ${r.listing.id}  ${kind}  confiance ${r.verdict.confidence.toFixed(3)}  ${reasons}\n`,
      );
    }
  }
}

try {
  main(process.argv.slice(2));
} catch (error) {
  // An engine failure is a bug to report, but still one French line unless DEBUG asks for more.
  if (process.env.DEBUG) console.error(error);
  process.stderr.write(`Erreur : évaluation impossible : ${(error as Error).message}\n`);
  process.exit(1);
}
