// npm run import -- --email <user> [--departments 69,01] [--communes 69123] [--transaction vente|location]
//   [--price-min N] [--price-max N] [--pages N] [--per-page N]
// The MoteurImmo import of /moteurimmo-sync, run in this process: the job row carries this
// process's worker id and heartbeat, so a server running alongside never takes it for dead.
// Without criteria flags it sends the fixed query; with them, the body a search zone would send.
import { z } from "zod";
import { IMPORT_PAGES, IMPORT_PER_PAGE } from "~/config";
import { warmUpImportWorker } from "~/services/imports/ad-page-thread.server";
import { IMPORT_STATUS_LABELS } from "~/services/imports/import-job-view";
import { importJobKind, runImportJob } from "~/services/imports/import-jobs.server";
import { cancelJob } from "~/services/jobs/engine.server";
import { prepareMoteurImmoImport } from "~/services/imports/moteurimmo-import.server";
import { criteriaFlags, criteriaOptions, criteriaFromFlags } from "./criteria-flags";
import { findUserIdByEmail } from "~/services/users/users.server";
import { formatNumber } from "~/utils/format";
import { emailFlag, fail, intFlag, runCli } from "./cli";

runCli(
  {
    name: "import",
    synopsis:
      "--email <email> [--departments 69,01] [--communes 69123] [--transaction vente|location] [--price-min N] [--price-max N] [--pages N] [--per-page N]",
    description:
      "Importe les annonces MoteurImmo pour ce compte, comme l'écran /moteurimmo-sync (mode démo sans MOTEURIMMO_API_KEY). Ctrl+C arrête l'import après la page en cours.",
    options: [
      ["--email <email>", "compte qui reçoit les annonces (obligatoire)"],
      ...criteriaOptions,
      [
        "--pages N",
        `nombre de pages, de ${IMPORT_PAGES.min} à ${IMPORT_PAGES.max} (défaut : ${IMPORT_PAGES.default})`,
      ],
      [
        "--per-page N",
        `annonces par page, de ${IMPORT_PER_PAGE.min} à ${formatNumber(IMPORT_PER_PAGE.max)} (défaut : ${formatNumber(IMPORT_PER_PAGE.default)})`,
      ],
    ],
    args: z.object({
      email: emailFlag,
      ...criteriaFlags,
      pages: intFlag("pages", IMPORT_PAGES),
      "per-page": intFlag("per-page", IMPORT_PER_PAGE),
    }),
  },
  async (args) => {
    const worker = warmUpImportWorker();
    const userId = findUserIdByEmail(args.email);
    if (!userId) fail(`aucun compte avec l'email ${args.email}.`, 1);
    const criteria = criteriaFromFlags(args);
    const { job, params, mode, makeSource } = prepareMoteurImmoImport(
      userId,
      { pages: args.pages, perPage: args["per-page"] },
      {},
      { criteria },
    );
    await worker;
    console.log(
      `Import MoteurImmo${mode === "demo" ? " (mode démo)" : ""} pour ${args.email} : ${params.pages} page(s) de ${params.perPage} annonces (job ${job.id})`,
    );
    // Ctrl+C stops like the Stop button: the job ends cancelled after the page in progress.
    const onSignal = () => {
      console.log("\nArrêt demandé...");
      cancelJob(importJobKind, userId, job.id);
    };
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);

    const final = await runImportJob(job, () => ({
      ...makeSource(),
      onPageWritten: (row) =>
        console.log(
          `Page ${row.currentPage}/${row.totalPages} : ${row.imported} importées, ${row.updated} mises à jour, ${row.skipped} ignorées`,
        ),
    }));
    const label = IMPORT_STATUS_LABELS[final.status];
    // A stopped job's message is the label itself ("Import arrêté"): say it once.
    const detail = final.message && final.message !== label ? ` : ${final.message}` : "";
    console.log(
      [
        `${label}${detail}`,
        `Importées : ${final.imported}`,
        `Mises à jour : ${final.updated}`,
        `Ignorées : ${final.skipped}`,
        `Retirées : ${final.withdrawn}`,
        `Baisses de prix : ${final.priceDrops}`,
        `Total traité : ${final.totalProcessed}`,
      ].join("\n"),
    );
    const shown = final.errors.slice(0, 5);
    for (const line of shown) console.log(`  - ${line}`);
    if (final.errors.length > shown.length)
      console.log(`  … et ${final.errors.length - shown.length} autres erreurs`);
    return final.status === "completed" ? 0 : 1;
  },
);
