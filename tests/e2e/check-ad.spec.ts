import type { Page } from "@playwright/test";
import { getSqlite } from "~/utils/db.server";
import { expect, expectNoWcagViolation, test } from "./fixtures";

/** Issue 29: an agent pastes an ad before publishing it and reads the verdict; nothing is stored. */
const MENTIONS =
  "Loyer 850 € par mois charges comprises, dont 50 € de provisions sur charges avec régularisation annuelle. Non meublé, 45 m². " +
  "Classe énergie C, classe climat B. Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre 610 € et 860 € par an (prix indexés au 1er janvier 2021). " +
  "Les informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques : www.georisques.gouv.fr.";

async function fillAd(page: Page, deposit: string) {
  await page.getByLabel("Annonceur").selectOption({ label: "Particulier" });
  await page.getByLabel("Titre").fill("T2 lumineux à Tours");
  await page.getByLabel("Texte de l'annonce").fill(`${MENTIONS} ${deposit}`);
  await page.getByLabel("Loyer hors charges ou prix (€)").fill("800");
  await page.getByLabel("Charges mensuelles (€)").fill("50");
  await page.getByLabel("Surface habitable (m²)").fill("45");
  await page.getByLabel("Classe énergie (DPE)").selectOption("C");
  await page.getByLabel("Ville").fill("Tours");
  await page.getByLabel("Code postal").fill("37000");
  await page.getByLabel("Date de vérification").fill("2026-06-01");
}

const storedListings = () => (getSqlite().prepare("select count(*) as n from properties").get() as { n: number }).n;

test.describe("Vérifier une annonce", () => {
  test("donne le verdict et les constats d'une annonce collée, sans l'enregistrer", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/properties");
    await page.getByRole("link", { name: "Vérifier une annonce" }).click();
    await expect(page.getByRole("heading", { name: "Vérifier une annonce", level: 1 })).toBeVisible();
    const before = storedListings();

    await fillAd(page, "Dépôt de garantie : 1 600 €.");
    await page.getByRole("button", { name: "Vérifier l'annonce" }).click();
    await expect(page.getByRole("status")).toHaveText(/Verdict : Non conforme/);
    const findings = page.getByRole("list", { name: "Manquements relevés" });
    await expect(findings.getByText(/Le dépôt de garantie dépasse un mois de loyer hors charges \(800 €\)/)).toBeVisible();
    await expect(findings.getByText(/Loi n° 89-462 du 6 juillet 1989.*art\. 22/)).toBeVisible();

    await page.getByLabel("Texte de l'annonce").fill(`${MENTIONS} Dépôt de garantie : 800 €.`);
    await page.getByRole("button", { name: "Vérifier l'annonce" }).click();
    await expect(page.getByRole("status")).toHaveText("Verdict : Conforme : aucun manquement relevé.");
    expect(storedListings()).toBe(before);
    await expectNoWcagViolation(page, "/verifier-annonce");
  });

  test("refuse un titre vide et un code postal invalide avec des messages en français", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/verifier-annonce");
    await page.getByLabel("Code postal").fill("37");
    await page.getByRole("button", { name: "Vérifier l'annonce" }).click();
    await expect(page.getByText("Le titre est obligatoire")).toBeVisible();
    await expect(page.getByText("Le code postal compte 5 chiffres")).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
  });

  test("tient sur un écran de 360 px", async ({ page, signIn }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn();
    await page.goto("/verifier-annonce");
    await fillAd(page, "Dépôt de garantie : 800 €.");
    await page.getByRole("button", { name: "Vérifier l'annonce" }).click();
    await expect(page.getByRole("status")).toHaveText(/Verdict : Conforme/);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
  });
});

test.describe("Vérifier une annonce sans JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("le serveur valide le formulaire et rend le verdict", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/verifier-annonce");
    await page.getByRole("button", { name: "Vérifier l'annonce" }).click();
    await expect(page.getByText("Le titre est obligatoire")).toBeVisible();
    await fillAd(page, "");
    await page.getByRole("button", { name: "Vérifier l'annonce" }).click();
    await expect(page.getByRole("status")).toHaveText(/Verdict : À compléter/);
    await expect(page.getByText(/Le montant du dépôt de garantie \(ou son absence\) n'est pas indiqué/)).toBeVisible();
  });
});
