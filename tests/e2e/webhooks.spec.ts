import path from "node:path";
import { makeUser } from "../setup/factories";
import { makeConnection } from "../setup/connections-factories";
import { makeActiveListings } from "../setup/export-factories";
import { expect, sessionCookie, test, withDatabase } from "../setup/resilience-factories";
import { startWebhookReceiver } from "../setup/webhook-receiver";
import { expectAccessible } from "./fixtures";
import { verifyWebhookSignature } from "~/services/connections/webhook-signature.server";

/**
 * Webhooks of an export connection on the real server (issue 18): its own server, allowed to
 * call a local receiver, pushes the export's changes; the card's "Tester" and "Renvoyer" work.
 */

const KEY = "cle-webhook-e2e-2026";

test("« Tester » envoie un ping signé ; un lot refusé par le récepteur se renvoie avec « Renvoyer » ; la carte reste accessible", async ({ page, janitor }) => {
  test.setTimeout(120_000);
  const receiver = await startWebhookReceiver();
  janitor.defer(() => receiver.close());
  const databasePath = path.join(janitor.tempDir("vigimmo-webhooks-"), "webhooks.db");
  const { user, cookie } = await withDatabase(databasePath, async () => {
    const user = await makeUser();
    makeConnection(user.id, { name: "Site de l'agence", apiType: "export", apiEndpoint: receiver.url, apiKey: KEY });
    return { user, cookie: await sessionCookie(user.id) };
  });
  const server = await janitor.startServer({ databasePath, env: { ALLOW_PRIVATE_CONNECTION_URLS: "true", DEMO_DATA: "false" } });
  const [name, ...value] = cookie.split("=");
  await page.context().addCookies([{ name: name!, value: value.join("="), url: server.url }]);

  await page.goto(`${server.url}/api-connections`);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Site de l'agence" }) });
  await expect(card.getByRole("heading", { name: "Webhooks" })).toBeVisible();
  await card.getByRole("button", { name: "Tester" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Ping reçu par le point d'accès \(\d+ ms\)$/ }).first()).toBeVisible();
  const ping = receiver.received.at(-1)!;
  expect(verifyWebhookSignature(KEY, ping.body, ping.signature, Math.floor(Date.now() / 1000))).toBe(true);
  await expect(card.getByRole("row").filter({ hasText: "ping" })).toContainText("Livré");

  // The receiver is down when the next changes are pushed by the server's scheduler.
  receiver.answerWith(() => 503);
  await withDatabase(databasePath, () => makeActiveListings(user.id, 3));
  await expect.poll(() => receiver.received.filter((post) => post.body.includes("listing.activated")).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const failed = receiver.received.find((post) => post.body.includes("listing.activated"))!;
  expect(verifyWebhookSignature(KEY, failed.body, failed.signature, Math.floor(Date.now() / 1000))).toBe(true);

  await page.reload();
  const batchRow = card.getByRole("row").filter({ hasText: "En attente" });
  await expect(batchRow).toContainText("Le point d'accès a répondu HTTP 503");
  await expect(batchRow.getByRole("cell").nth(1)).toHaveText("3");

  receiver.answerWith(() => 200);
  await batchRow.getByRole("button", { name: /^Renvoyer/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lot renvoyé (3 événements)" }).first()).toBeVisible();
  await expect(card.getByRole("row").filter({ hasText: "Livré" })).toHaveCount(2);
  // The same batch, under the same id, the receiver de-duplicates on.
  expect(receiver.received.at(-1)!.delivery).toBe(failed.delivery);

  await expectAccessible(page, "/api-connections");
});
