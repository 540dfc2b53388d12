// npm run moderation:fit -- [fichier.jsonl...] [--ship]: refits the moderation model on the
// development data plus the agents' decisions, and stores it as a new engine version unless it
// would lower cross-validated precision (fit-model.ts, judgeRefit).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseDataset, type DatasetEntry } from "~/services/moderation/dataset";
import { fitModel, judgeRefit, labelledRows } from "~/services/moderation/fit-model";
import { activeModel, storeModel } from "~/services/moderation/learning.server";
import { decidedListings } from "~/services/moderation/listing-source.server";
import { SHIPPED_MODEL } from "~/services/moderation/model";
import { getSqlite } from "~/utils/db.server";
import { describeError, fail, runCli } from "./cli";

/**
 * Development sets used when none is given: the three development sets and the three sets written
 * blind from the typology (datasets/moderation/README.md). Our own listings
 * (tests/fixtures/moderation) stay out: a held-out split from yet another writer.
 */
const DEFAULT_DATA = [
  "datasets/moderation/moderation-dev.jsonl",
  "datasets/moderation/moderation-dev2.jsonl",
  "datasets/moderation/moderation-dev3.jsonl",
  "datasets/moderation/moderation-blind1.jsonl",
  "datasets/moderation/moderation-blind2.jsonl",
  "datasets/moderation/moderation-blind3.jsonl",
];
const SHIPPED_FILE = "app/services/moderation/engine-model.json";

function readEntries(file: string): DatasetEntry[] {
  try {
    return parseDataset(readFileSync(path.resolve(process.cwd(), file), "utf8"));
  } catch (error) {
    fail(`lecture impossible de « ${file} » : ${(error as Error).message}`, 2);
  }
}

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;

runCli(
  {
    name: "moderation:fit",
    synopsis: "[fichier.jsonl...] [--ship] [--seuil <x>]",
    description:
      "Réajuste les poids du moteur de modération sur les données de développement et les décisions des agents (Valider / Blacklister), puis enregistre une nouvelle version du moteur, sauf si la précision en validation croisée baisserait.",
    options: [
      ["--ship", "écrit le modèle livré avec le code (données de développement seules)"],
      [
        "--seuil <x>",
        "seuil de signalement (0-1) choisi en leave-one-file-out par npm run eval:moderation ; par défaut celui de la validation croisée",
      ],
    ],
    args: z.object({
      _: z.array(z.string()),
      ship: z.boolean().optional(),
      seuil: z.coerce.number().gt(0).lt(1).optional(),
    }),
  },
  (args) => {
    const files = args._.length > 0 ? args._ : DEFAULT_DATA.filter((file) => existsSync(file));
    if (files.length === 0) fail("aucune donnée de développement trouvée.", 2);
    const development = files.flatMap(readEntries);
    let decisions: DatasetEntry[] = [];
    if (!args.ship) {
      try {
        decisions = decidedListings(getSqlite());
      } catch (error) {
        fail(`lecture des décisions impossible : ${describeError(error)}`, 1);
      }
    }
    const now = new Date();
    const version = `${now.toISOString().slice(0, 16).replace(/[-:T]/g, "")}-${development.length + decisions.length}`;
    const report = fitModel(
      labelledRows([...development, ...decisions]),
      version,
      decisions.length,
      now,
      args.seuil,
    );
    const { model } = report;
    console.log(
      `Données : ${files.join(", ")} (${development.length} annonces) + ${decisions.length} décisions d'agents`,
    );
    console.log(
      `Validation croisée (${model.crossValidation.folds} plis, seuil ${model.threshold}) : précision ${pct(model.crossValidation.precision.value)}, rappel ${pct(model.crossValidation.recall.value)}`,
    );
    if (args.ship) {
      writeFileSync(SHIPPED_FILE, `${JSON.stringify(model, null, 2)}\n`);
      console.log(`Modèle livré écrit : ${SHIPPED_FILE} (version ${version})`);
      return 0;
    }
    const current = activeModel(getSqlite());
    const verdict = judgeRefit(
      current.version === SHIPPED_MODEL.version ? SHIPPED_MODEL : current,
      model,
    );
    if (!verdict.accepted) fail(`réajustement refusé : ${verdict.reason}.`, 1);
    storeModel(getSqlite(), model);
    console.log(`Nouvelle version du moteur enregistrée : ${version}`);
    return 0;
  },
);
