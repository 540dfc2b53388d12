// npm run moderate -- --email <user>: moderates all of that user's pending listings (DECISIONS.md,
// "Interfaces"), with the same job code as the screens, in this process; prints the result.
import { z } from "zod";
import { abortHeldJobs } from "~/services/jobs/lease.server";
import { ModerationBusyError } from "~/services/moderation/jobs.server";
import { moderateAllPending } from "~/services/moderation/moderate-all.server";
import { findUserIdByEmail } from "~/services/users.server";
import { closeDb } from "~/utils/db.server";
import { formatNumber } from "~/utils/format";
import { emailFlag, fail, parseFlags } from "./cli";

const args = parseFlags(z.object({ _: z.array(z.string()), email: emailFlag }));
const userId = findUserIdByEmail(args.email);
if (!userId) {
  closeDb();
  fail(`aucun compte avec l'email ${args.email}.`, 1);
}

// Ctrl+C stops after the current batch: what was written stays, the job ends 'cancelled'.
const interrupt = new AbortController();
process.once("SIGINT", () => {
  console.error("Arrêt demandé : fin du lot en cours...");
  interrupt.abort();
  abortHeldJobs();
});

const started = Date.now();
try {
  let run = 0;
  const result = await moderateAllPending(userId, {
    signal: interrupt.signal,
    onRun: (job) => {
      run += 1;
      console.error(`Passe ${run} : ${job.batches} lots, ${formatNumber(job.moderated)} analysées, ${formatNumber(job.flagged)} suspectes`);
    },
  });
  closeDb();
  console.log(result.message);
  console.log(`moderated: ${result.moderated}`);
  console.log(`flagged: ${result.flagged}`);
  console.log(`remaining: ${result.remaining}`);
  console.log(`Durée : ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(result.status === "failed" ? 1 : 0);
} catch (error) {
  closeDb();
  if (interrupt.signal.aborted) fail("modération interrompue avant la première écriture.", 130);
  fail(error instanceof ModerationBusyError ? error.message : `Erreur lors de la modération: ${(error as Error).message}`, 1);
}
