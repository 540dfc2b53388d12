import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WEBHOOKS } from "~/config";
import { action, loader } from "~/routes/_app.api-connections";
import { purgeOwnersPastRetention } from "~/services/account/owner-retention.server";
import { getConnection } from "~/services/connections/connections.server";
import {
  findDelivery,
  recentDeliveries,
  resendDelivery,
} from "~/services/connections/webhook-delivery.server";
import {
  accountsWithWebhookWork,
  createWebhookRun,
  webhookJobKind,
} from "~/services/connections/webhook-jobs.server";
import { runJob } from "~/services/jobs/engine.server";
import { getSqlite } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { makeConnection } from "../setup/connections-factories";
import { makeActiveListings } from "../setup/export-factories";
import { makeUser, requestAs } from "../setup/factories";
import { startWebhookReceiver, verifyDelivery } from "../setup/webhook-receiver";

/**
 * Webhooks under hostile or unlucky conditions (issue 23 items 5, 10, 13; issue 24 items 6, 18):
 * batches stored by reference, pause after repeated failures, the retention purge, Standard
 * Webhooks signatures, redirects, server-generated secrets, the card's totals.
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
  resetRateLimits();
});
afterEach(() => {
  delete process.env.ALLOW_PRIVATE_CONNECTION_URLS;
});

const push = (userId: string, now = () => Date.now()) =>
  runJob(webhookJobKind, createWebhookRun(userId), { now });

async function exportConnection(endpoint = receiver.url) {
  const user = await makeUser();
  const connection = makeConnection(user.id, {
    apiType: "export",
    apiEndpoint: endpoint,
    apiKey: null,
  });
  return { user, connection, secret: connection.signingSecret! };
}

/** Every byte the account's deliveries hold in their text columns. */
const storedBytes = (userId: string) =>
  getSqlite()
    .prepare<[string], number>(
      `select coalesce(sum(length(coalesce(d.events, '')) + length(coalesce(d.last_error, '')) + length(d.id)), 0)
       from webhook_deliveries d join api_connections c on c.id = d.connection_id where c.created_by = ?`,
    )
    .pluck()
    .get(userId)!;

type Answer = {
  status: number;
  ok: boolean;
  toast: { type: string; message: string };
  signingSecret?: string | null;
};
async function post(userId: string, form: Record<string, string>): Promise<Answer> {
  const answer = (await action({
    request: await requestAs(userId, "/api-connections", { form }),
    params: {},
    context: {},
  })) as unknown as {
    data: Omit<Answer, "status">;
    init: ResponseInit | null;
  };
  return { status: answer.init?.status ?? 200, ...answer.data };
}

describe("lots par référence (issue 23, points 5 et 10)", () => {
  it("dix connexions Export en échec d'un même compte ne copient pas les annonces : quelques octets par lot, et au plus WEBHOOKS.maxPendingBatches lots en attente", async () => {
    const user = await makeUser();
    for (let i = 0; i < 10; i += 1)
      makeConnection(user.id, {
        apiType: "export",
        name: `Site ${i}`,
        apiEndpoint: receiver.url,
        apiKey: null,
      });
    receiver.answerWith(() => 503);
    makeActiveListings(user.id, 300);
    const t0 = Date.now();
    await push(user.id, () => t0);
    // Every connection cut its batch (one each: 300 events) and tried it once.
    expect(
      getSqlite()
        .prepare("select count(*) as n from webhook_deliveries where kind = 'events'")
        .get(),
    ).toEqual({ n: 10 });
    // 300 listings of ≈ 1.8 KB copied ten times would be 5 MB; by reference, a few hundred bytes a batch.
    expect(storedBytes(user.id)).toBeLessThan(10 * 200);

    // A receiver down for long: batches stop at the bound, the events wait in the log.
    const [connectionId] = getSqlite()
      .prepare<[string], string>("select id from api_connections where created_by = ? limit 1")
      .pluck()
      .all(user.id);
    getSqlite()
      .prepare("update webhook_deliveries set next_attempt_at = ? where connection_id = ?")
      .run(t0 + 10 * 60 * 60 * 1000, connectionId);
    for (let i = 0; i < WEBHOOKS.maxPendingBatches + 5; i += 1) {
      makeActiveListings(user.id, 1);
      await push(user.id, () => t0);
    }
    const pending = getSqlite()
      .prepare<[string], number>(
        "select count(*) from webhook_deliveries where connection_id = ? and status = 'pending'",
      )
      .pluck()
      .get(connectionId!)!;
    expect(pending).toBe(WEBHOOKS.maxPendingBatches);
    expect(accountsWithWebhookWork(t0)).not.toContain(user.id);
  });

  it("« Renvoyer » après la purge de rétention n'envoie plus le propriétaire", async () => {
    const { user, connection, secret } = await exportConnection();
    const [id] = makeActiveListings(user.id, 1, {
      owner: { firstName: "Claire", lastName: "Martin", email: "claire.martin@example.fr" },
    });
    await push(user.id);
    const first = verifyDelivery(secret, receiver.received[0]!) as {
      events: Array<{ id: number; listing?: { owner: unknown } }>;
    };
    expect(first.events.find((event) => event.id === id)!.listing!.owner).toMatchObject({
      email: "claire.martin@example.fr",
    });
    const batchId = receiver.received[0]!.delivery;

    // Years later, the retention rule deletes the owner.
    expect(
      purgeOwnersPastRetention(user.id, 100, Date.now() + 10 * 365 * 24 * 60 * 60 * 1000),
    ).toBe(1);
    const outcome = await resendDelivery(findDelivery(user.id, batchId)!);
    expect(outcome.ok).toBe(true);
    const resent = receiver.received.at(-1)!;
    expect(resent.delivery).toBe(batchId);
    expect(resent.body).not.toContain("claire");
    expect(resent.body).not.toContain("Martin");
    const body = verifyDelivery(secret, resent) as {
      events: Array<{ id: number; listing?: { owner: unknown } }>;
    };
    expect(body.events.find((event) => event.id === id)!.listing!.owner).toBeNull();
    expect(
      getSqlite()
        .prepare<[string], string | null>("select events from webhook_deliveries where id = ?")
        .pluck()
        .get(batchId),
    ).toBeNull();
    expect(connection.apiType).toBe("export");
  });
});

