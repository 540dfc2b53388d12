import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WEBHOOKS } from "~/config";
import { action, loader } from "~/routes/_app.api-connections";
import { cutWebhookBatches } from "~/services/connections/webhook-batches.server";
import { recentDeliveries, retryDelayMs, sendPing } from "~/services/connections/webhook-delivery.server";
import { accountsWithWebhookWork, createWebhookRun, webhookJobKind } from "~/services/connections/webhook-jobs.server";
import { runJob } from "~/services/jobs/engine.server";
import { closeDb, getSqlite } from "~/utils/db.server";
import { makeConnection } from "../setup/connections-factories";
import { makeActiveListings } from "../setup/export-factories";
import { giveOwner, makeUser, requestAs } from "../setup/factories";
import { startWebhookReceiver, verifyDelivery } from "../setup/webhook-receiver";

/**
 * Webhooks of export connections (issue 18, docs/decisions/022-change-feed-webhooks.md), against
 * a local receiver: signed batches of at most 500 events in order, retries on a clock of the
 * test, a restart in the middle, and the SSRF guard.
 */

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

type WebhookEvent = { type: string; id: number; occurred_at: string; listing?: { id: number; owner: unknown } };

async function pushTarget() {
  const user = await makeUser();
  const connection = makeConnection(user.id, { apiType: "export", apiEndpoint: receiver.url, apiKey: null });
  return { user, connection, secret: connection.signingSecret! };
}

/** One push run of the account, on the job engine, with the test's clock. */
const push = (userId: string, now = () => Date.now()) => runJob(webhookJobKind, createWebhookRun(userId), { now });

const deliveriesOf = (connectionId: string) =>
  getSqlite()
    .prepare<[string], { id: string; status: string; attempts: number; next_attempt_at: number; last_error: string | null; event_count: number }>(
      `select id, status, attempts, next_attempt_at, last_error, event_count from webhook_deliveries where connection_id = ? and kind = 'events' order by created_at, first_seq`,
    )
    .all(connectionId);

const connectionStatus = (id: string) =>
  getSqlite().prepare<[string], { status: string; status_message: string | null }>("select status, status_message from api_connections where id = ?").get(id)!;

it("des lots signés de 500 événements au plus, dans l'ordre des changements, avec l'annonce telle que la clé du compte la voit", async () => {
  const { user, connection, secret } = await pushTarget();
  const other = await makeUser();
  const own = makeActiveListings(user.id, 520);
  const foreign = makeActiveListings(other.id, 3);
  for (const id of [own[0]!, ...foreign]) giveOwner(id === own[0] ? user.id : other.id, id);
  getSqlite().prepare("update properties set price = 123456 where id = ?").run(own[1]);
  getSqlite().prepare("update properties set status = 'rejected' where id = ?").run(own[2]);

  const run = await push(user.id);
  expect(run.status).toBe("completed");
  const expectedEvents = getSqlite()
    .prepare<[string], { property_id: number; type: string }>(
      "select property_id, type from export_events where seq > 0 and seq > (select min(first_seq) - 1 from webhook_deliveries where connection_id = ?) order by seq",
    )
    .all(connection.id);

  const events: WebhookEvent[] = [];
  for (const post of receiver.received) {
    const body = verifyDelivery(secret, post) as { events: WebhookEvent[]; sent_at: string };
    expect(Object.keys(body)).toEqual(["events", "sent_at"]);
    expect(body.events.length).toBeGreaterThan(0);
    expect(body.events.length).toBeLessThanOrEqual(WEBHOOKS.maxEvents);
    events.push(...body.events);
  }
  expect(new Set(receiver.received.map((post) => post.delivery)).size).toBe(receiver.received.length);
  expect(events.map((event) => [event.id, event.type])).toEqual(expectedEvents.map((event) => [event.property_id, `listing.${event.type}`]));
  // Per listing: activated, then its updates, then removed, as they happened.
  expect(events.filter((event) => event.id === own[2]).map((event) => event.type)).toEqual(["listing.activated", "listing.removed"]);
  expect(events.find((event) => event.id === own[2] && event.type === "listing.removed")!.listing).toBeUndefined();
  // The connection's account sees its own owners, nobody else's.
  const latest = new Map(events.filter((event) => event.listing).map((event) => [event.id, event.listing!]));
  expect(latest.get(own[0]!)!.owner).not.toBeNull();
  for (const id of foreign) expect(latest.get(id)!.owner).toBeNull();
  expect(deliveriesOf(connection.id).every((row) => row.status === "delivered")).toBe(true);
  expect(accountsWithWebhookWork(Date.now())).not.toContain(user.id);
});

