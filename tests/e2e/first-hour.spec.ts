import type { BrowserContext, Locator } from "@playwright/test";
import { eq } from "drizzle-orm";
import { properties } from "#db/schema";
import { seedListings } from "~/services/platform/demo-data.server";
import { createKeyRequest } from "~/services/keys/key-requests.server";
import { createUser } from "~/services/users/users.server";
import { getDb } from "~/utils/db.server";
import { createSession } from "~/utils/session.server";
import { addListings } from "../setup/listings-factories";
import { makeUser } from "../setup/factories";
import { expect, expectToast, test } from "./fixtures";

/** Issue 17, items 3, 5, 10 and 11, as a new agency and its administrator meet them. */

const loaded = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

async function signInAs(context: BrowserContext, baseURL: string, userId: string) {
  await context.clearCookies();
  const [pair] = (await createSession(userId)).setCookie.split(";");
  const [name, ...value] = pair!.split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: baseURL }]);
}

test("les annonces de démonstration montrent leurs photos, servies par l'application ; une photo injoignable montre « Pas de photo »", async ({ page, signIn, baseURL }) => {
  const account = await signIn();
  seedListings(account.id, 4, 11);
  addListings(account.id, 1, () => ({ title: "Studio à la photo injoignable", sourcePlatform: "fichier" }));
  const [seeded] = getDb().select({ title: properties.title }).from(properties).where(eq(properties.createdBy, account.id)).all().filter((row) => !row.title.startsWith("Studio à la photo"));

  await page.goto("/properties");
  const photo = page.getByRole("img", { name: seeded!.title, exact: true }).first();
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => loaded(photo)).toBe(true);
  const src = (await photo.getAttribute("src"))!;
  expect(src).toMatch(/^\/demo-photos\/[a-z-]+-\d+\.[0-9a-f]{8}\.jpg$/);
  const response = await page.request.get(new URL(src, baseURL).href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  const broken = page.getByRole("img", { name: "Studio à la photo injoignable (pas de photo)" });
  await broken.scrollIntoViewIfNeeded();
  await expect(broken).toBeVisible();
  await expect(broken).toContainText("Pas de photo");

  await page.getByRole("img", { name: seeded!.title, exact: true }).first().click();
  const gallery = page.getByRole("region", { name: "Photos de l'annonce" });
  await expect.poll(() => loaded(gallery.getByRole("img", { name: new RegExp(`^${seeded!.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} – Photo 1 sur \\d$`) }))).toBe(true);
  await expect.poll(() => loaded(gallery.getByRole("img", { name: "Miniature 2" }))).toBe(true);

  // The same account's dashboard: demo listings came through an API import, which has a date.
  await page.goto("/dashboard");
  await expect(page.getByText("Dernier import API").locator("..")).not.toContainText("Aucun");
  await expect(page.getByText("Dernier import API").locator("..")).toContainText(/\d{4}/);
});

test("tableau de bord d'un compte qui n'a importé que des fichiers : pas de « Dernier import API », 0 % exporté", async ({ page, signIn }) => {
  const account = await signIn();
  addListings(account.id, 3, () => ({ sourcePlatform: "fichier" }));
  await page.goto("/dashboard");
  const card = (label: string) => page.getByText(label, { exact: true }).locator("xpath=following-sibling::p[1]");
  await expect(card("Total annonces")).toHaveText("3");
  await expect(card("Importées via API")).toHaveText("0");
  await expect(page.getByText("Dernier import API").locator("..")).toContainText("Aucun");
  await expect(page.getByRole("progressbar", { name: "Annonces exportées / total" })).toHaveAttribute("aria-valuenow", "0");
});

test("un administrateur cherche un utilisateur dans la liste de /admin-panel", async ({ page, signIn }) => {
  const email = `gerant-${Date.now()}@agence-liste.fr`;
  const userId = await createUser({ email, password: "motdepasse", fullName: "Gérant Liste", companyName: "Agence de la Liste" });
  addListings(userId, 2);
  await signIn({ admin: true });
  await page.goto("/admin-panel");
  await page.getByRole("searchbox", { name: "Rechercher un utilisateur" }).fill(email);
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page).toHaveURL(/\/admin-panel\?q=/);
  await expect(page.getByText("1 utilisateur trouvé")).toBeVisible();
  const table = page.getByRole("table", { name: "Utilisateurs de la plateforme" });
  await expect(table.getByRole("columnheader")).toHaveText(["E-mail", "Société", "Rôle", "Annonces", "Inscription", "Dernière activité"]);
  await expect(table.getByRole("row").filter({ hasText: email }).getByRole("cell")).toHaveText([
    new RegExp(email.replace(/[.]/g, "\\.")),
    "Agence de la Liste",
    "Utilisateur",
    "2",
    /\d{4}$/,
    "Jamais",
  ]);
});

test("le menu montre les demandes de clé en attente à l'administrateur, puis la réponse au demandeur jusqu'à sa visite", async ({ page, signIn, context, baseURL }) => {
  const asker = await makeUser();
  const company = `Agence Badge ${Date.now()}`;
  createKeyRequest(asker.id, { companyName: company });
  await signIn({ admin: true });
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  const adminMenu = nav.getByRole("button", { name: /^Admin \(\d+ demandes? de clé en attente\)$/ });
  await expect(adminMenu).toBeVisible();
  await adminMenu.click();
  await page.getByRole("menuitem", { name: /^Gérer demandes API \(\d+ demandes? de clé en attente\)$/ }).click();
  const card = page.getByRole("listitem").filter({ hasText: company });
  await card.getByRole("button", { name: "Approuver" }).click();
  await expectToast(page, "Demande approuvée et clé API créée");

  await signInAs(context, baseURL!, asker.id);
  await page.goto("/dashboard");
  const apiMenu = nav.getByRole("button", { name: "API (réponse à votre demande de clé)" });
  await expect(apiMenu).toBeVisible();
  await apiMenu.click();
  await page.getByRole("menuitem", { name: "Clés API Export (réponse à votre demande de clé)" }).click();
  await expect(page).toHaveURL(/\/export-api-keys$/);
  await expect(page.getByRole("group", { name: `Clé ${company}` })).toBeVisible();
  await nav.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(nav.getByRole("button", { name: "API", exact: true })).toBeVisible();
});
