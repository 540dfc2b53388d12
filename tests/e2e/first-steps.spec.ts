import type { Page } from "@playwright/test";
import { addListings, setStatus } from "../setup/listings-factories";
import { expect, test } from "./fixtures";

/**
 * Issue 24's first hour of a new agency: where to start (item 7), a list that never stays empty
 * beside non-zero counts (item 4), and a file refused in the dialog itself (item 8); at 1 280 and
 * 360 px.
 */

async function expectNoOverflow(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const width of [1280, 360]) {
  test.describe(`largeur ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("le tableau de bord vide propose les trois premiers pas, chacun à un clic", async ({ page, signIn }) => {
      await signIn();
      await page.goto("/dashboard");
      const steps = page.getByRole("region", { name: "Par où commencer ?" });
      await expect(steps).toBeVisible();
      await expectNoOverflow(page);

      await steps.getByRole("link", { name: "Importer un fichier" }).click();
      await expect(page.getByRole("dialog", { name: "Importer un fichier d'annonces" }).getByLabel("Fichier d'annonces (CSV ou JSON)")).toBeVisible();

      await page.goto("/dashboard");
      await page.getByRole("region", { name: "Par où commencer ?" }).getByRole("link", { name: "Ajouter une connexion" }).click();
      await expect(page.getByRole("dialog", { name: "Ajouter une connexion API" }).getByRole("button", { name: "Annuler" })).toBeVisible();

      await page.goto("/dashboard");
      await page.getByRole("region", { name: "Par où commencer ?" }).getByRole("link", { name: "Créer une zone" }).click();
      await expect(page).toHaveURL(/\/prospection$/);
      await expect(page.getByRole("checkbox", { name: /Lancer la recherche dès la création/ })).toBeChecked();
    });

    test("une liste vide à côté de compteurs non nuls dit pourquoi et mène aux annonces", async ({ page, signIn }) => {
      const account = await signIn();
      const ids = addListings(account.id, 3, () => ({ title: "Annonce validée par l'IA" }));
      setStatus(ids, "active");
      await page.goto("/properties");
      await expect(page.getByText("3 annonces affichées sur 3")).toBeVisible();
      await expect(page.getByRole("region", { name: "Par où commencer ?" })).toHaveCount(0);

      await page.goto("/properties?status=pending");
      await expect(page.getByText("Aucune de vos 3 annonces n'a le statut « En attente IA ».")).toBeVisible();
      await expectNoOverflow(page);
      await page.getByRole("list", { name: "Statuts qui ont des annonces" }).getByRole("link", { name: "✅ Actives (3)" }).click();
      await expect(page).toHaveURL(/status=active/);
      await expect(page.getByText("3 annonces affichées sur 3")).toBeVisible();
    });

    test("un fichier vide est refusé dans la fenêtre d'import, et le message y reste", async ({ page, signIn }) => {
      await signIn();
      await page.goto("/properties?ouvrir=fichier");
      const dialog = page.getByRole("dialog", { name: "Importer un fichier d'annonces" });
      await dialog.getByLabel("Fichier d'annonces (CSV ou JSON)").setInputFiles({ name: "vide.csv", mimeType: "text/csv", buffer: Buffer.alloc(0) });
      await dialog.getByRole("button", { name: "Importer le fichier" }).click();
      const alert = dialog.getByRole("alert");
      await expect(alert).toHaveText("Le fichier est vide");
      await expectNoOverflow(page);

      // A file without the required columns: refused by the server, explained beside the field.
      await dialog.getByLabel("Fichier d'annonces (CSV ou JSON)").setInputFiles({ name: "annonces.csv", mimeType: "text/csv", buffer: Buffer.from("nom;couleur\nBleu;bleu\n") });
      await expect(alert).toHaveCount(0);
      await dialog.getByRole("button", { name: "Importer le fichier" }).click();
      await expect(dialog.getByRole("alert")).toContainText("Colonnes obligatoires manquantes");
    });
  });
}