describe("pause après des échecs répétés (issue 23, point 5)", () => {
  it(`après ${WEBHOOKS.pauseAfterFailures} échecs d'affilée la connexion se met en pause ; « Reprendre » renvoie le lot en attente`, async () => {
    const { user, connection, secret } = await exportConnection();
    makeActiveListings(user.id, 2);
    receiver.answerWith(() => 500);
    let clock = Date.now();
    for (let attempt = 0; attempt < WEBHOOKS.pauseAfterFailures; attempt += 1) {
      await push(user.id, () => clock);
      clock += WEBHOOKS.maxRetryMs;
    }
    expect(receiver.received).toHaveLength(WEBHOOKS.pauseAfterFailures);
    expect(getConnection(user.id, connection.id)!.webhooksPausedAt).not.toBeNull();
    // Paused: neither new events nor due retries start a run.
    makeActiveListings(user.id, 1);
    expect(accountsWithWebhookWork(clock)).not.toContain(user.id);
    await push(user.id, () => clock);
    expect(receiver.received).toHaveLength(WEBHOOKS.pauseAfterFailures);

    const page = await loader({
      request: await requestAs(user.id, "/api-connections"),
      params: {},
      context: {},
    });
    expect(page.connections[0]!.webhooksPausedAt).not.toBeNull();

    receiver.answerWith(() => 200);
    expect(
      await post(user.id, { intent: "webhook-resume", connectionId: connection.id }),
    ).toMatchObject({
      ok: true,
      toast: { message: "Webhooks repris : les lots en attente partent maintenant" },
    });
    const stranger = await makeUser();
    expect(
      (await post(stranger.id, { intent: "webhook-resume", connectionId: connection.id })).status,
    ).toBe(404);
    await push(user.id);
    expect(getConnection(user.id, connection.id)!.webhooksPausedAt).toBeNull();
    const delivered = receiver.received.slice(WEBHOOKS.pauseAfterFailures);
    expect(delivered.map((entry) => entry.status)).toEqual([200, 200]);
    for (const entry of delivered) verifyDelivery(secret, entry);
  });

  it("un point d'accès Export dont le nom ne se résout pas est refusé à l'enregistrement", async () => {
    const user = await makeUser();
    const answer = await post(user.id, {
      intent: "create",
      name: "Site fantôme",
      platform_type: "Site web de l'agence",
      api_type: "export",
      api_endpoint: "https://webhooks.nexiste-pas.invalid/vigimmo",
    });
    expect(answer).toMatchObject({
      status: 400,
      ok: false,
      toast: { message: "Nom de domaine introuvable : webhooks.nexiste-pas.invalid" },
    });
  });
});

