import { addListings } from "../setup/listings-factories";
import { expect, expectNoWcagViolation, expectToast, test } from "./fixtures";

const COMPLETE =
  "Loyer 850 € CC par mois dont 50 € de provisions sur charges (régularisation annuelle). Dépôt de garantie : 800 €. Location non meublée, 45 m². " +
  "Honoraires charge locataire : 450 € TTC dont 135 € d'état des lieux. DPE C, GES B. " +
  "Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre 610 € et 860 € par an (prix indexés au 1er janvier 2021). " +
  "Les informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques : www.georisques.gouv.fr.";
const TOURS = { city: "Tours", postalCode: "37000", propertyCharges: null, energyRating: "C" };

test.describe("Conformité des annonces", () => {
  test("la fiche montre le statut et chaque constat avec sa référence", async ({ page, signIn }) => {
    const account = await signIn();
    const [id] = addListings(account.id, 1, () => ({
      ...TOURS,
      title: "Studio classé G",
      energyRating: "G",
      description: `${COMPLETE.replace("DPE C", "DPE G")} Logement à consommation énergétique excessive : classe G.`,
    }));
    await page.goto(`/property/${id}`);
    const card = page.getByRole("heading", { name: "Conformité" }).locator("xpath=ancestor::div[contains(@class,'rounded-xl')][1]");
    await expect(card.getByText("Non conforme", { exact: true })).toBeVisible();
    const findings = card.getByRole("list", { name: "Manquements relevés" });
    await expect(findings.getByText(/Un logement classé G ne peut plus être proposé à la location/)).toBeVisible();
    await expect(findings.getByText("Constat :")).toBeVisible();
    await expect(findings.getByText(/Loi n° 89-462 du 6 juillet 1989.*depuis le 1er janvier 2025/)).toBeVisible();
    await expectNoWcagViolation(page, `/property/${id}`);
  });

  test("la liste filtre par conformité et signale les annonces non conformes", async ({ page, signIn }) => {
    const account = await signIn();
    addListings(account.id, 1, () => ({ ...TOURS, title: "Deux pièces en règle", description: COMPLETE }));
    addListings(account.id, 1, () => ({ ...TOURS, title: "Deux pièces sans mentions", description: "Appartement à louer, visites le samedi." }));
    addListings(account.id, 1, () => ({
      ...TOURS,
      title: "Deux pièces au dépôt excessif",
      description: COMPLETE.replace("Dépôt de garantie : 800 €", "Dépôt de garantie : 2 400 €"),
    }));
    await page.goto("/properties?status=all");
    const card = (title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(card("Deux pièces au dépôt excessif").getByText("Non conforme", { exact: true })).toBeVisible();
    await expect(card("Deux pièces en règle")).toBeVisible();
    await expect(card("Deux pièces en règle").getByText("Non conforme")).toHaveCount(0);
    await expect(card("Deux pièces sans mentions").getByText("Non conforme")).toHaveCount(0);

    await page.getByRole("combobox", { name: "Conformité" }).selectOption({ label: "Non conforme" });
    await expect(page).toHaveURL(/compliance=non_conforme/);
    await expect(page.getByRole("heading", { name: "Deux pièces au dépôt excessif" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Deux pièces en règle" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Deux pièces sans mentions" })).toHaveCount(0);

    await page.getByRole("combobox", { name: "Conformité" }).selectOption({ label: "À compléter" });
    await expect(page.getByRole("heading", { name: "Deux pièces sans mentions" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Deux pièces au dépôt excessif" })).toHaveCount(0);
    await expectNoWcagViolation(page, "/properties?compliance=a_completer");
  });

  test("le tableau de bord compte les annonces par statut et mène à la liste filtrée", async ({ page, signIn }) => {
    const account = await signIn();
    addListings(account.id, 2, () => ({ ...TOURS, description: COMPLETE }));
    addListings(account.id, 1, () => ({ ...TOURS, description: "Appartement à louer." }));
    await page.goto("/dashboard");
    const card = page.getByRole("heading", { name: "Conformité des annonces" }).locator("xpath=ancestor::div[contains(@class,'rounded-xl')][1]");
    await expect(card.getByRole("definition").first()).toHaveText("2");
    await card.getByRole("link", { name: "À compléter" }).click();
    await expect(page).toHaveURL(/compliance=a_completer/);
    await expect(page.getByRole("heading", { name: "Mes Annonces" })).toBeVisible();
  });

  test("un administrateur relance la vérification de toutes les annonces depuis /admin", async ({ page, signIn }) => {
    await signIn({ admin: true });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Conformité des annonces" })).toBeVisible();
    await page.getByRole("button", { name: "Revérifier la conformité" }).click();
    // The server's own start-up run may still be going: then the click is refused, politely.
    await expectToast(page, /Vérification de conformité lancée\.|Une vérification de conformité est déjà en cours\./);
    await expectNoWcagViolation(page, "/admin");
  });
});
