import { describe, expect, it } from "vitest";
import { action as panelAction, loader as panelLoader } from "~/routes/resources.moderation";
import { loader as jobLoader } from "~/routes/resources.jobs.$id";
import { jobQueue } from "~/services/jobs/queue.server";
import { createModerationJob } from "~/services/moderation/jobs.server";
import { getSqlite } from "~/utils/db.server";
import { makeUser, requestAs } from "../setup/factories";
import { addListings, listingRow, setModeration, statusCounts } from "../setup/moderation-factories";

/** The panel endpoint (resources.moderation) and the job polling route, with the real engine. */
type Answer = {
  ok: boolean;
  intent?: string;
  toast?: { type: string; message: string };
  job?: { id: string; status: string; moderated: number; flagged: number; remaining: number; total: number; batches?: number; kind?: string };
  duplicates?: number;
};

/** The routes, and their guards, answer Responses with a real status. */
async function unwrap(result: unknown): Promise<{ status: number; body: Answer; response?: Response }> {
  if (result instanceof Response) {
    const isJson = (result.headers.get("Content-Type") ?? "").includes("application/json");
    return { status: result.status, body: isJson ? ((await result.json()) as Answer) : ({} as Answer), response: result };
  }
  return { status: 200, body: result as Answer };
}

async function post(userId: string | null, form: Record<string, string>, headers: Record<string, string> = {}) {
  const request = await requestAs(userId, "/resources/moderation", { form, headers });
  try {
    return await unwrap(await panelAction({ request, params: {}, context: {} }));
  } catch (thrown) {
    return unwrap(thrown);
  }
}

async function poll(userId: string, jobId: string) {
  return unwrap(await jobLoader({ request: await requestAs(userId, `/resources/jobs/${jobId}`), params: { id: jobId }, context: {} }));
}

const SCAM = {
  title: "Appartement T2 disponible de suite",
  description:
    "Je suis actuellement à l'étranger pour mon travail et ne peux pas faire visiter. Le paiement se fait par mandat cash " +
    "avant l'envoi des clés par la poste. Contactez-moi uniquement par e-mail.",
};

