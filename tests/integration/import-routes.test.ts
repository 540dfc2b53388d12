import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { importJobs, propertyOwners } from "#db/schema";
import { action, loader } from "~/routes/_app.moteurimmo-sync";
import { loader as jobLoader } from "~/routes/resources.jobs.$id";
import { createImportJob } from "~/services/imports/import-jobs.server";
import { upsertListings } from "~/services/listings/listing-upsert.server";
import { getDb } from "~/utils/db.server";
import { answerOf, listingInput, makeUser, requestAs, thrownBy } from "../setup/factories";
import type { FakeMoteurImmo } from "../../testing/fake-moteurimmo";
import { listingsOf, resetPartnerEnv, useFakePartner, waitForJob } from "../setup/import-factories";

type Answer = { ok: boolean; toast?: { type: string; message: string }; job?: { id: string; status: string }; count?: number };
type DataResult<T> = { data: T; init: ResponseInit | null };

let partner: FakeMoteurImmo | undefined;
afterEach(async () => {
  await partner?.close();
  partner = undefined;
  resetPartnerEnv();
});

async function post(userId: string, form: Record<string, string>) {
  const request = await requestAs(userId, "/moteurimmo-sync", { form });
  return (await action({ request, params: {}, context: {} })) as unknown as DataResult<Answer>;
}

async function poll(userId: string | null, jobId: string) {
  const request = await requestAs(userId, `/resources/jobs/${jobId}`, { headers: { Accept: "application/json" } });
  return jobLoader({ request, params: { id: jobId }, context: {} }).catch((thrown: unknown) => thrown);
}

describe("accès réservé aux administrateurs", () => {
  it("montre la carte « Accès refusé » (403) à un utilisateur et la page à un administrateur", async () => {
    const user = await makeUser();
    const denied = (await loader({ request: await requestAs(user.id, "/moteurimmo-sync"), params: {}, context: {} })) as unknown as DataResult<{ denied: boolean }>;
    expect(denied.init?.status).toBe(403);
    expect(denied.data).toEqual({ denied: true });

    const admin = await makeUser({ admin: true });
    const page = (await loader({ request: await requestAs(admin.id, "/moteurimmo-sync"), params: {}, context: {} })) as unknown as Record<string, unknown>;
    expect(page).toMatchObject({ denied: false, mode: "demo", latestJob: null, ownListings: 0 });
    expect(page.filters).toContain("Locations uniquement");
  });

  it("montre la progression du dernier import MoteurImmo, pas celle d'un import de fichier ou d'une synchronisation (issue 24 item 19)", async () => {
    const admin = await makeUser({ admin: true });
    const page = async () =>
      ((await loader({ request: await requestAs(admin.id, "/moteurimmo-sync"), params: {}, context: {} })) as unknown as { latestJob: { id: string } | null }).latestJob;
    // Finished one after the other (distinct creation instants, the newest last).
    const finish = (id: string, minutesAgo: number) =>
      getDb().update(importJobs).set({ status: "completed", createdAt: new Date(Date.now() - minutesAgo * 60_000) }).where(eq(importJobs.id, id)).run();
    finish(createImportJob(admin.id, { source: "demo" }).id, 30);
    const demo = createImportJob(admin.id, { source: "demo" });
    finish(demo.id, 20);
    finish(createImportJob(admin.id, { source: "fichier" }).id, 10);
    finish(createImportJob(admin.id, { source: "connexion" }).id, 1);
    expect((await page())?.id).toBe(demo.id);
  });

  it("renvoie vers /auth sans session", async () => {
    const thrown = await loader({ request: new Request("http://localhost/moteurimmo-sync"), params: {}, context: {} }).catch((error: unknown) => error);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/auth");
  });

  it.each<Record<string, string>>([
    { intent: "start", pages: "1", perPage: "10" },
    { intent: "cancel", jobId: "x" },
    { intent: "test" },
    { intent: "assign-owners" },
    { intent: "delete-all" },
  ])("refuse l'action $intent à un utilisateur (403) sans rien faire", async (form) => {
    const user = await makeUser();
    upsertListings(user.id, [listingInput()]);
    const request = await requestAs(user.id, "/moteurimmo-sync", { form });
    expect(await thrownBy(() => action({ request, params: {}, context: {} }))).toMatchObject({
      status: 403,
      json: { ok: false, error: "Accès refusé : réservé aux administrateurs" },
    });
    expect(listingsOf(user.id)).toHaveLength(1);
  });
});

