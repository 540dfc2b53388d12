// npm run prospect -- --email <user>
// Runs every search zone of that user that is due (as the scheduler would), one after the
// other in this process, waits for their auto-moderation, then exits. Same service as
// /prospection; a server running alongside sees these runs as open imports of the user, so the
// same zone never runs twice at once.
import { z } from "zod";
import { IMPORT_STATUS_LABELS } from "~/services/imports/import-job-view";
import { warmUpImportWorker } from "~/services/imports/ad-page-thread.server";
import { runImportJob } from "~/services/imports/import-jobs.server";
import { jobQueue } from "~/services/jobs/queue.server";
import { dueZonesOf, prepareZoneRun } from "~/services/prospecting/zone-runs.server";
import { findUserIdByEmail } from "~/services/users/users.server";
import { emailFlag, fail, runCli } from "./cli";

runCli(
  {
    name: "prospect",
    synopsis: "--email <email>",
    description: "Lance chaque zone de prospection de ce compte dont la recherche est due, puis s'arrête.",
    options: [["--email <email>", "compte dont les zones sont lancées (obligatoire)"]],
    args: z.object({ email: emailFlag }),
  },
  async (args) => {
    const userId = findUserIdByEmail(args.email);
    if (!userId) fail(`aucun compte avec l'email ${args.email}.`, 1);
    const now = new Date();
    const zones = dueZonesOf(userId, now);
    if (zones.length === 0) {
      console.log(`Aucune zone à lancer pour ${args.email}.`);
      return 0;
    }
    await warmUpImportWorker();
    let failures = 0;
    for (const zone of zones) {
      const run = prepareZoneRun(userId, zone.id, now);
      if (!run) continue;
      const final = await runImportJob(run.job, run.makeSource);
      if (final.status !== "completed") failures += 1;
      const detail = final.message && final.message !== IMPORT_STATUS_LABELS[final.status] ? ` : ${final.message}` : "";
      console.log(
        `${zone.name} — ${IMPORT_STATUS_LABELS[final.status]}${detail} (nouvelles ${final.imported}, mises à jour ${final.updated}, retirées ${final.withdrawn}, baisses de prix ${final.priceDrops})`,
      );
    }
    // Auto-moderation runs are queued in this process after each zone run.
    await jobQueue().onIdle();
    return failures === 0 ? 0 : 1;
  },
);
