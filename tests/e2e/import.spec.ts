import { expect, expectToast, test } from "./fixtures";

test.describe("import MoteurImmo (/moteurimmo-sync)", () => {
  test("un administrateur importe en mode démo et retrouve les annonces", async ({ page, signIn }) => {
    await signIn({ admin: true });
    await page.goto("/moteurimmo-sync");
    await expect(page.getByRole("heading", { name: "Import d'annonce" })).toBeVisible();
    await expect(page.getByText("Mode démo", { exact: true })).toBeVisible();
    await expect(page.getByText("Locations uniquement")).toBeVisible();

    await page.getByRole("button", { name: "Tester la connexion" }).click();
    await expectToast(page, /^Connexion OK - [\d\u00a0]+ annonces disponibles$/);

    // Demo defaults fit the 2 400-ad local feed (3 × 1 000), not SPEC's 20 × 1 000 for the partner.
    await expect(page.getByLabel("Nombre de pages")).toHaveValue("3");
    await expect(page.getByLabel("Annonces par page")).toHaveValue("1000");
    await page.getByLabel("Nombre de pages").fill("6");
    await page.getByLabel("Annonces par page").fill("50");
    await page.getByRole("button", { name: "Lancer l'import" }).click();
    await expect(page.getByRole("progressbar", { name: "Progression de l'import" })).toBeVisible();
    await expectToast(page, "300 annonces importées");
    await expect(page.getByText("Page 6 / 6")).toBeVisible();
    const results = page.getByRole("region", { name: "Résultats de l'import" });
    await expect(results.getByText("Importées")).toBeVisible();
    await expect(results.getByText("300", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Lancer l'import" })).toBeEnabled();

    await page.goto("/properties");
    await expect(page.getByRole("list", { name: "Annonces" }).getByRole("listitem").first()).toBeVisible();
  });

  test("le mode auto-import relance un lot tant que le précédent a importé", async ({ page, signIn }) => {
    await signIn({ admin: true });
    await page.goto("/moteurimmo-sync");
    await page.getByLabel("Nombre de pages").fill("1");
    await page.getByLabel("Annonces par page").fill("30");
    await page.getByRole("checkbox", { name: /Mode auto-import/ }).check();
    await page.getByRole("button", { name: "Lancer l'import" }).click();
    await expectToast(page, "30 annonces importées");
    // The demo feed is the same each time: the second batch finds nothing new, and it stops there.
    await expectToast(page, "Aucune nouvelle annonce à importer");
    await expect(page.getByRole("button", { name: "Lancer l'import" })).toBeEnabled();
  });

  test("la zone de danger supprime toutes ses annonces après confirmation", async ({ page, signIn }) => {
    await signIn({ admin: true });
    await page.goto("/moteurimmo-sync");
    await page.getByLabel("Nombre de pages").fill("1");
    await page.getByLabel("Annonces par page").fill("20");
    await page.getByRole("button", { name: "Lancer l'import" }).click();
    await expectToast(page, "20 annonces importées");

    await page.getByRole("button", { name: "Supprimer toutes mes annonces" }).click();
    const dialog = page.getByRole("dialog", { name: "Supprimer toutes vos annonces ?" });
    // The dialog's root box has no size of its own: look at its content.
    await expect(dialog.getByText("Cette action est irréversible")).toBeVisible();
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole("button", { name: "Supprimer toutes mes annonces" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Supprimer définitivement" }).click();
    await expectToast(page, "20 propriétés supprimées avec succès");
  });

  test("un utilisateur voit la carte « Accès refusé »", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/moteurimmo-sync");
    await expect(page.getByText("Accès refusé : réservé aux administrateurs")).toBeVisible();
    await expect(page.getByRole("button", { name: "Lancer l'import" })).toHaveCount(0);
    await page.getByRole("link", { name: "Retour au tableau de bord" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
