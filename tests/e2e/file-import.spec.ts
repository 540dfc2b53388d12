import { expect, expectToast, test } from "./fixtures";

const CSV = [
  "Référence;Titre;Prix;Ville;Code postal;Surface (m²);Pièces;Transaction",
  "E2E-1;Studio lumineux quai Saint-Vincent;650;Lyon;69001;22,5;1;location",
  "E2E-2;Maison de ville avec jardin;1 250,50;Nantes;44000;110;5;location",
  "E2E-3;;abc;Lille;59000;40;2;location",
].join("\n");

test.describe("import de fichier", () => {
  test("importer un petit CSV puis voir les annonces", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/properties");
    await expect(page.getByText("Aucune annonce trouvée")).toBeVisible();
    await expect(page.getByRole("link", { name: "Configurer une connexion" })).toHaveAttribute(
      "href",
      "/api-connections",
    );
    await expect(page.getByRole("link", { name: "Import d'annonce" })).toHaveCount(0);

    await page.getByRole("button", { name: "Importer un fichier" }).click();
    const dialog = page.getByRole("dialog", { name: "Importer un fichier d'annonces" });
    await dialog.getByText("Colonnes acceptées et format du fichier").click();
    await expect(dialog.getByRole("rowheader", { name: "titre *" })).toBeVisible();

    await dialog.getByLabel("Fichier d'annonces (CSV ou JSON)").setInputFiles({
      name: "annonces.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(CSV, "utf8"),
    });
    await dialog.getByRole("button", { name: "Importer le fichier" }).click();

    const progress = page.getByRole("dialog", { name: "Import de fichier" });
    await expect(progress.getByText("Import terminé")).toBeVisible();
    await expectToast(page, "2 annonces importées");
    const results = progress.getByRole("region", { name: "Résultats de l'import" });
    await expect(
      results.getByText("Ligne 4 : titre manquant ; prix invalide (« abc »)"),
    ).toBeVisible();
    await progress.getByRole("button", { name: "Fermer" }).click();

    const listings = page.getByRole("list", { name: "Annonces" });
    await expect(listings.getByText("Studio lumineux quai Saint-Vincent")).toBeVisible();
    await expect(listings.getByText("Maison de ville avec jardin")).toBeVisible();
    await expect(listings.getByText(/1\s251\s€/)).toBeVisible();
  });

  test("l'administrateur voit le lien vers l'import MoteurImmo", async ({ page, signIn }) => {
    await signIn({ admin: true });
    await page.goto("/properties");
    await expect(page.getByRole("link", { name: "Import d'annonce" })).toHaveAttribute(
      "href",
      "/moteurimmo-sync",
    );
  });
});