describe("panneau de modération : lancement et suivi", () => {
  it("refuse un visiteur sans session : /auth avec « Session invalide », ou 401 en JSON", async () => {
    const answer = await post(null, { intent: "start" });
    expect(answer.status).toBe(302);
    expect(answer.response?.headers.get("Location")).toBe("/auth");
    const json = await post(null, { intent: "start" }, { Accept: "application/json" });
    expect(json.status).toBe(401);
    expect(json.body).toEqual({ ok: false, error: "Non authentifié" });
    await expect(panelLoader({ request: await requestAs(null, "/resources/moderation"), params: {}, context: {} })).rejects.toMatchObject({ status: 302 });
  });

  it("donne l'état du panneau : annonces en attente et dernier job", async () => {
    const user = await makeUser();
    addListings(user.id, 7);
    const status = await unwrap(await panelLoader({ request: await requestAs(user.id, "/resources/moderation"), params: {}, context: {} }));
    expect(status.body).toEqual({ pending: 7, withoutConfidence: 0, job: null });
  });

  it("sans annonce en attente : 'Aucune annonce à modérer' sans créer de job", async () => {
    const user = await makeUser();
    const answer = await post(user.id, { intent: "start" });
    expect(answer.body).toMatchObject({ ok: true, toast: { type: "info", message: "Aucune annonce à modérer" } });
    expect(answer.body.job).toBeUndefined();
    const reanalyze = await post(user.id, { intent: "reanalyze" });
    expect(reanalyze.body.toast).toEqual({ type: "info", message: "Aucune annonce suspecte sans analyse IA" });
  });

  it("lance un lot, le suit par le polling et applique les verdicts du moteur", async () => {
    const user = await makeUser();
    const [scam] = addListings(user.id, 1, () => ({ ...SCAM, price: 390 }));
    addListings(user.id, 120);
    const started = await post(user.id, { intent: "start" });
    expect(started.body.ok).toBe(true);
    expect(started.body.job).toMatchObject({ status: "pending" });
    await jobQueue().onIdle();
    const job = (await poll(user.id, started.body.job!.id)).body.job!;
    expect(job).toMatchObject({ status: "completed", moderated: 100, total: 100, remaining: 21 });
    // The same polling answer as every kind of job: kind, progress and the toast of its end.
    expect(job).toMatchObject({
      kind: "moderation",
      progress: { done: 100, total: 100 },
      endToast: { type: "success", message: expect.stringMatching(/^✓ 100 annonces analysées - /) },
    });
    expect(statusCounts(user.id).pending).toBe(21);
    // The scam listing is the first one created, hence in the first batch.
    const row = listingRow(scam!)!;
    expect(row.status).toBe("suspicious");
    expect(row.ai_confidence).toBeGreaterThan(0.5);
    expect(row.ai_flag_reason).toBeTruthy();
  });

  it("une modération auto complète, analysée dans le thread d'analyse, décide toutes les annonces", async () => {
    const user = await makeUser();
    addListings(user.id, 350);
    const started = await post(user.id, { intent: "auto" });
    expect(started.body.job).toMatchObject({ status: "pending" });
    await jobQueue().onIdle();
    const job = (await poll(user.id, started.body.job!.id)).body.job!;
    expect(job).toMatchObject({ status: "completed", moderated: 350, remaining: 0, total: 350 });
    const counts = statusCounts(user.id);
    expect((counts.active ?? 0) + (counts.suspicious ?? 0)).toBe(350);
    expect(job.flagged).toBe(counts.suspicious ?? 0);
  });

  it("un seul clic sur l'action principale modère les 2 424 annonces en attente jusqu'au bout, avec une progression réelle", async () => {
    const user = await makeUser();
    addListings(user.id, 2_424);
    const started = await post(user.id, { intent: "auto" });
    expect(started.body.job).toMatchObject({ status: "pending" });
    const jobId = started.body.job!.id;
    // What the panel's polling sees while the run goes: the share done only grows, and it is seen
    // between the start and the end (the batches are written group by group, not all at the end).
    const seen: number[] = [];
    let finished = false;
    const idle = jobQueue()
      .onIdle()
      .then(() => {
        finished = true;
      });
    while (!finished) {
      const { job } = (await poll(user.id, jobId)).body;
      if (job?.status === "processing") seen.push(job.moderated);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await idle;
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((done) => done > 0 && done < 2_424)).toBe(true);
    const job = (await poll(user.id, jobId)).body.job!;
    expect(job).toMatchObject({ status: "completed", moderated: 2_424, remaining: 0, total: 2_424, batches: 25, progress: { done: 2_424, total: 2_424 } });
    expect(statusCounts(user.id).pending).toBeUndefined();
  });

  it("le polling d'un job d'un autre utilisateur répond 404", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const job = createModerationJob(user.id, { mode: "pending" });
    const answer = await poll(other.id, job.id);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ ok: false, error: "Traitement introuvable" });
    // The same answer as an id that does not exist: nothing tells another user's job apart.
    expect((await poll(other.id, "inconnu")).body).toEqual(answer.body);
    await post(user.id, { intent: "cancel", jobId: job.id });
  });

  it("refuse une deuxième modération ouverte (409) et l'arrêt du job d'un autre (404)", async () => {
    const user = await makeUser();
    const other = await makeUser();
    addListings(user.id, 3);
    const job = createModerationJob(user.id, { mode: "pending" });
    const busy = await post(user.id, { intent: "auto" });
    expect(busy.status).toBe(409);
    expect(busy.body.toast?.message).toBe("Une modération est déjà en cours pour votre compte. Attendez sa fin ou arrêtez-la.");
    const foreign = await post(other.id, { intent: "cancel", jobId: job.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.toast?.message).toBe("Erreur lors de l'arrêt");
    const stopped = await post(user.id, { intent: "cancel", jobId: job.id });
    expect(stopped.body.ok).toBe(true);
    const again = await post(user.id, { intent: "cancel", jobId: job.id });
    expect(again.status).toBe(404);
  });

  it("rejette une action inconnue ou un identifiant de job invalide (400)", async () => {
    const user = await makeUser();
    expect((await post(user.id, { intent: "drop-table" })).status).toBe(400);
    expect((await post(user.id, { intent: "cancel", jobId: "pas-un-uuid" })).status).toBe(400);
  });

  it("sans JavaScript, un formulaire revient à la page d'origine avec le toast", async () => {
    const user = await makeUser();
    const answer = await post(user.id, { intent: "start", redirectTo: "/moderation?q=lyon" }, { "Sec-Fetch-Mode": "navigate" });
    expect(answer.status).toBe(302);
    expect(answer.response?.headers.get("Location")).toBe("/moderation?q=lyon");
    expect(answer.response?.headers.get("Set-Cookie")).toContain("__vigimmo_toast=");
    for (const target of ["//evil.example", "/.//evil.example", "/..//evil.example"]) {
      const forged = await requestAs(user.id, "/resources/moderation", { form: { intent: "reset", redirectTo: target }, headers: { "Sec-Fetch-Mode": "navigate" } });
      const response = (await panelAction({ request: forged, params: {}, context: {} })) as Response;
      expect(response.headers.get("Location")).toBe("/dashboard");
    }
  });
});

