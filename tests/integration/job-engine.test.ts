import { describe, expect, it } from "vitest";
import { importJobs } from "#db/schema";
import { MSG } from "~/messages";
import { cancelJob, createJob, enqueueJob, findJob, JobBusyError, runJob } from "~/services/jobs/engine.server";
import { jobQueue } from "~/services/jobs/queue.server";
import type { JobKind, JobSession } from "~/services/jobs/job-kind";
import { buildJobView } from "~/services/jobs/job-view";
import { holdJob } from "~/services/jobs/lease.server";
import { stopForShutdown } from "~/services/jobs/status-writer.server";
import { getDb, getSqlite } from "~/utils/db.server";
import { makeUser } from "../setup/factories";

/**
 * The engine's rules, the same for every kind, checked on a stand-in kind over the import table:
 * a kind only says what a run does (docs/decisions/010-job-engine.md).
 */
type Probe = { run: (signal: AbortSignal) => Promise<string> };

const probeKind: JobKind<typeof importJobs, Probe> = {
  name: "probe",
  table: importJobs,
  busyMessage: "Un essai est déjà en cours.",
  stopMessage: () => "Essai arrêté",
  writesInBulk: true,
  view: (row) => buildJobView("probe", row, { done: 0, total: 0 }, {}, () => null),
  open(_job, { signal, input }): JobSession {
    return {
      run: () => input.run(signal),
      failure: (error) => ({ message: `Erreur de l'essai : ${error.message}`, errors: ["ligne 1"] }),
      stopped: () => "Essai arrêté après 0 ligne",
    };
  },
};

function createProbe(userId: string) {
  return createJob(probeKind, userId, (lease) => getDb().insert(importJobs).values({ userId, source: "essai", ...lease }).returning().get());
}

const autoCheckpoint = () => Number(getSqlite().pragma("wal_autocheckpoint", { simple: true }));

describe("moteur de jobs", () => {
  it("mène un job à son terme avec le message de la session, checkpoints du WAL hors du fil principal pendant ce temps", async () => {
    const user = await makeUser();
    let during = -1;
    const job = await runJob(probeKind, createProbe(user.id), {
      run: async () => {
        during = autoCheckpoint();
        return "Essai terminé";
      },
    });
    expect(job).toMatchObject({ status: "completed", message: "Essai terminé" });
    expect(job.finishedAt).toBeInstanceOf(Date);
    expect(during).toBe(0);
  });

  it("un seul job ouvert par utilisateur et par sorte", async () => {
    const user = await makeUser();
    createProbe(user.id);
    expect(() => createProbe(user.id)).toThrow(JobBusyError);
    expect(() => createProbe(user.id)).toThrow("Un essai est déjà en cours.");
  });

  it("une erreur échoue le job avec le message et les lignes d'erreur de la session", async () => {
    const user = await makeUser();
    const job = await runJob(probeKind, createProbe(user.id), {
      run: async () => {
        throw new Error("flux illisible");
      },
    });
    expect(job).toMatchObject({ status: "failed", message: "Erreur de l'essai : flux illisible", errors: ["ligne 1"] });
  });

  it("un job qui ne peut même pas enregistrer sa fin n'arrête pas le processus (rejet non géré)", async () => {
    const user = await makeUser();
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", listener);
    try {
      const brokenKind: JobKind<typeof importJobs, Probe> = {
        ...probeKind,
        open: (job, options) => ({
          ...probeKind.open(job, options),
          // Stands for a failJob that throws "database is locked" after busy_timeout.
          failure: () => {
            throw new Error("database is locked");
          },
        }),
      };
      enqueueJob(brokenKind, createProbe(user.id), {
        run: async () => {
          throw new Error("flux illisible");
        },
      });
      await jobQueue().onIdle();
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", listener);
    }
  });

  it("Stop pendant le travail : arrêté avec le message de la session, jamais terminé", async () => {
    const user = await makeUser();
    const created = createProbe(user.id);
    const signal = holdJob(probeKind, created.id);
    const job = await runJob(
      probeKind,
      created,
      {
        run: async () => {
          expect(cancelJob(probeKind, user.id, created.id)).toBe(true);
          expect(signal.aborted).toBe(true);
          return "Essai terminé";
        },
      },
      signal,
    );
    expect(job).toMatchObject({ status: "cancelled", message: "Essai arrêté après 0 ligne" });
    expect(cancelJob(probeKind, user.id, created.id)).toBe(false);
  });

  it("un arrêt du serveur garde son message ; un job arrêté avant de démarrer ne démarre pas", async () => {
    const user = await makeUser();
    const created = createProbe(user.id);
    const job = await runJob(probeKind, created, {
      run: async () => {
        stopForShutdown(probeKind, created.id);
        return "Essai terminé";
      },
    });
    expect(job).toMatchObject({ status: "cancelled", message: MSG.jobStoppedByShutdown });

    const other = await makeUser();
    const stopped = createProbe(other.id);
    expect(cancelJob(probeKind, other.id, stopped.id)).toBe(true);
    let ran = false;
    await runJob(probeKind, stopped, { run: async () => ((ran = true), "") });
    expect(ran).toBe(false);
    expect(findJob(probeKind, other.id, stopped.id)).toMatchObject({ status: "cancelled", message: "Essai arrêté" });
  });
});
