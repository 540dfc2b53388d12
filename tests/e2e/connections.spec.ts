import { expect, expectToast, test } from "./fixtures";

test.describe("connexions API", () => {
  test("créer une connexion, l'activer, la désactiver, afficher et copier sa clé", async ({
    page,
    signIn,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await signIn();
    await page.goto("/api-connections");
    await expect(page.getByRole("heading", { name: "Connexions API", level: 1 })).toBeVisible();
    await expect(page.getByText("Non configuré")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Mes connexions personnalisées" })).toHaveCount(
      0,
    );

    await page.getByRole("button", { name: "Nouvelle connexion" }).click();
    const dialog = page.getByRole("dialog", { name: "Ajouter une connexion API" });
    // The dialog element itself has no box (its panel is fixed): check its title.
    await expect(dialog.getByRole("heading", { name: "Ajouter une connexion API" })).toBeVisible();
    await dialog.getByRole("button", { name: "Créer la connexion" }).click();
    await expect(
      dialog
        .getByRole("alert")
        .filter({ hasText: "Veuillez remplir tous les champs obligatoires" }),
    ).toBeVisible();

    await dialog.getByLabel("Nom de la connexion *").fill("Flux agence Lyon");
    await dialog.getByLabel("Type de plateforme *").fill("Portail immobilier");
    await dialog.getByLabel("Endpoint de l'API *").fill("pas une url");
    await dialog.getByRole("button", { name: "Créer la connexion" }).click();
    await expect(
      dialog.getByRole("alert").filter({ hasText: "L'endpoint doit être une URL valide" }).first(),
    ).toBeVisible();

    await dialog.getByLabel("Endpoint de l'API *").fill("https://flux.example.fr/api/annonces");
    await dialog.getByLabel("Clé API").fill("cle-agence-lyon-2024");
    await dialog.getByLabel("Configuration (JSON, optionnelle)").fill('{"pageSize": }');
    await dialog.getByRole("button", { name: "Créer la connexion" }).click();
    await expect(
      dialog
        .getByRole("alert")
        .filter({ hasText: /^Erreur: configuration JSON invalide/ })
        .first(),
    ).toBeVisible();

    await dialog.getByLabel("Configuration (JSON, optionnelle)").fill('{"pageSize": 200}');
    await dialog.getByRole("button", { name: "Créer la connexion" }).click();
    await expectToast(page, "Connexion API créée avec succès");
    await expect(dialog).toBeHidden();

    await expect(
      page.getByRole("heading", { name: "Mes connexions personnalisées" }),
    ).toBeVisible();
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Flux agence Lyon" }) });
    await expect(card.getByText("Inactive")).toBeVisible();
    await expect(card.getByText("Import", { exact: true })).toBeVisible();
    await expect(card.getByText("https://flux.example.fr/api/annonces")).toBeVisible();
    await expect(card.getByLabel("Clé API")).toHaveText("•".repeat(32));
    await expect(card.getByText("Jamais")).toBeVisible();

    await card.getByRole("button", { name: "Activer" }).click();
    await expectToast(page, "Connexion activée");
    await expect(card.getByText("Active", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: "Désactiver" }).click();
    await expectToast(page, "Connexion désactivée");
    await expect(card.getByText("Inactive")).toBeVisible();

    await card.getByRole("button", { name: "Afficher la clé" }).click();
    await expect(card.getByLabel("Clé API")).toHaveText("cle-agence-lyon-2024");
    await card.getByRole("button", { name: "Masquer la clé" }).click();
    await expect(card.getByLabel("Clé API")).toHaveText("•".repeat(32));
    await card.getByRole("button", { name: "Copier la clé" }).click();
    await expectToast(page, "Clé API copiée");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("cle-agence-lyon-2024");
  });

  test("une synchro vers une adresse locale est refusée et la carte passe en erreur", async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto("/api-connections");
    await page.getByRole("button", { name: "Nouvelle connexion" }).click();
    const dialog = page.getByRole("dialog", { name: "Ajouter une connexion API" });
    await dialog.getByLabel("Nom de la connexion *").fill("Flux interne");
    await dialog.getByLabel("Type de plateforme *").fill("CRM");
    await dialog.getByLabel("Endpoint de l'API *").fill("http://127.0.0.1:9/api");
    await dialog.getByRole("button", { name: "Créer la connexion" }).click();
    await expectToast(page, "Connexion API créée avec succès");
    await expect(dialog).toBeHidden();

    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Flux interne" }) });
    await card.getByRole("button", { name: "Activer" }).click();
    await expectToast(page, "Connexion activée");
    await card.getByRole("button", { name: "Synchroniser" }).click();
    await expectToast(page, /^Erreur lors de la synchronisation: Adresse refusée \(127\.0\.0\.1\)/);
    await expect(card.getByText("Erreur", { exact: true })).toBeVisible();
    await expect(
      card.getByRole("alert").filter({ hasText: "Adresse refusée (127.0.0.1)" }).first(),
    ).toBeVisible();
    // An errored connection can be switched back on.
    await expect(card.getByRole("button", { name: "Activer" })).toBeVisible();
  });
});
