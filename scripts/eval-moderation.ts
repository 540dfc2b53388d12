/**
 * Evaluates the moderation engine on labelled JSONL files.
 *
 *   npm run eval:moderation -- <fichier.jsonl>... [--verbose]
 *   npm run eval:moderation -- <fichier.jsonl>... --holdout <fichier.jsonl>
 *   npm run eval:moderation -- --rules <fichier.jsonl>...
 *   npm run eval:moderation [-- --lofo [<fichier.jsonl>...] [--sans-texte]]
 *
 * Without files (or with --lofo): leave-one-file-out over every labelled file of the repository
 * (each file scored by a model fitted without it: the honest estimate), figures per file and per
 * `kind`, and the rule-support report with the rules only one file supports.
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
import { fitModel, heldOutRows, labelledRows } from "../app/services/moderation/fit-model";
import {
  confusion,
  predict,
  type Confusion,
  type Interval,
} from "../app/services/moderation/logistic-fit";
import { weightVector } from "../app/services/moderation/model";
import {
  figuresPerKind,
  leaveOneFileOut,
  type LabelledFile,
} from "../app/services/moderation/leave-one-file-out";
import { MIN_SUPPORT, ruleSupport } from "../app/services/moderation/rule-support";
import type { DatasetEntry } from "../app/services/moderation/dataset";

const USAGE =
  "Usage : npm run eval:moderation [-- --lofo [<fichier.jsonl>...] [--sans-texte]] | -- <fichier.jsonl>... [--holdout <fichier.jsonl>] [--verbose] | -- --rules <fichier.jsonl>...";

/** Every labelled file of the repository: development sets, blind sets and our own fixtures. */
const LABELLED_FILES = [
  "datasets/moderation/moderation-dev.jsonl",
  "datasets/moderation/moderation-dev2.jsonl",
  "datasets/moderation/moderation-dev3.jsonl",
  "datasets/moderation/moderation-blind1.jsonl",
  "datasets/moderation/moderation-blind2.jsonl",
  "datasets/moderation/moderation-blind3.jsonl",
  "tests/fixtures/moderation/held-out-listings.jsonl",
  "tests/fixtures/moderation/own-listings.jsonl",
];

function fail(message: string): never {
  process.stderr.write(`Erreur : ${message}\n${USAGE}\n`);
  process.exit(2);
}

const HELP = `${USAGE}

Évalue le moteur de modération sur des fichiers JSONL annotés (une annonce et son label par ligne).
Les fichiers forment un seul lot. Affiche la précision et le rappel du modèle livré, puis ceux d'un
réajustement en validation croisée (intervalles à 95 %), la table de calibration et le seuil.

Sans fichier, ou avec --lofo : chaque fichier est mesuré par un modèle ajusté sans lui
(« leave-one-file-out », l'estimation honnête pour des annonces d'autres rédacteurs), avec les
chiffres par fichier, par « kind » et le rapport de support des règles (règles qu'un seul fichier
appuie).

Options :
  --lofo         leave-one-file-out sur les fichiers donnés (tous les fichiers annotés du dépôt par défaut)
  --sans-texte   sans le modèle de texte appris (pour comparer)
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

function lofoReport(paths: string[], text: boolean): string[] {
  const files: LabelledFile[] = paths.map((file) => ({ name: file, entries: readEntries(file) }));
  const result = leaveOneFileOut(files, { text });
  const row = (name: string, c: Confusion): string =>
    `${name.padEnd(50)}${pct(c.precision.value).padStart(9)}${pct(c.recall.value).padStart(9)}${String(c.falsePositives).padStart(6)}${String(c.falseNegatives).padStart(6)}`;
  const header = `${"Fichier tenu à part".padEnd(50)}${"préc.".padStart(9)}${"rappel".padStart(9)}${"FP".padStart(6)}${"FN".padStart(6)}`;
  const lines = [
    `Leave-one-file-out${text ? "" : " (sans le modèle de texte)"} : chaque fichier mesuré par un modèle ajusté sur les autres seuls.`,
    "",
    `Au seuil choisi sur l'ensemble des fichiers tenus à part (${result.threshold}, précision ≥ 95 % et meilleur rappel) :`,
    header,
    ...result.files.map((f) => row(f.name, confusion(f.probabilities, f.labels, result.threshold))),
    row("Ensemble", result.pooled),
    `  précision ${interval(result.pooled.precision)}`,
    `  rappel    ${interval(result.pooled.recall)}`,
    "",
    "Au seuil que chaque modèle a choisi sur ses propres données :",
    header,
    ...result.files.map((f) => `${row(f.name, f.atOwnThreshold)}   seuil ${f.ownThreshold}`),
    "",
    `Par « kind » (au seuil ${result.threshold}) : arnaques repérées, ou annonces honnêtes signalées à tort :`,
  ];
  for (const k of figuresPerKind(files, result, result.threshold)) {
    const what = k.label === "scam" ? "repérées" : "signalées à tort";
    lines.push(`  ${k.label === "scam" ? "arnaque " : "honnête "} ${k.kind.padEnd(36)} ${k.flagged}/${k.count} ${what}`);
  }
  lines.push("", ...ruleFilesReport(files));
  return lines;
}

