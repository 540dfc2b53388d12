import type { Page } from "@playwright/test";
import { createKeyRequest } from "~/services/keys/key-requests.server";
import { makeUser } from "../setup/factories";
import { makeConnection } from "../setup/connections-factories";
import { makeExportKey } from "../setup/export-factories";
import { addListings, setStatus } from "../setup/listings-factories";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 8: every screen passes axe-core with no serious or critical violation (all of axe's
 * rules run; minor and moderate findings are not part of the bar).
 */

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("main")).toBeVisible();
  await expectAccessible(page, path);
}

test("écrans publics : accueil, connexion, inscription, page introuvable", async ({ page }) => {
  await visit(page, "/");
  await visit(page, "/auth");
  await page.getByRole("tab", { name: "Inscription" }).click();
  await expect(page.getByRole("tab", { name: "Inscription" })).toHaveAttribute("aria-selected", "true");
  await expectAccessible(page, "/auth (Inscription)");
  await visit(page, "/une-page-qui-n-existe-pas");
});

test("écrans d'un utilisateur, avec des données", async ({ page, signIn }) => {
  const user = await signIn();
  const ids = addListings(user.id, 4, (index) => ({ images: index === 0 ? ["https://photos.invalid/1.jpg", "https://photos.invalid/2.jpg"] : [] }));
  setStatus(ids.slice(1, 3), "suspicious", "Prix anormalement bas");
  makeConnection(user.id);
  makeConnection(user.id, { apiType: "export", name: "Site de l'agence (webhooks)" });
  makeExportKey(user.id);
  createKeyRequest(user.id, { companyName: "Agence Accessible", description: "Diffusion sur notre site" });

  for (const path of ["/dashboard", "/properties", `/property/${ids[0]}`, "/moderation", "/request-api-key", "/export-api-keys", "/api-docs"]) {
    await visit(page, path);
  }
  await visit(page, "/api-connections");
  await page.getByRole("button", { name: "Nouvelle connexion" }).click();
  // The dialog's root box has no size of its own: wait for its content.
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Ajouter une connexion API" })).toBeVisible();
  await expectAccessible(page, "/api-connections (dialogue Nouvelle connexion)");
});

test("écrans d'administration", async ({ page, signIn }) => {
  const requester = await makeUser();
  createKeyRequest(requester.id, { companyName: "Agence en attente", description: "Demande à examiner" });
  const admin = await signIn({ admin: true });
  addListings(admin.id, 3);
  for (const path of ["/admin", "/admin-panel", "/admin-api-requests", "/moteurimmo-sync"]) {
    await visit(page, path);
  }
});
