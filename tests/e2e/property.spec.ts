import { addListings } from "../setup/listings-factories";
import { expect, expectToast, test } from "./fixtures";

test.describe("Détail d'une annonce", () => {
  test("affiche l'annonce, une galerie utilisable au clavier et la source dans un nouvel onglet", async ({ page, signIn }) => {
    const account = await signIn();
    const [id] = addListings(account.id, 1, () => ({
      title: "T3 rénové avec balcon",
      price: 1250,
      propertyCharges: 80,
      images: ["https://photos.invalid/1.jpg", "https://photos.invalid/2.jpg", "https://photos.invalid/3.jpg"],
      features: ["Balcon", "Ascenseur"],
      sourceOrigin: "leboncoin",
      sourceUrl: "https://www.leboncoin.fr/locations/123.htm",
      postalCode: "69003",
    }));
    await page.goto(`/property/${id}`);
    await expect(page.getByRole("heading", { name: "T3 rénové avec balcon" })).toBeVisible();
    await expect(page.getByText("Location", { exact: true })).toBeVisible();
    await expect(page.getByText("1 250 € /mois")).toBeVisible();
    await expect(page.getByText("Charges : 80 € /mois")).toBeVisible();
    for (const feature of ["Balcon", "Ascenseur"]) await expect(page.getByText(feature, { exact: true })).toBeVisible();
    await expect(page.getByText("69003")).toBeVisible();
    await expect(page.getByText("2e étage sur 5")).toBeVisible();

    // Unreachable pictures fall back to a placeholder that keeps a text alternative.
    const gallery = page.getByRole("region", { name: "Photos de l'annonce" });
    await expect(gallery.getByRole("img", { name: /Photo 1 sur 3/ })).toBeVisible();
    await expect(gallery.getByText("Photo 1 sur 3", { exact: true })).toBeVisible();
    const second = gallery.getByRole("button", { name: "Afficher la photo 2 sur 3" });
    await gallery.getByRole("button", { name: "Afficher la photo 1 sur 3" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(second).toBeFocused();
    await expect(second).toHaveAttribute("aria-pressed", "true");
    await expect(gallery.getByText("Photo 2 sur 3", { exact: true })).toBeVisible();
    await page.keyboard.press("End");
    await expect(gallery.getByText("Photo 3 sur 3", { exact: true })).toBeVisible();
    await gallery.getByRole("button", { name: "Photo suivante" }).click();
    await expect(gallery.getByText("Photo 1 sur 3", { exact: true })).toBeVisible();

    const source = page.getByRole("link", { name: /Voir l'annonce source/ });
    await expect(source).toHaveAttribute("href", "https://www.leboncoin.fr/locations/123.htm");
    await expect(source).toHaveAttribute("target", "_blank");
    await expect(source).toHaveAttribute("rel", /noopener/);

    await page.getByRole("link", { name: "Retour aux annonces" }).click();
    await expect(page).toHaveURL(/\/properties$/);
  });

  test("modifie la description : refus puis succès", async ({ page, signIn }) => {
    const account = await signIn();
    const [id] = addListings(account.id, 1, () => ({ images: [], description: "Ancienne description de l'annonce." }));
    await page.goto(`/property/${id}`);
    await expect(page.getByRole("img", { name: /aucune photo/ })).toBeVisible();
    await page.getByRole("button", { name: "Modifier la description" }).click();
    const field = page.getByRole("textbox", { name: "Description" });
    await field.fill("   court   ");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expectToast(page, "La description doit contenir au moins 10 caractères");
    await field.fill("x".repeat(5001));
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expectToast(page, "La description ne peut pas dépasser 5000 caractères");

    await field.fill("  Superbe appartement traversant, refait à neuf.  ");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expectToast(page, "Description mise à jour avec succès");
    await expect(page.getByText("Superbe appartement traversant, refait à neuf.", { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText("Superbe appartement traversant, refait à neuf.", { exact: true })).toBeVisible();
  });

  test("Créer propriétaire ouvre un formulaire pour le vrai propriétaire, vérifié avant l'envoi (issue 24 item 3)", async ({ page, signIn }) => {
    const account = await signIn();
    const [id] = addListings(account.id, 1);
    await page.goto(`/property/${id}`);
    await expect(page.getByText("Aucun propriétaire associé à cette annonce.")).toBeVisible();
    await page.getByRole("button", { name: "Créer propriétaire" }).click();
    await page.getByRole("button", { name: "Enregistrer le propriétaire" }).click();
    await expect(page.getByText("Le nom du propriétaire est requis.")).toBeVisible();
    await page.getByLabel("Prénom").fill("Hélène");
    await page.getByLabel("Nom", { exact: true }).fill("Dupré");
    await expect(page.getByText("Le nom du propriétaire est requis.")).toHaveCount(0);
    await page.getByLabel("Téléphone").fill("12");
    await page.getByRole("button", { name: "Enregistrer le propriétaire" }).click();
    await expect(page.getByText(/Numéro de téléphone invalide/)).toBeVisible();
    await page.getByLabel("Téléphone").fill("06 12 34 56 78");
    await page.getByLabel("E-mail").fill("helene.dupre@orange.fr");
    await page.getByRole("button", { name: "Enregistrer le propriétaire" }).click();
    await expectToast(page, "Propriétaire enregistré");
    await expect(page.getByText("Hélène Dupré", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "0612345678" })).toBeVisible();
    await expect(page.getByText("Fictif")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("link", { name: "helene.dupre@orange.fr" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Créer propriétaire" })).toHaveCount(0);
  });

  test("l'annonce d'un autre utilisateur, ou un identifiant invalide, répond 404 « Annonce introuvable »", async ({ page, signIn }) => {
    const stranger = await signIn();
    const [foreign] = addListings(stranger.id, 1, () => ({ title: "Annonce confidentielle d'un autre" }));
    await page.context().clearCookies();
    await signIn();
    for (const path of [`/property/${foreign}`, "/property/abc", "/property/999999999"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Annonce introuvable" })).toBeVisible();
      await expect(page.getByText("Annonce confidentielle d'un autre")).toHaveCount(0);
    }
  });
});