describe("échecs du récepteur", () => {
  it("réessaie avec un délai qui double, garde l'identifiant du lot, puis passe la connexion en Erreur après 24 h", async () => {
    const { user, connection } = await pushTarget();
    makeActiveListings(user.id, 2);
    receiver.answerWith(() => 503);
    const t0 = Date.now();
    let clock = t0;
    await push(user.id, () => clock);
    let [batch] = deliveriesOf(connection.id);
    expect(batch).toMatchObject({ status: "pending", attempts: 1, next_attempt_at: t0 + WEBHOOKS.firstRetryMs, last_error: "Le point d'accès a répondu HTTP 503" });

    // Not due yet: nothing is sent.
    clock = t0 + WEBHOOKS.firstRetryMs - 1;
    await push(user.id, () => clock);
    expect(receiver.received).toHaveLength(1);
    expect(accountsWithWebhookWork(clock)).not.toContain(user.id);
    clock = t0 + WEBHOOKS.firstRetryMs;
    expect(accountsWithWebhookWork(clock)).toContain(user.id);
    await push(user.id, () => clock);
    [batch] = deliveriesOf(connection.id);
    expect(batch).toMatchObject({ attempts: 2, next_attempt_at: clock + 2 * WEBHOOKS.firstRetryMs });
    expect(retryDelayMs(20)).toBe(WEBHOOKS.maxRetryMs);
    expect(new Set(receiver.received.map((post) => post.delivery))).toEqual(new Set([batch!.id]));

    clock = t0 + WEBHOOKS.giveUpAfterMs;
    await push(user.id, () => clock);
    [batch] = deliveriesOf(connection.id);
    expect(batch!.status).toBe("failed");
    expect(connectionStatus(connection.id)).toEqual({
      status: "error",
      status_message: "Webhooks : envoi abandonné après 24 h d'échecs (Le point d'accès a répondu HTTP 503)",
    });
  });

  it("un lot en attente survit à un redémarrage et repart avec le même identifiant ; les lots suivants attendent leur tour", async () => {
    const { user, connection } = await pushTarget();
    makeActiveListings(user.id, 3);
    receiver.answerWith(() => 500);
    const t0 = Date.now();
    await push(user.id, () => t0);
    const [first] = deliveriesOf(connection.id);
    // More changes while the receiver is down: a second batch, which must not overtake the first.
    makeActiveListings(user.id, 2);
    await push(user.id, () => t0 + 1000);
    expect(deliveriesOf(connection.id).map((row) => row.status)).toEqual(["pending", "pending"]);
    expect(receiver.received.map((post) => post.delivery)).toEqual([first!.id]);

    // The process stops; a new one opens the same database file.
    closeDb();
    receiver.answerWith(() => 200);
    await push(user.id, () => t0 + WEBHOOKS.firstRetryMs);
    const rows = deliveriesOf(connection.id);
    expect(rows.map((row) => row.status)).toEqual(["delivered", "delivered"]);
    expect(receiver.received.map((post) => post.delivery)).toEqual([first!.id, first!.id, rows[1]!.id]);
    // The same events under the same id: only sent_at differs between the two attempts.
    const [failed, resent] = receiver.received.map((post) => JSON.parse(post.body) as { events: unknown });
    expect(resent!.events).toEqual(failed!.events);
  });

  it("une adresse privée reste refusée sans ALLOW_PRIVATE_CONNECTION_URLS : rien ne part, la raison est notée", async () => {
    const { user, connection } = await pushTarget();
    makeActiveListings(user.id, 1);
    delete process.env.ALLOW_PRIVATE_CONNECTION_URLS;
    await push(user.id);
    expect(receiver.received).toHaveLength(0);
    expect(deliveriesOf(connection.id)[0]!.last_error).toMatch(/^Adresse refusée \(127\.0\.0\.1\)/);
  });
});

it("« Tester » envoie un ping signé, noté avec les envois de la carte", async () => {
  const { connection, secret } = await pushTarget();
  cutWebhookBatches(connection.id, Date.now());
  const outcome = await sendPing(connection.id);
  expect(outcome.ok).toBe(true);
  const post = receiver.received.at(-1)!;
  expect((verifyDelivery(secret, post) as { events: Array<{ type: string }> }).events.map((event) => event.type)).toEqual(["ping"]);
  expect(recentDeliveries([connection.id]).get(connection.id)![0]).toMatchObject({ kind: "ping", status: "delivered", events: 0 });
});

describe("écran /api-connections", () => {
  type Answer = { data: { ok: boolean; toast: { type: string; message: string } }; init: ResponseInit | null };
  async function post(userId: string, form: Record<string, string>) {
    const answer = (await action({ request: await requestAs(userId, "/api-connections", { form }), params: {}, context: {} })) as unknown as Answer;
    return { status: answer.init?.status ?? 200, ...answer.data };
  }

  it("« Tester » et « Renvoyer » ne touchent que les connexions et envois du compte", async () => {
    const { user, connection } = await pushTarget();
    makeActiveListings(user.id, 2);
    await push(user.id);
    const [batch] = deliveriesOf(connection.id);
    const stranger = await makeUser();
    expect(await post(stranger.id, { intent: "webhook-resend", deliveryId: batch!.id })).toMatchObject({ status: 404, toast: { message: "Envoi introuvable" } });
    expect(await post(stranger.id, { intent: "webhook-test", connectionId: connection.id })).toMatchObject({ status: 404, toast: { message: "Connexion introuvable" } });
    const sent = receiver.received.length;

    const resent = await post(user.id, { intent: "webhook-resend", deliveryId: batch!.id });
    expect(resent).toMatchObject({ ok: true, toast: { type: "success", message: "Lot renvoyé (2 événements)" } });
    expect(receiver.received.slice(sent).map((post) => post.delivery)).toEqual([batch!.id]);
    const tested = await post(user.id, { intent: "webhook-test", connectionId: connection.id });
    expect(tested.toast.message).toMatch(/^Ping reçu par le point d'accès \(\d+ ms\)$/);

    const page = await loader({ request: await requestAs(user.id, "/api-connections"), params: {}, context: {} });
    expect(page.webhookDeliveries[connection.id]!.map((row) => row.kind)).toEqual(["ping", "events"]);
    const strangerPage = await loader({ request: await requestAs(stranger.id, "/api-connections"), params: {}, context: {} });
    expect(strangerPage.webhookDeliveries).toEqual({});
  });
});