/** Rules whose support (scams for a scam rule, honest listings for a favourable one) comes from one file only. */
function ruleFilesReport(files: LabelledFile[]): string[] {
  const perFile = files.map((file) => ruleSupport(file.entries));
  const overall = ruleSupport(files.flatMap((file) => file.entries));
  const lines = ["Support des règles par fichier (règles qu'un seul fichier appuie) :"];
  let single = 0;
  overall.forEach((rule, r) => {
    if (rule.kind === "context") return;
    const supporting = files.filter((_, f) =>
      rule.kind === "scam" ? perFile[f][r].scams > 0 : perFile[f][r].honest > 0,
    );
    if (supporting.length === 1) {
      single++;
      lines.push(
        `  ${rule.rule.padEnd(30)} ${rule.kind === "scam" ? `${rule.scams} arnaque(s)` : `${rule.honest} honnête(s)`}, toutes dans ${supporting[0].name}  ← un seul fichier`,
      );
    } else if (supporting.length === 0) {
      lines.push(`  ${rule.rule.padEnd(30)} aucun exemple  ← sans support`);
    }
  });
  if (single === 0) lines.push("  aucune règle n'est appuyée par un seul fichier");
  return lines;
}

function main(argv: string[]): void {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const known = new Set(["--verbose", "-v", "--rules", "--holdout", "--lofo", "--sans-texte"]);
  const unknown = argv.filter((a) => a.startsWith("-") && !known.has(a));
  if (unknown.length > 0) fail(`option inconnue : ${unknown.join(", ")}`);
  const holdoutAt = argv.indexOf("--holdout");
  const holdoutFile = holdoutAt >= 0 ? argv[holdoutAt + 1] : undefined;
  if (holdoutAt >= 0 && (!holdoutFile || holdoutFile.startsWith("-")))
    fail("--holdout attend un fichier.");
  const files = argv.filter(
    (a, i) => !a.startsWith("-") && !(holdoutAt >= 0 && i === holdoutAt + 1),
  );
  if (files.length === 0 || argv.includes("--lofo")) {
    const paths = files.length > 0 ? files : LABELLED_FILES;
    const started = performance.now();
    const lines = lofoReport(paths, !argv.includes("--sans-texte"));
    lines.push("", `Durée : ${((performance.now() - started) / 1000).toFixed(0)} s`);
    process.stdout.write(`${lines.join("\n")}\n`);
    return;
  }
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
    const rows = heldOutRows(entries, test);
    const model = fitModel(rows.train, "holdout", 0, new Date()).model;
    const weights = weightVector(model);
    const probabilities = rows.test.rows.map((row) => predict({ bias: model.bias, weights }, row));
    lines.push(
      "",
      `Jeu tenu à part : ${holdoutFile} (${test.length} annonces, jamais vues à l'ajustement, seuil ${model.threshold}) :`,
      ...confusionLines(
        confusion(probabilities, rows.test.labels, model.threshold),
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
