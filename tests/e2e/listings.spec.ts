import type { Page } from "@playwright/test";
import { addListings, setStatus } from "../setup/listings-factories";
import { expect, test } from "./fixtures";

/** 120 listings: 60 pending (Lyon / Marseille), 30 suspicious and flagged, 20 active, 10 rejected. */
function portfolio(userId: string) {
  const ids = addListings(userId, 120, (i) => ({
    city: i % 2 === 0 ? "Lyon" : "Marseille",
    propertyType: i % 3 === 0 ? "Maison" : "Appartement",
    transactionType: i % 4 === 0 ? "sale" : "rental",
    title: i === 59 ? "Loft d'artiste Croix-Rousse" : `Appartement n°${i}`,
    price: 1000 + i,
    owner: i === 59 ? { firstName: "Lucie", lastName: "Moreau", email: "lucie.moreau@example.fr" } : null,
  }));
  setStatus(ids.slice(60, 90), "suspicious", "Prix anormalement bas");
  setStatus(ids.slice(90, 110), "active");
  setStatus(ids.slice(110), "rejected", "Arnaque confirmée");
  return ids;
}

const cards = (page: Page) => page.getByRole("list", { name: "Annonces", exact: true }).locator(":scope > li");

test.describe("Mes Annonces", () => {
  test("filtres dans l'URL, compteurs, retour arrière et réinitialisation", async ({ page, signIn }) => {
    const account = await signIn();
    portfolio(account.id);
    await page.goto("/properties");
    await expect(page.getByRole("heading", { name: "Mes Annonces" })).toBeVisible();
    // Every listing by default (issue 24 item 4), whatever their status.
    await expect(page.getByText("50 annonces affichées sur 120")).toBeVisible();
    const badges = page.getByRole("list", { name: "Nombre d'annonces par statut" });
    for (const text of ["⏳ En attente IA : 60", "⚠️ Suspectes : 30", "✅ Actives : 20", "🚫 Blacklistées : 10"]) {
      await expect(badges).toContainText(text);
    }
    await expect(page.getByLabel("Statut", { exact: true })).toHaveValue("all");
    await expect(page.getByLabel("Statut", { exact: true }).locator("option")).toHaveText(["⏳ En attente IA (60)", "⚠️ Suspectes (30)", "✅ Actives (20)", "🚫 Blacklistées (10)", "Toutes (120)"]);
    await expect(page.getByLabel("Type de bien").locator("option")).toHaveText(["Tous les types", "Appartement", "Maison"]);

    // The newest pending listing comes first, with its price in euros and its owner.
    await page.getByLabel("Statut", { exact: true }).selectOption("pending");
    await expect(page.getByText("50 annonces affichées sur 60")).toBeVisible();
    const first = cards(page).first();
    await expect(first).toContainText("Loft d'artiste Croix-Rousse");
    await expect(first).toContainText("1 059 € /mois");
    await expect(first).toContainText("Lucie Moreau");
    await expect(first).toContainText("lucie.moreau@example.fr");
    await expect(first.getByRole("img", { name: /Loft d'artiste/ })).toBeVisible();

    await page.getByLabel("Statut", { exact: true }).selectOption("suspicious");
    await expect(page).toHaveURL(/status=suspicious/);
    await expect(page.getByText("30 annonces affichées sur 30")).toBeVisible();
    await expect(cards(page).first().getByText("Flaggé IA")).toBeVisible();

    await page.getByLabel("Ville").selectOption("Lyon");
    await expect(page).toHaveURL(/city=Lyon/);
    await expect(page.getByText("15 annonces affichées sur 15")).toBeVisible();

    await page.goBack();
    await expect(page.getByText("30 annonces affichées sur 30")).toBeVisible();
    await expect(page.getByLabel("Ville")).toHaveValue("");
    await expect(page.getByLabel("Statut", { exact: true })).toHaveValue("suspicious");

    await page.getByRole("link", { name: "Réinitialiser les filtres" }).click();
    await expect(page).toHaveURL(/\/properties$/);
    await expect(page.getByText("50 annonces affichées sur 120")).toBeVisible();
  });

  test("recherche plein texte puis « Charger plus d'annonces »", async ({ page, signIn }) => {
    const account = await signIn();
    portfolio(account.id);
    await page.goto("/properties?status=all");
    await page.getByRole("searchbox", { name: "Recherche" }).fill("croix rou");
    await page.getByRole("searchbox", { name: "Recherche" }).press("Enter");
    await expect(page).toHaveURL(/q=croix\+rou/);
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByText("1 annonce affichée sur 1")).toBeVisible();

    await page.getByRole("searchbox", { name: "Recherche" }).fill('"NEAR(*');
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page.getByText("Aucune annonce trouvée")).toBeVisible();
    await expect(page.getByText("Essayez de modifier vos filtres de recherche")).toBeVisible();

    await page.goto("/properties?status=all");
    await expect(cards(page)).toHaveCount(50);
    await page.getByRole("link", { name: "Charger plus d'annonces" }).click();
    await expect(cards(page)).toHaveCount(100);
    await expect(page).toHaveURL(/limit=100/);
    await page.getByRole("link", { name: "Charger plus d'annonces" }).click();
    await expect(cards(page)).toHaveCount(120);
    await expect(page.getByRole("link", { name: "Charger plus d'annonces" })).toHaveCount(0);
    await expect(page.getByText("120 annonces affichées sur 120")).toBeVisible();
  });

  test("sans annonce : état vide, et le clic sur une carte ouvre l'annonce", async ({ page, signIn }) => {
    const account = await signIn();
    await page.goto("/properties");
    await expect(page.getByText("Aucune annonce trouvée")).toBeVisible();
    await expect(page.getByText("Importez vos premières annonces")).toBeVisible();
    await expect(page.getByRole("main").locator('a[href="/moteurimmo-sync"]')).toHaveCount(0);

    const [id] = addListings(account.id, 1, () => ({ title: "Maison avec jardin à Nantes" }));
    await page.getByRole("link", { name: "Actualiser" }).click();
    await cards(page).getByRole("link", { name: /Maison avec jardin à Nantes/ }).click();
    await expect(page).toHaveURL(new RegExp(`/property/${id}$`));
    await expect(page.getByRole("heading", { name: "Maison avec jardin à Nantes" })).toBeVisible();
  });

  test("un administrateur voit le lien vers l'import MoteurImmo", async ({ page, signIn }) => {
    await signIn({ admin: true });
    await page.goto("/properties");
    await page.getByRole("main").locator('a[href="/moteurimmo-sync"]').click();
    await expect(page).toHaveURL(/\/moteurimmo-sync$/);
  });
});

test.describe("Mes Annonces sans JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("le formulaire de filtres et « Charger plus » fonctionnent", async ({ page, signIn }) => {
    const account = await signIn();
    portfolio(account.id);
    await page.goto("/properties");
    await page.getByLabel("Statut", { exact: true }).selectOption("all");
    await page.getByLabel("Transaction").selectOption("sale");
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/status=all/);
    await expect(page.getByText("30 annonces affichées sur 30")).toBeVisible();
    await page.goto("/properties?status=all");
    await page.getByRole("link", { name: "Charger plus d'annonces" }).click();
    await expect(cards(page)).toHaveCount(100);
  });
});
