import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import { properties } from "#db/schema";
import { upsertListings } from "~/services/listings/listing-upsert.server";
import { getDb } from "~/utils/db.server";
import { listingInput } from "../setup/factories";
import { addListings } from "../setup/listings-factories";
import { expect, expectNoWcagViolation, test } from "./fixtures";

/** Three listings: one whose price dropped (twice), one withdrawn by the partner, one unchanged. */
function listingsWithChanges(userId: string) {
  const titles = ["Studio rénové près du parc", "Maison retirée du marché", "Appartement sans changement"];
  const ids = addListings(userId, 3, (index) => ({ title: titles[index]!, sourcePlatformId: `changes-${userId}-${index}`, price: 1000 }));
  upsertListings(userId, [listingInput({ title: titles[0]!, sourcePlatformId: `changes-${userId}-0`, price: 950 })]);
  upsertListings(userId, [listingInput({ title: titles[0]!, sourcePlatformId: `changes-${userId}-0`, price: 900 })]);
  getDb().update(properties).set({ withdrawnAt: new Date() }).where(eq(properties.id, ids[1]!)).run();
  return { ids, titles };
}

test("badges et filtre « Suivi » : les annonces retirées n'apparaissent qu'avec leur filtre", async ({ page, signIn }) => {
  const user = await signIn();
  const { titles } = listingsWithChanges(user.id);
  await page.goto("/properties?status=all");
  const cards = page.getByRole("list", { name: "Annonces" });
  const dropped = cards.getByRole("listitem").filter({ hasText: titles[0]! });
  await expect(dropped.getByText("Baisse de prix", { exact: true })).toBeVisible();
  await expect(dropped.getByText("En ligne depuis aujourd'hui")).toBeVisible();
  await expect(cards.getByText(titles[2]!)).toBeVisible();
  await expect(cards.getByText(titles[1]!)).toHaveCount(0);
  await expectNoWcagViolation(page, "/properties");

  await page.getByLabel("Suivi").selectOption({ label: "Retirées" });
  await expect(page).toHaveURL(/changes=withdrawn/);
  const withdrawn = cards.getByRole("listitem").filter({ hasText: titles[1]! });
  await expect(withdrawn.getByText("Retirée", { exact: true })).toBeVisible();
  await expect(cards.getByRole("link")).toHaveCount(1);

  await page.getByLabel("Suivi").selectOption({ label: "Baisse de prix" });
  await expect(page).toHaveURL(/changes=price_drop/);
  await expect(cards.getByRole("link")).toHaveCount(1);
  await expect(cards.getByText(titles[0]!)).toBeVisible();
});

test("/property montre l'historique des prix : graphique décrit et tableau", async ({ page, signIn }) => {
  const user = await signIn();
  const { titles } = listingsWithChanges(user.id);
  await page.goto("/properties?status=all");
  await page.getByRole("link", { name: new RegExp(titles[0]!) }).click();
  await expect(page.getByRole("heading", { name: titles[0]! })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Historique des prix" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Prix passé de 1\s000\s€ à 900\s€ en 2 changements/ })).toBeVisible();
  const rows = page.getByRole("table").filter({ hasText: "Ancien prix" }).getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText("950");
  await expect(rows.nth(2)).toContainText("−50");
  await expectNoWcagViolation(page, "/property");
});

test("« Exporter en CSV » télécharge le filtre courant, en UTF-8 avec BOM et ';'", async ({ page, signIn }) => {
  const user = await signIn();
  const { titles } = listingsWithChanges(user.id);
  await page.goto("/properties?status=all&changes=price_drop");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exporter en CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^annonces-vigimmo-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await fs.readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString("utf8").slice(1).trim().split("\r\n");
  expect(lines[0]).toMatch(/^"référence";"titre";/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(titles[0]!);
  expect(lines[1]).toContain(";900;");
});

test("le tableau de bord montre les nouveautés avec des liens vers les listes filtrées", async ({ page, signIn }) => {
  const user = await signIn();
  listingsWithChanges(user.id);
  await page.goto("/dashboard");
  const news = page.getByRole("list", { name: "Nouveautés depuis votre dernière visite" });
  await expect(news.getByRole("link", { name: /Baisses de prix\s*1/ })).toBeVisible();
  await expect(news.getByRole("link", { name: /Nouvelles annonces/ })).toBeVisible();
  await expectNoWcagViolation(page, "/dashboard");
  await news.getByRole("link", { name: /Annonces retirées\s*1/ }).click();
  await expect(page).toHaveURL(/changes=withdrawn/);
  await expect(page.getByRole("list", { name: "Annonces" }).getByRole("link")).toHaveCount(1);
});
