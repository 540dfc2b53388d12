/**
 * Evaluates the moderation engine on labelled JSONL files.
 *
 *   npm run eval:moderation -- <fichier.jsonl>... [--verbose]
 *   npm run eval:moderation -- <fichier.jsonl>... --holdout <fichier.jsonl>
 *   npm run eval:moderation -- --rules <fichier.jsonl>...
 *
 * The files form ONE batch: the context (comparables, photo/text indexes) is built from all of
 * their listings. Prints the shipped model's figures, then the cross-validated figures of a refit
 * (95 % intervals, calibration table, threshold). Exit codes: 0 ok, 2 bad usage / unreadable file.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseDataset } from "../app/services/moderation/dataset";
import { formatFlagReason } from "../app/services/moderation/engine";
import { evaluateDataset } from "../app/services/moderation/evaluation";
import { fitModel, labelledRows } from "../app/services/moderation/fit-model";
import {
  confusion,
  predict,
  type Confusion,
  type Interval,
} from "../app/services/moderation/logistic-fit";
import { weightVector } from "../app/services/moderation/model";
import { MIN_SUPPORT, ruleSupport } from "../app/services/moderation/rule-support";
import type { DatasetEntry } from "../app/services/moderation/dataset";

const USAGE =
  "Usage : npm run eval:moderation -- <fichier.jsonl>... [--holdout <fichier.jsonl>] [--verbose] | --rules <fichier.jsonl>...";

function fail(message: string): never {
  process.stderr.write(`Erreur : ${message}\n${USAGE}\n`);
  process.exit(2);
}

const HELP = `${USAGE}

Évalue le moteur de modération sur des fichiers JSONL annotés (une annonce et son label par ligne).
Les fichiers forment un seul lot. Affiche la précision et le rappel du modèle livré, puis ceux d'un
réajustement en validation croisée (intervalles à 95 %), la table de calibration et le seuil.

Options :
  --holdout F    ajuste sur les autres fichiers et mesure sur F seul (jamais vu à l'ajustement)
  --rules        rapport de support des règles : arnaques et annonces honnêtes par règle
  -v, --verbose  liste les annonces mal classées par le modèle livré
  -h, --help     affiche cette aide`;

function readEntries(file: string): DatasetEntry[] {
  const resolved = path.resolve(process.cwd(), file);
  let content: string;
  try {
    if (!statSync(resolved).isFile()) fail(`« ${file} » n'est pas un fichier.`);
    content = readFileSync(resolved, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const detail =
      code === "ENOENT"
        ? "fichier introuvable"
        : code === "EACCES"
          ? "accès refusé"
          : "lecture impossible";
    fail(`impossible de lire « ${file} » (${detail}).`);
  }
  let entries: DatasetEntry[];
  try {
    entries = parseDataset(content);
  } catch (error) {
    fail(`fichier JSONL invalide (${file}) : ${(error as Error).message}.`);
  }
  if (entries.length === 0) fail(`« ${file} » ne contient aucune annonce.`);
  return entries;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
const interval = (i: Interval): string =>
  `${pct(i.value)}  (IC 95 % : ${pct(i.low)} – ${pct(i.high)})`;

function confusionLines(c: Confusion): string[] {
  return [
    `Précision : ${interval(c.precision)}`,
    `Rappel    : ${interval(c.recall)}`,
    `Matrice : ${c.truePositives} vrais positifs, ${c.falsePositives} faux positifs, ${c.falseNegatives} faux négatifs, ${c.trueNegatives} vrais négatifs`,
  ];
}

const KIND_LABELS = { scam: "arnaque", favourable: "en faveur", context: "contexte" } as const;

function rulesReport(entries: DatasetEntry[]): string[] {
  const report = ruleSupport(entries);
  const lines = [
    "Règle                        rôle       arnaques  honnêtes  alternatives  formulations rares",
  ];
  for (const r of report) {
    lines.push(
      `${r.rule.padEnd(29)}${KIND_LABELS[r.kind].padEnd(10)}${String(r.scams).padStart(9)}${String(r.honest).padStart(10)}${String(r.alternatives).padStart(14)}${String(r.weak.length).padStart(20)}${r.insufficient ? "  ← support insuffisant" : ""}`,
    );
  }
  const insufficient = report.filter((r) => r.insufficient);
  lines.push(
    "",
    `Règles appuyées par moins de ${MIN_SUPPORT} exemples : ${insufficient.length === 0 ? "aucune" : insufficient.map((r) => r.rule).join(", ")}`,
  );
  const weak = report.flatMap((r) => r.weak.map((w) => ({ rule: r.rule, ...w })));
  lines.push(
    "",
    `Formulations de plusieurs mots appuyées par moins de ${MIN_SUPPORT} arnaques (${weak.length}) :`,
  );
  for (const w of weak)
    lines.push(
      `  ${w.rule} : ${w.scams} arnaque(s), ${w.honest} honnête(s)  /${w.alternative.slice(0, 90)}/`,
    );
  return lines;
}

function main(argv: string[]): void {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const known = new Set(["--verbose", "-v", "--rules", "--holdout"]);
  const unknown = argv.filter((a) => a.startsWith("-") && !known.has(a));
  if (unknown.length > 0) fail(`option inconnue : ${unknown.join(", ")}`);
  const holdoutAt = argv.indexOf("--holdout");
  const holdoutFile = holdoutAt >= 0 ? argv[holdoutAt + 1] : undefined;
  if (holdoutAt >= 0 && (!holdoutFile || holdoutFile.startsWith("-")))
    fail("--holdout attend un fichier.");
  const files = argv.filter(
    (a, i) => !a.startsWith("-") && !(holdoutAt >= 0 && i === holdoutAt + 1),
  );
  if (files.length === 0) fail("aucun fichier JSONL indiqué.");
  const entries = files.flatMap(readEntries);

  if (argv.includes("--rules")) {
    process.stdout.write(`${rulesReport(entries).join("\n")}\n`);
    return;
  }

  const started = performance.now();
  const shipped = evaluateDataset(entries);
  const labels = Uint8Array.from(entries, (e) => (e.label === "scam" ? 1 : 0));
  const shippedConfusion = confusion(
    shipped.results.map((r) => (r.verdict.flagged ? 1 : 0)),
    labels,
    0.5,
  );
  const data = labelledRows(entries);
  const fit = fitModel(data, "evaluation", 0, new Date());
  const lines = [
    `Jeu d'évaluation : ${files.join(", ")} (${entries.length} annonces, dont ${labels.reduce((s, l) => s + l, 0)} arnaques)`,
    "",
    `Modèle livré (version ${shipped.results[0]?.verdict.engineVersion ?? "?"}) :`,
    ...confusionLines(shippedConfusion),
    "",
    `Réajustement en validation croisée (${fit.model.crossValidation.folds} plis, L2 = ${fit.l2}, seuil ${fit.model.threshold}) :`,
    ...confusionLines(fit.crossValidated),
    "",
    "Calibration (confiance prédite hors pli / part observée d'arnaques) :",
    ...fit.calibration.map(
      (b) =>
        `  ${pct(b.from).padStart(7)} – ${pct(b.to).padEnd(8)} ${String(b.count).padStart(5)} annonces   prédit ${b.count ? pct(b.predicted) : "—"}   observé ${b.count ? pct(b.observed) : "—"}`,
    ),
  ];
  if (holdoutFile) {
    const test = readEntries(holdoutFile);
    // The held-out listings join the context (comparables) but never the fit.
    const all = labelledRows([...entries, ...test]);
    const trainRows = {
      rows: all.rows.slice(0, entries.length),
      labels: all.labels.slice(0, entries.length),
    };
    const model = fitModel(trainRows, "holdout", 0, new Date()).model;
    const weights = weightVector(model);
    const testRows = all.rows.slice(entries.length);
    const probabilities = testRows.map((row) => predict({ bias: model.bias, weights }, row));
    lines.push(
      "",
      `Jeu tenu à part : ${holdoutFile} (${test.length} annonces, jamais vues à l'ajustement, seuil ${model.threshold}) :`,
      ...confusionLines(
        confusion(probabilities, all.labels.slice(entries.length), model.threshold),
      ),
    );
  }
  lines.push("", `Durée : ${(performance.now() - started).toFixed(0)} ms`);
  process.stdout.write(`${lines.join("\n")}\n`);

  if (argv.includes("--verbose") || argv.includes("-v")) {
    const errors = shipped.results.filter((r) => r.verdict.flagged !== (r.label === "scam"));
    process.stdout.write(`\nAnnonces mal classées par le modèle livré (${errors.length}) :\n`);
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
