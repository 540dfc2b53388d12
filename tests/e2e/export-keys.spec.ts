import type { BrowserContext, Page } from "@playwright/test";
import { createSession } from "~/utils/session.server";
import { expect, expectToast, test } from "./fixtures";

/** Switches the browser to an existing user's session (the fixture only creates new users). */
async function actAs(context: BrowserContext, baseURL: string, userId: string) {
  await context.clearCookies();
  const [pair] = (await createSession(userId)).setCookie.split(";");
  const [name, ...value] = pair!.split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: baseURL }]);
}

async function requestKey(page: Page, company: string, description: string) {
  await page.goto("/request-api-key");
  await page.getByLabel("Nom de la société").fill(company);
  await page.getByLabel("Description / cas d'usage (optionnel)").fill(description);
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expectToast(page, "Demande envoyée avec succès");
  await expect(page.getByRole("listitem").filter({ hasText: company })).toContainText("En attente");
}

const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test("demander une clé, l'approuver, la copier, appeler l'API et voir l'appel dans l'historique", async ({ page, context, signIn, baseURL, request }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
  const company = `Agence Export ${Date.now()}`;
  const user = await signIn();

  await page.goto("/request-api-key");
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page.getByText("Le nom de la société est requis")).toBeVisible();
  await requestKey(page, company, "Publier nos annonces validées sur notre site");

  await signIn({ admin: true });
  await page.goto("/admin-api-requests");
  await expect(page.getByRole("tab", { name: /^En attente \(\d+\)$/ })).toHaveAttribute("aria-selected", "true");
  const card = page.getByRole("listitem").filter({ hasText: company });
  await expect(card).toContainText(user.email);
  await expect(card).toContainText("Publier nos annonces validées sur notre site");
  await card.getByRole("button", { name: "Approuver" }).click();
  await expectToast(page, "Demande approuvée et clé API créée");
  await expect(card).toHaveCount(0);
  await page.getByRole("tab", { name: /^Approuvées/ }).click();
  await expect(page.getByRole("listitem").filter({ hasText: company })).toContainText("Traitée le");

  await actAs(context, baseURL!, user.id);
  await page.goto("/request-api-key");
  const mine = page.getByRole("listitem").filter({ hasText: company });
  await expect(mine).toContainText("Approuvée");
  await mine.getByRole("link", { name: "Clés API Export" }).click();
  await expect(page).toHaveURL(/\/export-api-keys$/);

  const keyCard = page.getByRole("group", { name: `Clé ${company}` });
  await expect(keyCard.getByText("Active", { exact: true })).toBeVisible();
  await expect(keyCard).toContainText(user.email);
  await expect(keyCard).toContainText("Jamais utilisée");
  const keyInput = keyCard.getByLabel("Clé API");
  await expect(keyInput).toHaveAttribute("type", "password");
  await keyCard.getByRole("button", { name: "Copier la clé" }).click();
  await expectToast(page, "Clé API copiée");
  const apiKey = await readClipboard(page);
  expect(apiKey).toMatch(/^efi_[A-Za-z0-9]{32}$/);
  await keyCard.getByRole("button", { name: "Afficher la clé" }).click();
  await expect(keyInput).toHaveAttribute("type", "text");
  await expect(keyInput).toHaveValue(apiKey);

  const endpoint = `${baseURL}/functions/v1/get-properties`;
  await expect(page.getByTestId("endpoint-url")).toHaveText(endpoint);
  await page.getByRole("button", { name: "Copier l'URL" }).click();
  await expectToast(page, "URL copiée");
  expect(await readClipboard(page)).toBe(endpoint);

  const answer = await request.post(endpoint, { data: { apiKey, limit: 5, offset: 1 } });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { success: boolean; count: number; total: number; properties: unknown[] };
  expect(body).toMatchObject({ success: true, count: 5 });
  expect(body.total).toBeGreaterThan(5);

  await page.reload();
  const history = page.getByRole("table", { name: /derniers appels/ });
  const row = history.getByRole("row").filter({ hasText: company });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell")).toHaveText([/\d{2}\/\d{2}\/\d{4}/, company, "5", "5", "1"]);
  await expect(keyCard).not.toContainText("Jamais utilisée");

  await keyCard.getByRole("button", { name: "Désactiver" }).click();
  await expectToast(page, "Clé désactivée");
  await expect(keyCard.getByText("Inactive", { exact: true })).toBeVisible();
  expect((await request.post(endpoint, { data: { apiKey, limit: 1 } })).status()).toBe(403);
  await keyCard.getByRole("button", { name: "Activer" }).click();
  await expectToast(page, "Clé activée");

  await keyCard.getByRole("button", { name: "Supprimer" }).click();
  const dialog = page.getByRole("dialog", { name: "Supprimer cette clé API ?" });
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(keyCard).toBeVisible();
  await keyCard.getByRole("button", { name: "Supprimer" }).click();
  await dialog.getByRole("button", { name: "Supprimer la clé" }).click();
  await expectToast(page, "Clé API supprimée");
  await expect(page.getByRole("heading", { name: "Aucune clé API" })).toBeVisible();
  await expect(history.getByRole("row").filter({ hasText: "Clé supprimée" })).toHaveCount(1);
  expect((await request.post(endpoint, { data: { apiKey } })).status()).toBe(401);
});

test("refuser une demande avec une raison", async ({ page, context, signIn, baseURL }) => {
  const company = `Agence Refusée ${Date.now()}`;
  const user = await signIn();
  await requestKey(page, company, "Usage inconnu");

  await signIn({ admin: true });
  await page.goto("/admin-api-requests");
  const card = page.getByRole("listitem").filter({ hasText: company });
  await card.getByRole("button", { name: "Refuser" }).click();
  const dialog = page.getByRole("dialog", { name: "Refuser la demande" });
  await dialog.getByRole("button", { name: "Confirmer le refus" }).click();
  await expect(dialog.getByText("Veuillez indiquer une raison de refus")).toBeVisible();
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toHaveCount(0);
  await card.getByRole("button", { name: "Refuser" }).click();
  await dialog.getByLabel("Raison du refus").fill("Société introuvable au registre du commerce");
  await dialog.getByRole("button", { name: "Confirmer le refus" }).click();
  await expectToast(page, "Demande refusée");
  await page.getByRole("tab", { name: /^Refusées/ }).click();
  await expect(page.getByRole("listitem").filter({ hasText: company })).toContainText("Société introuvable au registre du commerce");

  await actAs(context, baseURL!, user.id);
  await page.goto("/request-api-key");
  const mine = page.getByRole("listitem").filter({ hasText: company });
  await expect(mine).toContainText("Refusée");
  await expect(mine).toContainText("Raison du refus : Société introuvable au registre du commerce");
  await page.goto("/export-api-keys");
  await expect(page.getByRole("heading", { name: "Aucune clé API" })).toBeVisible();
  await page.getByRole("link", { name: "Demander une clé API" }).click();
  await expect(page).toHaveURL(/\/request-api-key$/);
});

test("une session perdue pendant la saisie renvoie vers la connexion avec « Session invalide »", async ({ page, context, signIn }) => {
  await signIn();
  await page.goto("/request-api-key");
  await page.getByLabel("Nom de la société").fill("Agence sans session");
  // The session ends (expired, signed out in another tab) while the form is open.
  await context.clearCookies();
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, "Session invalide");
});