describe("actions de l'administrateur", () => {
  it("lance un import de démonstration, refuse un second import ouvert, puis l'arrête", async () => {
    const admin = await makeUser({ admin: true });
    const started = await post(admin.id, { intent: "start", pages: "99", perPage: "abc" });
    expect(started.data.ok).toBe(true);
    const jobId = started.data.job!.id;
    expect(started.data.job).toMatchObject({ status: "pending", totalPages: 20 });

    const busy = await post(admin.id, { intent: "start", pages: "1", perPage: "10" });
    expect(busy.init?.status).toBe(409);
    expect(busy.data.toast).toEqual({ type: "error", message: "Un import est déjà en cours pour votre compte. Attendez sa fin ou arrêtez-le." });

    const stopped = await post(admin.id, { intent: "cancel", jobId });
    expect(stopped.data.ok).toBe(true);
    const final = await waitForJob(admin.id, jobId);
    expect(final.status).toBe("cancelled");
    expect(listingsOf(admin.id)).toHaveLength(final.imported);

    const again = await post(admin.id, { intent: "cancel", jobId });
    expect(again.data.ok).toBe(false);
  });

  it("l'import de démonstration va au bout et le polling le décrit", async () => {
    const admin = await makeUser({ admin: true });
    const started = await post(admin.id, { intent: "start", pages: "2", perPage: "100" });
    const jobId = started.data.job!.id;
    await waitForJob(admin.id, jobId);
    const response = (await poll(admin.id, jobId)) as Response;
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; job: Record<string, unknown> };
    expect(body.job).toMatchObject({
      id: jobId,
      kind: "import",
      progress: { done: 2, total: 2 },
      endToast: { type: "success", message: "200 annonces importées" },
      source: "demo",
      status: "completed",
      currentPage: 2,
      totalPages: 2,
      imported: 200,
      updated: 0,
      skipped: 0,
      totalProcessed: 200,
      errors: [],
    });
    expect(listingsOf(admin.id)).toHaveLength(200);
  });

  it("le polling ne montre jamais le job d'un autre utilisateur", async () => {
    const admin = await makeUser({ admin: true });
    const started = await post(admin.id, { intent: "start", pages: "1", perPage: "5" });
    const jobId = started.data.job!.id;
    await waitForJob(admin.id, jobId);
    const other = await makeUser();
    const foreign = (await poll(other.id, jobId)) as Response;
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ ok: false, error: "Traitement introuvable" });
    const unknown = (await poll(other.id, "inconnu")) as Response;
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ ok: false, error: "Traitement introuvable" });
    expect(await answerOf(await poll(null, jobId))).toMatchObject({ status: 401, json: { ok: false, error: "Non authentifié" } });
  });

  it("teste la connexion avec le nombre d'annonces disponibles", async () => {
    partner = await useFakePartner({ total: 42 });
    const admin = await makeUser({ admin: true });
    const answer = await post(admin.id, { intent: "test" });
    expect(answer.data).toEqual({ ok: true, count: 42, toast: { type: "success", message: "Connexion OK - 42 annonces disponibles" } });
    process.env.MOTEURIMMO_API_KEY = "mauvaise";
    const refused = await post(admin.id, { intent: "test" });
    expect(refused.data.toast).toEqual({ type: "error", message: "Erreur lors du test: Clé API MoteurImmo refusée" });
  });

  it("assigne des propriétaires fictifs aux annonces qui n'en ont pas", async () => {
    const admin = await makeUser({ admin: true });
    upsertListings(admin.id, [listingInput(), listingInput(), listingInput({ owner: { firstName: "Jean", lastName: "Réel", email: null } })]);
    const answer = await post(admin.id, { intent: "assign-owners" });
    expect(answer.data.ok).toBe(true);
    expect(answer.data.toast?.type).toBe("success");
    expect(answer.data.toast?.message).toMatch(/^2 propriétaires fictifs assignés$/);
    const owners = listingsOf(admin.id).map((row) => getDb().select().from(propertyOwners).where(eq(propertyOwners.propertyId, row.id)).get());
    expect(owners.every(Boolean)).toBe(true);
  });

  it("supprime toutes ses annonces, et seulement les siennes", async () => {
    const admin = await makeUser({ admin: true });
    const other = await makeUser();
    upsertListings(admin.id, Array.from({ length: 1203 }, () => listingInput()));
    upsertListings(other.id, [listingInput(), listingInput()]);
    const answer = await post(admin.id, { intent: "delete-all" });
    expect(answer.data).toEqual({ ok: true, toast: { type: "success", message: "1\u00a0203 propriétés supprimées avec succès" } });
    expect(listingsOf(admin.id)).toHaveLength(0);
    expect(listingsOf(other.id)).toHaveLength(2);
  });

  it("répond 400 en français à une intention inconnue", async () => {
    const admin = await makeUser({ admin: true });
    const answer = await post(admin.id, { intent: "pirater" });
    expect(answer.init?.status).toBe(400);
    expect(answer.data.toast?.type).toBe("error");
  });
});
