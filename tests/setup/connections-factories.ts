import { createConnection, setConnectionActive } from "~/services/connections/connections.server";
import { importJobKind } from "~/services/imports/import-jobs.server";
import type { ImportJob } from "~/services/imports/import-source.server";
import { findJob } from "~/services/jobs/engine.server";

let made = 0;

/** An import connection of a user, active unless told otherwise; names are unique per user, so each default one is numbered. */
export function makeConnection(
  userId: string,
  overrides: Partial<{
    name: string;
    platformType: string;
    apiType: "import" | "export";
    apiEndpoint: string;
    apiKey: string | null;
    config: unknown;
    active: boolean;
  }> = {},
) {
  const connection = createConnection(userId, {
    name: overrides.name ?? `Flux partenaire ${++made}`,
    platformType: overrides.platformType ?? "Portail immobilier",
    apiType: overrides.apiType ?? "import",
    apiEndpoint: overrides.apiEndpoint ?? "https://flux.example.fr/api",
    apiKey: overrides.apiKey === undefined ? "cle-partenaire-123" : overrides.apiKey,
    config: overrides.config ?? null,
  });
  if (overrides.active === false) return connection;
  return { ...setConnectionActive(userId, connection.id, true)!, signingSecret: connection.signingSecret };
}

/** Waits until an import job leaves pending/processing (the queue runs it in this process). */
export async function waitForImportJob(
  userId: string,
  jobId: string,
  timeoutMs = 20_000,
): Promise<ImportJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = findJob(importJobKind, userId, jobId);
    if (!job) throw new Error(`Import ${jobId} introuvable`);
    if (job.status !== "pending" && job.status !== "processing") return job;
    if (Date.now() > deadline) throw new Error(`Import ${jobId} toujours ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
