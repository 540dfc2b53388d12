import type { Page } from "@playwright/test";
import { addListings, logExport, setStatus, setUserStatistics } from "../setup/listings-factories";
import { expect, expectToast, recordedToasts, recordToasts, test } from "./fixtures";

/** The figure shown on the card whose label is `label`. */
const figure = (page: Page, label: string) => page.getByText(label, { exact: true }).locator("xpath=following-sibling::p[1]");
const asNumber = (text: string) => Number(text.replace(/\s/g, ""));

test.describe("tableaux de bord", () => {
  test("le dashboard affiche les chiffres de l'utilisateur", async ({ page, signIn }) => {
    const account = await signIn();
    await page.goto("/dashboard");
    await expect(page.getByText("Vos statistiques de prospection immobilière")).toBeVisible();
    await expect(figure(page, "Total annonces")).toHaveText("0");
    await expect(page.getByText("Dernier import API").locator("..")).toContainText("Aucun");

    const ids = addListings(account.id, 10, (i) => ({ sourcePlatform: i < 3 ? "fichier" : "moteurimmo" }));
    setStatus(ids.slice(4, 7), "suspicious", "Prix anormalement bas");
    setStatus(ids.slice(7, 9), "active");
    setStatus(ids.slice(9), "rejected");
    setUserStatistics(account.id, { propertiesExported: 4, lastImportDate: new Date("2024-03-05T10:00:00Z") });
    await page.reload();
    const expected: Array<[string, string]> = [
      ["Total annonces", "10"],
      ["En attente IA", "4"],
      ["Suspectes", "3"],
      ["Actives validées", "2"],
      ["Blacklistées", "1"],
      ["Importées via API", "7"],
    ];
    for (const [label, value] of expected) await expect(figure(page, label), label).toHaveText(value);
    expect(asNumber(await page.getByTestId("platform-total").innerText())).toBeGreaterThanOrEqual(10);
    await expect(page.getByText("Dernier import API").locator("..")).toContainText("5 mars 2024");
    await expect(page.getByText("Dernier export").locator("..")).toContainText("Aucun");
    await expect(page.getByRole("progressbar", { name: "Annonces actives / total" })).toHaveAttribute("aria-valuenow", "20");
    // Only the 2 active listings can have left through the export API: 2 / 10.
    await expect(page.getByRole("progressbar", { name: "Annonces exportées / total" })).toHaveAttribute("aria-valuenow", "20");
  });

  test("le dashboard administrateur calcule ses cartes depuis les tables", async ({ page, signIn }) => {
    const admin = await signIn({ admin: true });
    const ids = addListings(admin.id, 5);
    setStatus(ids.slice(0, 2), "active");
    logExport(admin.id, 7);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Tableau de bord administrateur" })).toBeVisible();
    const total = asNumber(await figure(page, "Total Annonces").innerText());
    expect(total).toBeGreaterThanOrEqual(5);
    await expect(page.getByText(/^\d[\d\s]* actives$/)).toBeVisible();
    expect(asNumber(await figure(page, "Utilisateurs").innerText())).toBeGreaterThanOrEqual(1);
    await expect(figure(page, "Connexions API")).toHaveText(/^\d[\d\s]*$/);
    const today = page.getByRole("heading", { name: "Activité du jour" }).locator("xpath=ancestor::div[contains(@class,'rounded-xl')][1]");
    expect(asNumber(await today.getByText("Annonces importées aujourd'hui").locator("xpath=following-sibling::dd").innerText())).toBeGreaterThanOrEqual(5);
    expect(asNumber(await today.getByText("Annonces exportées aujourd'hui").locator("xpath=following-sibling::dd").innerText())).toBeGreaterThanOrEqual(7);
    await expect(page.getByText("Taux d'annonces actives")).toBeVisible();
    await expect(page.getByText("Annonces par utilisateur (moyenne)")).toBeVisible();
    await expect(page.getByText("Dernière mise à jour").locator("xpath=following-sibling::dd")).toHaveText(/^\d{1,2} \S+ \d{4} à \d{2}:\d{2}$/);
  });
});

test.describe("gestion admin", () => {
  test("copie la commande make-admin, et refuse un email invalide", async ({ page, signIn, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn({ admin: true });
    await page.goto("/admin-panel");
    await expect(page.getByText("Modération des annonces")).toBeVisible();
    const email = page.getByLabel("Email de l'utilisateur");
    await page.waitForFunction(() => "__remixRouter" in window);
    await recordToasts(page);
    await page.getByRole("button", { name: "Copier la commande" }).click();
    await expect(page.getByRole("alert")).toHaveText("Veuillez entrer un email");
    await email.fill("pas-un-email");
    await page.getByRole("button", { name: "Copier la commande" }).click();
    await expect(page.getByRole("alert")).toHaveText("Email invalide: adresse e-mail mal formée");

    await email.fill("  Agent.Immo@Example.FR ");
    await page.getByRole("button", { name: "Copier la commande" }).click();
    await expectToast(page, "Commande copiée");
    // Each error was shown once, beside the field: toasts come in order, and none repeated them (issue 17).
    expect(await recordedToasts(page)).toEqual(["Commande copiée"]);
    await expect(page.getByTestId("admin-command")).toHaveText("npm run make-admin -- agent.immo@example.fr");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("npm run make-admin -- agent.immo@example.fr");
  });
});

test.describe("gestion admin sans JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("le serveur valide l'email et affiche la commande", async ({ page, signIn }) => {
    await signIn({ admin: true });
    await page.goto("/admin-panel");
    await page.getByRole("button", { name: "Copier la commande" }).click();
    await expect(page.getByRole("alert")).toHaveText("Veuillez entrer un email");
    await page.getByLabel("Email de l'utilisateur").fill("Nouvelle.Admin@agence.fr");
    await page.getByRole("button", { name: "Copier la commande" }).click();
    await expect(page.getByTestId("admin-command")).toHaveText("npm run make-admin -- nouvelle.admin@agence.fr");
  });
});
