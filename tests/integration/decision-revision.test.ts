import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as propertyAction, loader as propertyLoader } from "~/routes/_app.property.$id";
import { resetExportApiGuards } from "~/services/export/export-api.server";
import type { ExportChangesResponse } from "~/services/export/export-api-contract";
import { createWebhookRun, webhookJobKind } from "~/services/connections/webhook-jobs.server";
import { runJob } from "~/services/jobs/engine.server";
import { decidedListings } from "~/services/moderation/listing-source.server";
import { getSqlite } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { makeConnection } from "../setup/connections-factories";
import { callExportApi, makeActiveListings, makeExportKey } from "../setup/export-factories";
import { formAnswer, makeUser, requestAs } from "../setup/factories";
import { addListings, listingRow, setModeration } from "../setup/moderation-factories";
import { startWebhookReceiver } from "../setup/webhook-receiver";

/**
 * Decisions after the fact (issue 24 item 5, issue 25 §4): "Signaler comme arnaque" on a validated
 * listing, "Rétablir l'annonce" on a blacklisted one; the export follows at once, the history keeps
 * every step and the latest one is the label `npm run moderation:fit` learns from.
 */

type Answer = { ok: boolean; toast?: { type: string; message: string }; result?: { error?: Record<string, string[]> } };

async function post(userId: string, id: number, form: Record<string, string>) {
  const request = await requestAs(userId, `/property/${id}`, { form });
  return formAnswer<Answer>(await propertyAction({ request, params: { id: String(id) }, context: {} }));
}

const load = async (userId: string, id: number) =>
  propertyLoader({ request: await requestAs(userId, `/property/${id}`), params: { id: String(id) }, context: {} });

const exported = (id: number) => getSqlite().prepare("select 1 from export_documents where property_id = ?").get(id) !== undefined;

beforeEach(() => {
  resetRateLimits();
  resetExportApiGuards();
});

describe("Signaler comme arnaque (intent=report)", () => {
  it("blackliste une annonce validée, la retire de l'export (removed) et garde le motif dans l'historique", async () => {
    const user = await makeUser({ fullName: "Agnès Agent" });
    const { apiKey } = makeExportKey(user.id);
    const [id] = makeActiveListings(user.id, 1) as [number];
    // Validated by the engine: scored, not flagged.
    getSqlite().prepare("update properties set ai_confidence = 0.12, ai_checked_at = ? where id = ?").run(Date.now(), id);
    const start = (await callExportApi({ apiKey, updatedSince: new Date().toISOString() })).json as ExportChangesResponse;
    expect(exported(id)).toBe(true);

    const answer = await post(user.id, id, { intent: "report", reason: "Virement demandé avant toute visite, par WhatsApp." });
    expect(answer).toMatchObject({ status: 200, ok: true });
    expect(listingRow(id)?.status).toBe("rejected");
    expect(exported(id)).toBe(false);

    const changes = (await callExportApi({ apiKey, cursor: start.sync_cursor })).json as ExportChangesResponse;
    expect(changes.removed.map((entry) => entry.id)).toEqual([id]);

    const page = await load(user.id, id);
    expect(page.decisions).toEqual([
      expect.objectContaining({ kind: "report", fromStatus: "active", toStatus: "rejected", reason: "Virement demandé avant toute visite, par WhatsApp.", by: "Agnès Agent" }),
    ]);
    // A label for the next fit, and a miss of the engine in its measured quality.
    expect(decidedListings(getSqlite()).find((entry) => entry.listing.id === String(id))?.label).toBe("scam");
    const label = getSqlite().prepare("select decision, flagged from moderation_decisions where listing_id = ?").get(id);
    expect(label).toEqual({ decision: "rejected", flagged: 0 });
  });

  it("compte une annonce validée à la main (jamais notée par l'IA) comme étiquette de réajustement", async () => {
    const user = await makeUser();
    const [id] = addListings(user.id, 1);
    expect(await post(user.id, id!, { intent: "validate" })).toMatchObject({ status: 200 });
    expect(decidedListings(getSqlite()).find((entry) => entry.listing.id === String(id))?.label).toBe("legit");
    expect(await post(user.id, id!, { intent: "report", reason: "Le propriétaire exige un mandat cash." })).toMatchObject({ status: 200 });
    expect(decidedListings(getSqlite()).find((entry) => entry.listing.id === String(id))?.label).toBe("scam");
    expect((await load(user.id, id!)).decisions.map((entry) => entry.kind)).toEqual(["report", "decision"]);
  });

  it("refuse un motif vide ou trop long (400, message en français) et ne change rien", async () => {
    const user = await makeUser();
    const [id] = makeActiveListings(user.id, 1) as [number];
    const empty = await post(user.id, id, { intent: "report", reason: "   " });
    expect(empty).toMatchObject({ status: 400, ok: false, toast: { message: "Indiquez pourquoi cette annonce est une arnaque." } });
    expect(empty.result?.error?.reason).toEqual(["Indiquez pourquoi cette annonce est une arnaque."]);
    expect(await post(user.id, id, { intent: "report" })).toMatchObject({ status: 400 });
    expect(await post(user.id, id, { intent: "report", reason: "x".repeat(501) })).toMatchObject({
      status: 400,
      toast: { message: "Le motif ne peut pas dépasser 500 caractères." },
    });
    expect(listingRow(id)?.status).toBe("active");
    expect(exported(id)).toBe(true);
  });

  it("un agent signale ses annonces validées seulement ; un administrateur signale n'importe quelle annonce", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const admin = await makeUser({ admin: true });
    const [active, pending] = addListings(owner.id, 2);
    setModeration([active!], { status: "active" });
    const report = { intent: "report", reason: "Annonce copiée d'un autre site, prix divisé par deux." };

    expect(await post(owner.id, pending!, report)).toMatchObject({ status: 409, ok: false });
    expect(await post(stranger.id, active!, report)).toMatchObject({ status: 404, toast: { message: "Annonce introuvable" } });
    expect(listingRow(active!)?.status).toBe("active");

    expect(await post(admin.id, active!, report)).toMatchObject({ status: 200, ok: true });
    expect(await post(admin.id, pending!, report)).toMatchObject({ status: 200, ok: true });
    expect([listingRow(active!)?.status, listingRow(pending!)?.status]).toEqual(["rejected", "rejected"]);
    expect(await post(admin.id, active!, report)).toMatchObject({ status: 409 });
  });
});

