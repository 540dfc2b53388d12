import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import os from "node:os";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { importJobs } from "#db/schema";
import { MSG } from "~/messages";
import { sweepDeadJobs } from "~/services/jobs/kinds.server";
import { getDb } from "~/utils/db.server";
import { makeUser } from "../setup/factories";
import type { FakeMoteurImmo } from "../../testing/fake-moteurimmo";
import { jobRow, listingsOf, resetPartnerEnv, useFakePartner } from "../setup/import-factories";

let partner: FakeMoteurImmo | undefined;
const children = new Set<ChildProcess>();
afterEach(async () => {
  // A failed test must not leave a CLI behind.
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  children.clear();
  await partner?.close();
  partner = undefined;
  resetPartnerEnv();
});

function insertOpenJob(userId: string, workerId: string, heartbeatAgoMs: number) {
  return getDb()
    .insert(importJobs)
    .values({ userId, source: "moteurimmo", status: "processing", workerId, heartbeatAt: new Date(Date.now() - heartbeatAgoMs) })
    .returning()
    .get();
}

/** The CLI as an operator runs it: its own process, its own worker id and heartbeat. */
function startCli(args: string[]) {
  // `node --import tsx` keeps the CLI in ONE process, so kill -9 really kills the worker.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/import.ts", ...args], {
    env: { ...process.env, VIGIMMO_SILENT_LOGS: "true" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor<T>(read: () => T | undefined | null | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition non atteinte à temps");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function jobOf(userId: string) {
  return getDb().select().from(importJobs).where(eq(importJobs.userId, userId)).get();
}

describe("règle de redémarrage (bail des jobs)", () => {
  it("échoue le job d'un worker dont le battement est trop ancien, en français", async () => {
    const user = await makeUser();
    const stale = insertOpenJob(user.id, "autre-machine:4242:abcd", 60_000);
    expect(sweepDeadJobs()).toBe(1);
    expect(jobRow(stale.id)).toMatchObject({ status: "failed", message: MSG.jobInterrupted });
    expect(jobRow(stale.id).finishedAt).toBeInstanceOf(Date);
  });

  it("laisse tranquille le job d'un autre worker vivant au battement récent", async () => {
    const user = await makeUser();
    const fresh = insertOpenJob(user.id, "autre-machine:4242:abcd", 1_000);
    expect(sweepDeadJobs()).toBe(0);
    expect(jobRow(fresh.id).status).toBe("processing");
    // Its worker "finishes" so that later sweeps of this file do not count it.
    getDb().update(importJobs).set({ status: "completed" }).where(eq(importJobs.id, fresh.id)).run();
  });

  it("sur la même machine, un processus disparu est reconnu tout de suite", async () => {
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    const user = await makeUser();
    const job = insertOpenJob(user.id, `${os.hostname()}:${dead}:abcd`, 0);
    expect(sweepDeadJobs()).toBe(1);
    expect(jobRow(job.id).status).toBe("failed");
  });
});

describe("npm run import", () => {
  it("importe dans son propre processus sans être pris pour mort, affiche la progression et sort avec 0", async () => {
    partner = await useFakePartner({ total: 150, faults: [{ page: 2, type: "delay", ms: 1500 }] });
    const user = await makeUser({ admin: true });
    const cli = startCli(["--email", user.email, "--pages", "5", "--per-page", "50"]);
    const running = await waitFor(() => {
      const job = jobOf(user.id);
      return job && job.currentPage === 1 ? job : null;
    });
    expect(running.workerId).not.toBeNull();
    // The server's periodic sweep runs while the CLI waits for page 2.
    expect(sweepDeadJobs()).toBe(0);
    expect(await cli.exited).toBe(0);
    const done = jobOf(user.id)!;
    expect(done).toMatchObject({ status: "completed", imported: 150, currentPage: 3 });
    expect(cli.output()).toContain("Page 1/3 : 50 importées");
    expect(cli.output()).toContain("Importées : 150");
    expect(listingsOf(user.id)).toHaveLength(150);
  }, 60_000);

  it("un CLI tué (kill -9) laisse un job que le balayage échoue, avec des compteurs cohérents", async () => {
    partner = await useFakePartner({ total: 150, faults: [{ page: 2, type: "hang" }] });
    const user = await makeUser({ admin: true });
    const cli = startCli(["--email", user.email, "--pages", "3", "--per-page", "50"]);
    await waitFor(() => jobOf(user.id)?.currentPage === 1);
    cli.child.kill("SIGKILL");
    await cli.exited;
    expect(sweepDeadJobs()).toBe(1);
    const job = jobOf(user.id)!;
    expect(job).toMatchObject({ status: "failed", message: MSG.jobInterrupted, imported: 50 });
    expect(listingsOf(user.id)).toHaveLength(50);
  }, 60_000);

  it("sort avec 1 et un message clair quand la clé est refusée", async () => {
    partner = await useFakePartner({ total: 50 });
    process.env.MOTEURIMMO_API_KEY = "cle-refusee-secrete";
    const user = await makeUser({ admin: true });
    const cli = startCli(["--email", user.email, "--pages", "1"]);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain("Import échoué : Clé API MoteurImmo refusée");
    expect(cli.output()).not.toContain("cle-refusee-secrete");
    expect(listingsOf(user.id)).toHaveLength(0);
  }, 60_000);

  it("SIGTERM arrête l'import comme le bouton Arrêter et le dit une seule fois", async () => {
    partner = await useFakePartner({ total: 150, faults: [{ page: 2, type: "hang" }] });
    const user = await makeUser({ admin: true });
    const cli = startCli(["--email", user.email, "--pages", "3", "--per-page", "50"]);
    await waitFor(() => jobOf(user.id)?.currentPage === 1);
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toBe(1);
    expect(jobOf(user.id)).toMatchObject({ status: "cancelled", imported: 50 });
    expect(cli.output()).toContain("Arrêt demandé...");
    expect(cli.output().match(/Import arrêté/g)).toHaveLength(1);
    expect(cli.output()).toContain("Importées : 50");
  }, 60_000);

  it("sort avec 1 pour un email inconnu", async () => {
    const cli = startCli(["--email", "personne@example.fr"]);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain("aucun compte avec l'email personne@example.fr");
  }, 60_000);
});
