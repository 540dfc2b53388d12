// npm run import -- --email <user> [--pages N] [--per-page N]
// The MoteurImmo import of /moteurimmo-sync, run in this process: the job row carries this
// process's worker id and heartbeat, so a server running alongside never takes it for dead.
import { z } from "zod";
import { warmUpImportWorker } from "~/services/imports/ad-page-thread.server";
import { IMPORT_STATUS_LABELS } from "~/services/imports/import-job-view";
import { cancelImportJob, runImportJob } from "~/services/imports/import-jobs.server";
import { prepareMoteurImmoImport } from "~/services/imports/moteurimmo-import.server";
import { findUserIdByEmail } from "~/services/users.server";
import { closeDb } from "~/utils/db.server";
import { emailFlag, fail, parseFlags } from "./cli";

const args = parseFlags(
  z.object({
    _: z.array(z.string()),
    email: emailFlag,
    pages: z.string().optional(),
    "per-page": z.string().optional(),
  }),
);

async function main(): Promise<number> {
  const worker = warmUpImportWorker();
  const userId = findUserIdByEmail(args.email);
  if (!userId) {
    console.error(`Erreur : aucun compte avec l'email ${args.email}.`);
    return 1;
  }
  let prepared: ReturnType<typeof prepareMoteurImmoImport>;
  try {
    prepared = prepareMoteurImmoImport(userId, { pages: args.pages, perPage: args["per-page"] });
  } catch (error) {
    console.error(`Erreur : ${(error as Error).message}`);
    return 1;
  }
  const { job, params, mode, makeSource } = prepared;
  await worker;
  console.log(
    `Import MoteurImmo${mode === "demo" ? " (mode démo)" : ""} pour ${args.email} : ${params.pages} page(s) de ${params.perPage} annonces (job ${job.id})`,
  );
  // Ctrl+C stops like the Stop button: the job ends cancelled after the page in progress.
  const onSignal = () => {
    console.log("\nArrêt demandé...");
    cancelImportJob(userId, job.id);
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
  console.log(
    [
      `${IMPORT_STATUS_LABELS[final.status]}${final.message ? ` : ${final.message}` : ""}`,
      `Importées : ${final.imported}`,
      `Mises à jour : ${final.updated}`,
      `Ignorées : ${final.skipped}`,
      `Total traité : ${final.totalProcessed}`,
    ].join("\n"),
  );
  const shown = final.errors.slice(0, 5);
  for (const line of shown) console.log(`  - ${line}`);
  if (final.errors.length > shown.length) console.log(`  … et ${final.errors.length - shown.length} autres erreurs`);
  return final.status === "completed" ? 0 : 1;
}

main()
  .then((code) => {
    closeDb();
    process.exit(code);
  })
  .catch((error: unknown) => {
    closeDb();
    fail((error as Error).message, 1);
  });