describe("panneau de modération : réinitialisation et doublons", () => {
  it("réinitialise toutes les annonces non blacklistées de l'utilisateur, et seulement les siennes", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const [suspicious, active, rejected, pending] = addListings(user.id, 4);
    setModeration([suspicious!], { status: "suspicious", reason: "Prix anormal", confidence: 0.8, checkedAt: 10 });
    setModeration([active!], { status: "active", confidence: 0.05, checkedAt: 10 });
    setModeration([rejected!], { status: "rejected", reason: "Arnaque", confidence: 0.95, checkedAt: 10 });
    const [foreign] = addListings(other.id, 1);
    setModeration([foreign!], { status: "active", confidence: 0.1, checkedAt: 10 });
    const answer = await post(user.id, { intent: "reset" });
    expect(answer.body).toMatchObject({ ok: true, toast: { type: "success", message: "Réinitialisation complète effectuée !" } });
    for (const id of [suspicious!, active!, pending!]) {
      expect(listingRow(id)).toMatchObject({ status: "pending", ai_flag_reason: null, ai_confidence: null, ai_checked_at: null });
    }
    expect(listingRow(rejected!)).toMatchObject({ status: "rejected", ai_flag_reason: "Arnaque", ai_confidence: 0.95 });
    expect(listingRow(foreign!)).toMatchObject({ status: "active", ai_confidence: 0.1 });
  });

  it("réinitialise aussi un gros volume, par paquets", async () => {
    const user = await makeUser();
    const ids = addListings(user.id, 2_500);
    setModeration(ids, { status: "active", confidence: 0.05, checkedAt: 10 });
    await post(user.id, { intent: "reset" });
    expect(statusCounts(user.id)).toEqual({ pending: 2_500 });
  });

  it("détecte puis supprime les doublons : la plus ancienne est gardée, les blacklistées et les autres comptes ignorés", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const [oldest, copyA, copyB] = addListings(user.id, 3, (index) => ({ sourcePlatform: ["moteurimmo", "fichier", "connexion:x"][index]!, sourcePlatformId: "REF-1" }));
    const [rejectedCopy] = addListings(user.id, 1, () => ({ sourcePlatform: "autre", sourcePlatformId: "REF-1" }));
    setModeration([rejectedCopy!], { status: "rejected" });
    // The oldest by creation date wins even if it was inserted last.
    const [insertedFirst, insertedSecond] = addListings(user.id, 2, (index) => ({ sourcePlatform: index === 0 ? "fichier" : "moteurimmo", sourcePlatformId: "REF-2" }));
    getSqlite().prepare(`update properties set created_at = created_at + 100000 where id = ?`).run(insertedFirst);
    const [unique] = addListings(user.id, 1, () => ({ sourcePlatformId: "REF-3" }));
    const [foreignA, foreignB] = addListings(other.id, 2, (index) => ({ sourcePlatform: index === 0 ? "fichier" : "moteurimmo", sourcePlatformId: "REF-1" }));

    const scan = await post(user.id, { intent: "dedupe-scan" });
    expect(scan.body).toMatchObject({ ok: true, duplicates: 3 });
    expect(listingRow(copyA!)).toBeDefined();
    const removed = await post(user.id, { intent: "dedupe" });
    expect(removed.body).toMatchObject({ ok: true, toast: { type: "success", message: "3 doublon(s) supprimé(s) !" } });
    for (const kept of [oldest!, rejectedCopy!, insertedSecond!, unique!, foreignA!, foreignB!]) expect(listingRow(kept)).toBeDefined();
    for (const gone of [copyA!, copyB!, insertedFirst!]) expect(listingRow(gone)).toBeUndefined();
    const none = await post(user.id, { intent: "dedupe-scan" });
    expect(none.body).toMatchObject({ duplicates: 0, toast: { type: "success", message: "Aucun doublon détecté !" } });
    const noneDeleted = await post(user.id, { intent: "dedupe" });
    expect(noneDeleted.body.toast?.message).toBe("Aucun doublon détecté !");
  });

  it("supprime des centaines de doublons par paquets", async () => {
    const user = await makeUser();
    addListings(user.id, 250, (index) => ({ sourcePlatform: "fichier", sourcePlatformId: `LOT-${index}` }));
    addListings(user.id, 250, (index) => ({ sourcePlatform: "moteurimmo", sourcePlatformId: `LOT-${index}` }));
    const removed = await post(user.id, { intent: "dedupe" });
    expect(removed.body.toast?.message).toBe("250 doublon(s) supprimé(s) !");
    expect(statusCounts(user.id)).toEqual({ pending: 250 });
  });
});