describe("Standard Webhooks (issue 23, point 13 ; issue 24, point 6)", () => {
  it("une connexion Export reçoit un secret whsec_ de 32 octets généré par le serveur, affiché une fois ; une clé saisie est refusée", async () => {
    const user = await makeUser();
    const base = {
      intent: "create",
      platform_type: "Site web de l'agence",
      api_type: "export",
      api_endpoint: receiver.url,
    };
    const typed = await post(user.id, { ...base, name: "Clé saisie", api_key: "a" });
    expect(typed).toMatchObject({
      status: 400,
      toast: {
        message:
          "Une connexion Export n'a pas de clé à saisir : Vigimmo génère son secret de signature (whsec_…) et vous l'affiche une fois",
      },
    });

    const created = await post(user.id, { ...base, name: "Site de l'agence" });
    expect(created.ok).toBe(true);
    expect(created.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.signingSecret!.slice(6), "base64")).toHaveLength(32);
    const connection = (
      await loader({
        request: await requestAs(user.id, "/api-connections"),
        params: {},
        context: {},
      })
    ).connections[0]!;
    expect(connection.signing).toBe("secret");
    // Shown once: "Afficher" does not give it again.
    const reveal = await post(user.id, { intent: "reveal", connectionId: connection.id });
    expect(reveal).toMatchObject({
      status: 400,
      toast: {
        message:
          "Le secret de signature n'est affiché qu'une fois, à sa création : régénérez-le si vous l'avez perdu",
      },
    });
    expect(JSON.stringify(reveal)).not.toContain("whsec_");

    // Rotation: the next POST is signed with the new secret only.
    const rotated = await post(user.id, { intent: "rotate-secret", connectionId: connection.id });
    expect(rotated.signingSecret).toMatch(/^whsec_/);
    expect(rotated.signingSecret).not.toBe(created.signingSecret);
    expect((await post(user.id, { intent: "webhook-test", connectionId: connection.id })).ok).toBe(
      true,
    );
    const ping = receiver.received.at(-1)!;
    expect(() => verifyDelivery(rotated.signingSecret!, ping)).not.toThrow();
    expect(() => verifyDelivery(created.signingSecret!, ping)).toThrow();
    const stranger = await makeUser();
    expect(
      (await post(stranger.id, { intent: "rotate-secret", connectionId: connection.id })).status,
    ).toBe(404);
  });

  it("l'id et l'heure sont signés : un corps capturé ne se rejoue ni sous un autre id ni plus tard", async () => {
    const { user, secret } = await exportConnection();
    makeActiveListings(user.id, 1);
    await push(user.id);
    const captured = receiver.received[0]!;
    expect(captured.headers["webhook-id"]).toBe(captured.delivery);
    expect(captured.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(() => verifyDelivery(secret, captured)).not.toThrow();
    const otherId = {
      ...captured,
      headers: { ...captured.headers, "webhook-id": "3f0e0000-0000-4000-8000-000000000000" },
    };
    expect(() => verifyDelivery(secret, otherId)).toThrow();
    const later = {
      ...captured,
      headers: {
        ...captured.headers,
        "webhook-timestamp": String(Math.floor(Date.now() / 1000) - 3600),
      },
    };
    expect(() => verifyDelivery(secret, later)).toThrow();
  });

  it("une redirection 307/308 vers une autre origine n'est pas suivie avec le corps signé", async () => {
    const elsewhere: string[] = [];
    const other = http.createServer((req, res) => {
      elsewhere.push(String(req.headers["webhook-signature"] ?? ""));
      res.writeHead(200).end("{}");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const otherUrl = `http://localhost:${(other.address() as AddressInfo).port}/vole`;
    try {
      for (const status of [307, 308]) {
        receiver.answerWith(() => ({ status, headers: { location: otherUrl } }));
        const { user, connection } = await exportConnection();
        makeActiveListings(user.id, 1);
        await push(user.id);
        expect(elsewhere).toEqual([]);
        const [view] = recentDeliveries([connection.id]).get(connection.id)!;
        expect(view!.lastError).toBe(
          "Redirection refusée vers une autre origine (http://localhost:" +
            (other.address() as AddressInfo).port +
            ") : le corps signé n'y est pas renvoyé",
        );
      }
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe("carte de la connexion Export (issue 24, point 18)", () => {
  it("le total synchronisé et la dernière synchro suivent les lots livrés ; un lot en échec dit quand il repartira", async () => {
    const { user, connection } = await exportConnection();
    makeActiveListings(user.id, 3);
    const t0 = Date.now();
    await push(user.id, () => t0);
    let view = getConnection(user.id, connection.id)!;
    expect(view.totalSynced).toBe(3);
    expect(view.lastSync?.getTime()).toBe(t0);

    receiver.answerWith(() => 503);
    makeActiveListings(user.id, 2);
    await push(user.id, () => t0 + 1000);
    view = getConnection(user.id, connection.id)!;
    expect(view.totalSynced).toBe(3);
    const [failed] = recentDeliveries([connection.id]).get(connection.id)!;
    expect(failed).toMatchObject({
      status: "pending",
      lastError: "Le point d'accès a répondu HTTP 503",
      nextAttemptAt: t0 + 1000 + WEBHOOKS.firstRetryMs,
    });
  });
});
