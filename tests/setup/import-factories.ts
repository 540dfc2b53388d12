import { eq } from "drizzle-orm";
import { importJobs, properties } from "#db/schema";
import { importJobKind, runImportJob } from "~/services/imports/import-jobs.server";
import type { ImportJob } from "~/services/imports/import-source.server";
import { findJob } from "~/services/jobs/engine.server";
import { prepareMoteurImmoImport, type AdSourceOptions } from "~/services/imports/moteurimmo-import.server";
import { getDb } from "~/utils/db.server";
import { startFakeMoteurImmo, type FakeMoteurImmo, type FakeMoteurImmoOptions } from "../../testing/fake-moteurimmo";

/** Client settings for the local fake: no throttle, short backoffs and timeouts. */
export const FAST_CLIENT: AdSourceOptions = {
  client: { minIntervalMs: 0, retryBaseMs: 5, maxBackoffMs: 50, timeoutMs: 2_000, maxRetryAfterMs: 5_000 },
};

/** Starts the fake partner and points the app's environment at it (live mode). */
export async function useFakePartner(options: FakeMoteurImmoOptions = {}): Promise<FakeMoteurImmo> {
  const partner = await startFakeMoteurImmo(options);
  process.env.MOTEURIMMO_API_URL = partner.url;
  process.env.MOTEURIMMO_API_KEY = partner.apiKey;
  return partner;
}

export function resetPartnerEnv() {
  delete process.env.MOTEURIMMO_API_URL;
  delete process.env.MOTEURIMMO_API_KEY;
}

/** Creates and runs a MoteurImmo import in this process, as the CLI does. */
export async function runMoteurImmoImport(
  userId: string,
  input: { pages?: unknown; perPage?: unknown },
  options: AdSourceOptions = FAST_CLIENT,
): Promise<ImportJob> {
  const { job, makeSource } = prepareMoteurImmoImport(userId, input, options);
  return runImportJob(job, makeSource);
}

/** Waits (polling the row, as the screen does) until the job satisfies `done`. */
export async function waitForJob(
  userId: string,
  jobId: string,
  done: (job: ImportJob) => boolean = (job) => !["pending", "processing"].includes(job.status),
  timeoutMs = 15_000,
): Promise<ImportJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = findJob(importJobKind, userId, jobId);
    if (job && done(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} : état attendu non atteint (${job?.status})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function listingsOf(userId: string) {
  return getDb().select().from(properties).where(eq(properties.createdBy, userId)).all();
}

export function jobRow(jobId: string) {
  return getDb().select().from(importJobs).where(eq(importJobs.id, jobId)).get()!;
}
