// npm run moderate -- --email <user>: moderates all of that user's pending listings (DECISIONS.md,
// "Interfaces"), with the same job code as the screens, in this process; prints the result.
import { z } from "zod";
import { abortHeldJobs } from "~/services/jobs/lease.server";
import { JobBusyError } from "~/services/jobs/engine.server";
import { moderateAllPending } from "~/services/moderation/moderate-all.server";
import { findUserIdByEmail } from "~/services/users/users.server";
import { formatNumber } from "~/utils/format";
import { describeError, emailFlag, fail, runCli } from "./cli";

runCli(
  {
    name: "moderate",
    synopsis: "--email <email>",
    description:
      "Modère toutes les annonces en attente de ce compte, par lots, comme l'écran de modération. Ctrl+C arrête après le lot en cours ; ce qui est écrit reste.",
    options: [["--email <email>", "compte dont les annonces sont modérées (obligatoire)"]],
    args: z.object({ email: emailFlag }),
  },
  async (args) => {
    const userId = findUserIdByEmail(args.email);
    if (!userId) fail(`aucun compte avec l'email ${args.email}.`, 1);

    // Ctrl+C (or a stop from a supervisor) ends after the current batch: the job ends 'cancelled'.
    const interrupt = new AbortController();
    const onSignal = () => {
      console.error("Arrêt demandé : fin du lot en cours...");
      interrupt.abort();
      abortHeldJobs();
    };
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);

    const started = Date.now();
    let run = 0;
    try {
      const result = await moderateAllPending(userId, {
        signal: interrupt.signal,
        onRun: (job) => {
          run += 1;
          console.error(
            `Passe ${run} : ${job.batches} lots, ${formatNumber(job.moderated)} analysées, ${formatNumber(job.flagged)} suspectes`,
          );
        },
      });
      console.log(result.message);
      console.log(`moderated: ${result.moderated}`);
      console.log(`flagged: ${result.flagged}`);
      console.log(`remaining: ${result.remaining}`);
      console.log(`Durée : ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return result.status === "failed" ? 1 : 0;
    } catch (error) {
      if (interrupt.signal.aborted) fail("modération interrompue avant la première écriture.", 130);
      fail(
        error instanceof JobBusyError
          ? error.message
          : `modération impossible : ${describeError(error)}`,
        1,
      );
    }
  },
);
