import { afterEach, describe, expect, it } from "vitest";
import type { AdSourceOptions } from "~/services/imports/moteurimmo-import.server";
import { makeUser } from "../setup/factories";
import type { FakeFault, FakeMoteurImmo } from "../../testing/fake-moteurimmo";
import { FAST_CLIENT, listingsOf, resetPartnerEnv, runMoteurImmoImport, useFakePartner } from "../setup/import-factories";

/**
 * Issue 8, resilience: the partner fails in every way issue 4 lists during a 20-page import.
 * In-process (the client's timeouts are not environment settings, so the server could not be
 * given short ones): the same service the screen and the CLI call, against the fake partner.
 */

const PAGES = 20;
const PER_PAGE = 50;
const FAULT_PAGE = 8;
// A short timeout so that a hanging partner costs seconds, not minutes.
const OPTIONS: AdSourceOptions = { client: { ...FAST_CLIENT.client, timeoutMs: 1_000, maxRetries: 4, maxTimeoutRetries: 1 } };

let partner: FakeMoteurImmo | undefined;
afterEach(async () => {
  await partner?.close();
  partner = undefined;
  resetPartnerEnv();
});

const attemptsOf = (page: number) => partner!.requests.filter((request) => request.page === page).length;

describe("pannes passagères du partenaire pendant un import de 20 pages", () => {
  it("réessaie chaque panne, termine l'import et garde des compteurs cohérents", async () => {
    const faults: FakeFault[] = [
      { page: 2, type: "status", status: 500 },
      { page: 4, type: "status", status: 503, times: 2 },
      { page: 6, type: "rateLimit", retryAfter: 1 },
      { page: 8, type: "hang" },
      { page: 10, type: "destroy" },
      { page: 12, type: "junk" },
      { page: 16, type: "status", status: 502 },
    ];
    partner = await useFakePartner({ total: PAGES * PER_PAGE, faults });
    const user = await makeUser({ admin: true });
    const started = Date.now();
    const job = await runMoteurImmoImport(user.id, { pages: PAGES, perPage: PER_PAGE }, OPTIONS);

    // The junk page holds one invalid ad (skipped, one error line) and one non-object (dropped).
    expect(job).toMatchObject({ status: "completed", currentPage: PAGES, totalPages: PAGES, imported: PAGES * PER_PAGE - 2, updated: 0, skipped: 1 });
    expect(job.totalProcessed).toBe(job.imported + job.updated + job.skipped);
    expect(job.errors).toHaveLength(job.skipped);
    expect(job.errors[0]).toMatch(/^Annonce junk-12 ignorée/);
    expect(listingsOf(user.id)).toHaveLength(job.imported);
    expect([2, 4, 6, 8, 10, 16].map(attemptsOf)).toEqual([2, 3, 2, 2, 2, 2]);
    // Retry-After: 1 was honoured.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });
});

describe("panne durable du partenaire à la page 8 d'un import de 20 pages", () => {
  const cases: Array<{ name: string; fault: FakeFault; message: string; attempts: number }> = [
    { name: "erreur 500 répétée", fault: { type: "status", status: 500 }, message: "Erreur de connexion à MoteurImmo (HTTP 500)", attempts: 5 },
    { name: "429 répété avec Retry-After", fault: { type: "rateLimit", retryAfter: "0.05" }, message: "Erreur de connexion à MoteurImmo (HTTP 429)", attempts: 5 },
    { name: "partenaire muet (délai dépassé)", fault: { type: "hang" }, message: "Erreur de connexion à MoteurImmo : pas de réponse après 1 s", attempts: 2 },
    { name: "connexion coupée", fault: { type: "destroy" }, message: "Erreur de connexion à MoteurImmo", attempts: 5 },
    { name: "JSON illisible", fault: { type: "malformed" }, message: "Réponse invalide", attempts: 1 },
    { name: "réponse d'une autre forme", fault: { type: "wrongShape" }, message: "Réponse invalide", attempts: 1 },
    { name: "clé refusée en cours d'import", fault: { type: "status", status: 401, body: '{"error":"Invalid API key"}' }, message: "Clé API MoteurImmo refusée", attempts: 1 },
    { name: "autre erreur 4xx, sans nouvel essai", fault: { type: "status", status: 400 }, message: "Erreur de connexion à MoteurImmo (HTTP 400)", attempts: 1 },
  ];

  it.each(cases)("$name : échec en français, les 7 pages écrites restent", async ({ fault, message, attempts }) => {
    partner = await useFakePartner({ total: PAGES * PER_PAGE, faults: [{ ...fault, page: FAULT_PAGE, times: Infinity }] });
    const user = await makeUser({ admin: true });
    const job = await runMoteurImmoImport(user.id, { pages: PAGES, perPage: PER_PAGE }, OPTIONS);

    const written = (FAULT_PAGE - 1) * PER_PAGE;
    expect(job).toMatchObject({ status: "failed", message, currentPage: FAULT_PAGE - 1, imported: written, updated: 0, skipped: 0, totalProcessed: written });
    expect(job.errors).toEqual([message]);
    expect(attemptsOf(FAULT_PAGE)).toBe(attempts);
    // Nothing after the fault was fetched once the job failed, and no page was half-written.
    expect(partner.requests.some((request) => (request.page ?? 0) > FAULT_PAGE + 1)).toBe(false);
    const ids = listingsOf(user.id).map((listing) => listing.sourcePlatformId);
    expect(new Set(ids).size).toBe(written);
    expect(JSON.stringify(job)).not.toContain(partner.apiKey);
  });
});