describe("Rétablir l'annonce (intent=restore)", () => {
  it("corrige un blacklistage : l'annonce redevient active et exportée, l'historique garde les deux décisions", async () => {
    const user = await makeUser();
    const [id] = addListings(user.id, 1);
    setModeration([id!], { status: "suspicious", reason: "Loyer très bas", confidence: 0.91, checkedAt: Date.now() });
    expect(await post(user.id, id!, { intent: "blacklist" })).toMatchObject({ status: 200 });
    expect(exported(id!)).toBe(false);

    expect(await post(user.id, id!, { intent: "restore" })).toMatchObject({ status: 200, ok: true });
    expect(listingRow(id!)?.status).toBe("active");
    expect(exported(id!)).toBe(true);
    const history = (await load(user.id, id!)).decisions;
    expect(history.map((entry) => [entry.kind, entry.fromStatus, entry.toStatus])).toEqual([
      ["correction", "rejected", "active"],
      ["decision", "suspicious", "rejected"],
    ]);
    // The corrected decision counts once in the engine's quality, as corrected: a false flag.
    const label = decidedListings(getSqlite()).find((entry) => entry.listing.id === String(id));
    expect(label?.label).toBe("legit");
    const labels = getSqlite().prepare("select decision, flagged from moderation_decisions where listing_id = ? order by id").all(id);
    expect(labels).toEqual([
      { decision: "rejected", flagged: 1 },
      { decision: "active", flagged: 1 },
    ]);
    expect(await post(user.id, id!, { intent: "restore" })).toMatchObject({ status: 409 });
  });
});

describe("webhook listing.removed", () => {
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());
  beforeEach(() => {
    process.env.ALLOW_PRIVATE_CONNECTION_URLS = "true";
    receiver.received.length = 0;
    receiver.answerWith(() => 200);
  });
  afterEach(() => {
    delete process.env.ALLOW_PRIVATE_CONNECTION_URLS;
  });

  it("le signalement part dans le lot suivant comme listing.removed", async () => {
    const user = await makeUser();
    makeConnection(user.id, { apiType: "export", apiEndpoint: receiver.url, apiKey: "cle-webhook-signalement" });
    const [id] = makeActiveListings(user.id, 1) as [number];
    await runJob(webhookJobKind, createWebhookRun(user.id), {});
    receiver.received.length = 0;

    expect(await post(user.id, id, { intent: "report", reason: "Caution demandée par Western Union." })).toMatchObject({ status: 200 });
    const run = await runJob(webhookJobKind, createWebhookRun(user.id), {});
    expect(run.status).toBe("completed");
    const events = receiver.received.flatMap((delivery) => (JSON.parse(delivery.body) as { events: Array<{ type: string; id: number }> }).events);
    expect(events).toEqual([expect.objectContaining({ type: "listing.removed", id })]);
  });
});
