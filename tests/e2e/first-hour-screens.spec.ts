import type { Page } from "@playwright/test";
import { createKeyRequest } from "~/services/keys/key-requests.server";
import { addListings, setModeration } from "../setup/moderation-factories";
import { expect, expectToast, test } from "./fixtures";

/** Issue 17: what a new agency ran into in its first hour, walked through as that person. */

const titlesShown = (page: Page) => page.getByRole("list", { name: "Annonces" }).locator("h2").allTextContents();

test.describe("modération d'un utilisateur ordinaire", () => {
  test("du tableau de bord et de la page Annonces jusqu'à la modération", async ({ page, signIn }) => {
    const user = await signIn();
    const ids = addListings(user.id, 4);
    setModeration(ids.slice(0, 2), { status: "suspicious", reason: "Prix anormalement bas", confidence: 0.8 });
    setModeration(ids.slice(2, 3), { status: "active", confidence: 0.1 });

    await page.goto("/dashboard");
    await page.getByRole("link", { name: /^Suspectes/ }).click();
    await expect(page).toHaveURL(/\/moderation$/);
    await expect(page.getByText("2 annonces suspectes à modérer")).toBeVisible();
    await expect(page.getByRole("list", { name: "Annonces suspectes" }).getByRole("listitem")).toHaveCount(2);

    await page.goto("/dashboard");
    await page.getByRole("link", { name: /^Actives validées/ }).click();
    await expect(page).toHaveURL(/\/properties\?status=active$/);
    await expect(page.getByText("1 annonce affichée sur 1")).toBeVisible();

    await page.getByRole("main").getByRole("link", { name: /Modération IA/ }).click();
    await expect(page).toHaveURL(/\/moderation$/);
    // The SPEC's Admin menu stays for administrators only.
    await expect(page.getByRole("button", { name: "Admin" })).toHaveCount(0);
  });

  test("valide ou blackliste depuis la page d'une annonce, avec le motif, la confiance et les indices", async ({ page, signIn }) => {
    const user = await signIn();
    const [suspicious, pending] = addListings(user.id, 2);
    setModeration([suspicious!], { status: "suspicious", reason: "Paiement par mandat cash demandé · Propriétaire à l'étranger", confidence: 0.87 });

    await page.goto(`/property/${suspicious}`);
    const review = page.getByRole("region", { name: "Modération" });
    await expect(review.getByText("Motif IA : Paiement par mandat cash demandé", { exact: true })).toBeVisible();
    await expect(review.getByText("Confiance IA : 87 %")).toBeVisible();
    await expect(review.getByRole("listitem")).toHaveText(["Paiement par mandat cash demandé", "Propriétaire à l'étranger"]);
    await review.getByRole("button", { name: "Valider" }).click();
    await expectToast(page, "Annonce validée");
    await expect(page.getByRole("region", { name: "Modération" })).toHaveCount(0);
    await expect(page.getByText("Active", { exact: true })).toBeVisible();

    await page.goto(`/property/${pending}`);
    await expect(page.getByText("Cette annonce n'a pas encore été analysée par l'IA")).toBeVisible();
    await page.getByRole("button", { name: "Blacklister" }).click();
    // A single destructive action asks first (issue 24 item 5).
    await page.getByRole("dialog").getByRole("button", { name: "Blacklister" }).click();
    await expectToast(page, "Annonce blacklistée");
    await expect(page.getByText("Blacklistée", { exact: true }).first()).toBeVisible();
    // The decision is in the listing's history (issue 24 item 5).
    await expect(page.getByRole("list", { name: "Historique des décisions" }).getByText("Blacklistée")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: "Valider" })).toHaveCount(0);
  });

  test("« 0 annonce suspecte » au singulier", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/moderation");
    await expect(page.getByText("0 annonce suspecte à modérer", { exact: true })).toBeVisible();
  });
});

test.describe("tri des annonces", () => {
  test("trie par prix, surface et prix au m², et garde le tri dans l'adresse", async ({ page, signIn }) => {
    const user = await signIn();
    const rows = [
      { title: "Studio cher au m²", price: 900, surfaceArea: 18 },
      { title: "Grand T4", price: 1500, surfaceArea: 95.5 },
      { title: "T2 abordable", price: 600, surfaceArea: 40 },
      { title: "Prix inconnu", price: null, surfaceArea: null },
    ];
    addListings(user.id, rows.length, (index) => rows[index]!);
    await page.goto("/properties");
    await page.getByLabel("Trier par").selectOption({ label: "Prix croissant" });
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect.poll(() => titlesShown(page)).toEqual(["T2 abordable", "Studio cher au m²", "Grand T4", "Prix inconnu"]);

    await page.getByLabel("Trier par").selectOption({ label: "Prix décroissant" });
    await expect(page).toHaveURL(/sort=price_desc/);
    await expect.poll(() => titlesShown(page)).toEqual(["Grand T4", "Studio cher au m²", "T2 abordable", "Prix inconnu"]);

    await page.getByLabel("Trier par").selectOption({ label: "Surface décroissante" });
    await expect.poll(() => titlesShown(page)).toEqual(["Grand T4", "T2 abordable", "Studio cher au m²", "Prix inconnu"]);

    await page.getByLabel("Trier par").selectOption({ label: "Prix au m² croissant" });
    await expect(page).toHaveURL(/sort=price_per_m2_asc/);
    await expect.poll(() => titlesShown(page)).toEqual(["T2 abordable", "Grand T4", "Studio cher au m²", "Prix inconnu"]);

    // The order lives in the URL: a reload or a shared link gives the same list.
    await page.reload();
    await expect(page.getByLabel("Trier par")).toHaveValue("price_per_m2_asc");
    await expect.poll(() => titlesShown(page)).toEqual(["T2 abordable", "Grand T4", "Studio cher au m²", "Prix inconnu"]);
    // Surfaces keep their decimals on the cards and on the listing's page.
    await expect(page.getByText("95,5\u00a0m²")).toBeVisible();
  });
});

