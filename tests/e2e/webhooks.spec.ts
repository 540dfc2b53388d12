import path from "node:path";
import { makeUser } from "../setup/factories";
import { makeConnection } from "../setup/connections-factories";
import { makeActiveListings } from "../setup/export-factories";
import { expect, sessionCookie, test, withDatabase } from "../setup/resilience-factories";
import { startWebhookReceiver, verifyDelivery } from "../setup/webhook-receiver";
import { expectAccessible } from "./fixtures";
import { getSqlite } from "~/utils/db.server";

/**
 * Webhooks of an export connection on the real server (issue 18): its own server, allowed to
 * call a local receiver, pushes the export's changes; the card's "Tester" and "Renvoyer" work.
 */

test("« Tester » envoie un ping signé ; un lot refusé par le récepteur se renvoie avec « Renvoyer » ; la carte reste accessible", async ({ page, janitor }) => {
  test.setTimeout(120_000);
  const receiver = await startWebhookReceiver();
  janitor.defer(() => receiver.close());
  const databasePath = path.join(janitor.tempDir("vigimmo-webhooks-"), "webhooks.db");
  const { user, cookie, secret } = await withDatabase(databasePath, async () => {
    const user = await makeUser();
    const connection = makeConnection(user.id, { name: "Site de l'agence", apiType: "export", apiEndpoint: receiver.url, apiKey: null });
    return { user, cookie: await sessionCookie(user.id), secret: connection.signingSecret! };
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
  verifyDelivery(secret, ping);
  await expect(card.getByRole("row").filter({ hasText: "ping" })).toContainText("Livré");

  // The receiver is down when the next changes are pushed by the server's scheduler.
  receiver.answerWith(() => 503);
  await withDatabase(databasePath, () => makeActiveListings(user.id, 3));
  await expect.poll(() => receiver.received.filter((post) => post.body.includes("listing.activated")).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const failed = receiver.received.find((post) => post.body.includes("listing.activated"))!;
  verifyDelivery(secret, failed);

  await page.reload();
  const batchRow = card.getByRole("row").filter({ hasText: "En attente" });
  await expect(batchRow).toContainText("Le point d'accès a répondu HTTP 503");
  await expect(batchRow.getByRole("cell").nth(1)).toHaveText("3");
  // A failed batch says when it goes again (issue 24 item 18).
  await expect(batchRow).toContainText(/Nouvel essai le \d{2}\/\d{2}\/\d{4}/);

  receiver.answerWith(() => 200);
  await batchRow.getByRole("button", { name: /^Renvoyer/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lot renvoyé (3 événements)" }).first()).toBeVisible();
  await expect(card.getByRole("row").filter({ hasText: "Livré" })).toHaveCount(2);
  // The same batch, under the same id, the receiver de-duplicates on.
  expect(receiver.received.at(-1)!.delivery).toBe(failed.delivery);
  // The card counts what was delivered (issue 24 item 18).
  await page.reload();
  await expect(card.getByRole("definition").filter({ hasText: /^3$/ })).toBeVisible();
  await expect(card.getByText("Jamais")).toHaveCount(0);

  await expectAccessible(page, "/api-connections");
});

test("une connexion Export créée sans clé reçoit un secret whsec_ affiché une fois, puis régénérable depuis sa carte ; en pause, la carte le dit et reprend", async ({ page, janitor }) => {
  test.setTimeout(120_000);
  const receiver = await startWebhookReceiver();
  janitor.defer(() => receiver.close());
  const databasePath = path.join(janitor.tempDir("vigimmo-webhook-secret-"), "secret.db");
  const { cookie } = await withDatabase(databasePath, async () => ({ cookie: await sessionCookie((await makeUser()).id) }));
  const server = await janitor.startServer({ databasePath, env: { ALLOW_PRIVATE_CONNECTION_URLS: "true", DEMO_DATA: "false" } });
  const [name, ...value] = cookie.split("=");
  await page.context().addCookies([{ name: name!, value: value.join("="), url: server.url }]);

  await page.goto(`${server.url}/api-connections`);
  await page.getByRole("button", { name: "Nouvelle connexion" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter une connexion API" });
  await dialog.getByLabel("Nom de la connexion *").fill("Site de l'agence");
  await dialog.getByLabel("Type de plateforme *").fill("Site web de l'agence");
  await dialog.getByLabel("Type d'API").selectOption("export");
  await expect(dialog.getByLabel("Clé API")).toHaveCount(0);
  await dialog.getByLabel("Endpoint de l'API *").fill(receiver.url);
  await dialog.getByRole("button", { name: "Créer la connexion" }).click();

  const secretDialog = page.getByRole("dialog", { name: "Secret de signature des webhooks" });
  const shown = secretDialog.getByLabel("Secret de signature");
  await expect(shown).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const first = await shown.textContent();
  await secretDialog.getByRole("button", { name: "J'ai copié le secret" }).click();
  await expect(secretDialog).toBeHidden();

  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Site de l'agence" }) });
  await expect(card.getByText(first!)).toHaveCount(0);
  await card.getByRole("button", { name: "Régénérer le secret" }).click();
  await page.getByRole("dialog", { name: "Régénérer le secret de signature ?" }).getByRole("button", { name: "Régénérer" }).click();
  const rotated = card.getByLabel("Secret de signature");
  await expect(rotated).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(await rotated.textContent()).not.toBe(first);

  // Paused after repeated failures (issue 23 item 5): the card says so and resumes.
  await withDatabase(databasePath, () => getSqlite().prepare("update api_connections set webhook_paused_at = ?, webhook_failures = 8").run(Date.now()));
  await page.reload();
  await expect(card.getByText("Webhooks en pause", { exact: true })).toBeVisible();
  await expect(card.getByRole("alert")).toContainText("Webhooks en pause après 8 échecs d'envoi consécutifs");
  await expectAccessible(page, "/api-connections (webhooks en pause)");
  await card.getByRole("button", { name: "Reprendre les webhooks" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Webhooks repris : les lots en attente partent maintenant" }).first()).toBeVisible();
  await expect(card.getByText("Webhooks en pause", { exact: true })).toHaveCount(0);
});