test.describe("pas d'impasse", () => {
  test("l'accueil propose « Tableau de bord » à un utilisateur connecté, « Se connecter » sinon", async ({ page, signIn, context }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Se connecter" }).first()).toBeVisible();
    await signIn();
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Se connecter" })).toHaveCount(0);
    await page.getByRole("link", { name: "Tableau de bord" }).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.clearCookies();
  });

  test("« Importer des annonces » mène un utilisateur à ses imports, pas à « Accès refusé »", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/api-connections");
    await page.getByRole("link", { name: "Importer des annonces" }).click();
    await expect(page).toHaveURL(/\/properties$/);
    await expect(page.getByRole("heading", { name: "Mes Annonces" })).toBeVisible();
    await expect(page.getByText("Accès refusé")).toHaveCount(0);
  });

  test("un administrateur garde le lien vers l'import MoteurImmo", async ({ page, signIn }) => {
    await signIn({ admin: true });
    await page.goto("/api-connections");
    await page.getByRole("link", { name: "Importer des annonces" }).click();
    await expect(page).toHaveURL(/\/moteurimmo-sync$/);
  });
});

test.describe("finitions", () => {
  test("les icônes de l'accueil sont celles de l'application, pas des emoji", async ({ page }) => {
    await page.goto("/");
    const features = page.locator("article");
    await expect(features).toHaveCount(3);
    for (const feature of await features.all()) {
      await expect(feature.locator("svg")).toHaveCount(1);
      expect(await feature.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
    }
  });

  test("le statut d'une demande de clé porte une icône de l'application", async ({ page, signIn }) => {
    const user = await signIn();
    createKeyRequest(user.id, { companyName: "Agence Icônes" });
    await page.goto("/request-api-key");
    const badge = page.getByText("En attente", { exact: true });
    await expect(badge).toBeVisible();
    await expect(badge.locator("svg")).toHaveCount(1);
    expect(await badge.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  test("un toast ne couvre pas « Déconnexion »", async ({ page, signIn }) => {
    const user = await signIn();
    const [id] = addListings(user.id, 1);
    await page.goto(`/property/${id}`);
    await page.getByRole("button", { name: "Valider" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Annonce validée" }).first();
    await expect(toast).toBeVisible();
    const logout = await page.getByRole("button", { name: "Déconnexion" }).boundingBox();
    const box = await toast.boundingBox();
    const overlaps = box!.x < logout!.x + logout!.width && logout!.x < box!.x + box!.width && box!.y < logout!.y + logout!.height && logout!.y < box!.y + box!.height;
    expect(overlaps).toBe(false);
  });

  // 1 024 px: the narrowest desktop layout; a four-digit count is what got cut ("En attente IA (1…").
  for (const width of [360, 1024, 1280]) {
    test(`le filtre de statut affiche son texte en entier (${width} px)`, async ({ page, signIn }) => {
      await page.setViewportSize({ width, height: 800 });
      const user = await signIn();
      addListings(user.id, 1200);
      // The list opens on every listing (issue 24 item 4); the longest label is a pending count.
      await page.goto("/properties?status=pending");
      const status = page.getByLabel("Statut", { exact: true });
      await expect(status).toHaveValue("pending");
      // The selected option's text, measured in the select's own font, against its inner width.
      const { text, room } = await status.evaluate((element) => {
        const select = element as HTMLSelectElement;
        const style = getComputedStyle(select);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const label = select.options[select.selectedIndex]!.text;
        const inner = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: context.measureText(label).width, room: inner };
      });
      expect(text).toBeLessThanOrEqual(room);
    });
  }

  test("la documentation : curl silencieux, paramètres lisibles sur un téléphone", async ({ page, signIn }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn();
    await page.goto("/api-docs");
    const parameters = page.getByRole("list", { name: "Paramètres du corps JSON" });
    await expect(parameters.getByRole("listitem")).toHaveCount(5);
    const detail = parameters.getByText("Nombre maximal d'annonces. Par défaut : toutes les annonces actives.");
    await detail.scrollIntoViewIfNeeded();
    await expect(detail).toBeInViewport({ ratio: 1 });
    await page.getByRole("tablist", { name: "Exemples d'appel" }).getByRole("tab", { name: "cURL", exact: true }).click();
    await expect(page.getByLabel("Exemple cURL")).toHaveText(/^curl -s -X POST /);
  });
});
