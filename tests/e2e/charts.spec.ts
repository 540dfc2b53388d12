import type { Page } from "@playwright/test";
import { agentDecision, engineVerdict, exportCall, pricedActive } from "../setup/chart-factories";
import { makeExportKey } from "../setup/export-factories";
import { addListings } from "../setup/listings-factories";
import { expect, expectAccessible, test } from "./fixtures";

/** Issue 16: the charts of /dashboard and /admin, their tables, the period switch, live figures. */

/** Opens a chart's 'Voir le tableau' (unless it is open: it stays so across a period switch) and returns its table. */
async function openTable(page: Page, title: string) {
  const summary = page.getByText(`Voir le tableau : ${title}`, { exact: true });
  const details = page.locator("details").filter({ has: summary });
  if ((await details.getAttribute("open")) === null) await summary.click();
  return page.getByRole("table", { name: new RegExp(`^${title}`) });
}

/** The figures of a daily table's first row (today: the newest day comes first). */
async function todayRow(page: Page, title: string) {
  const table = page.getByRole("table", { name: new RegExp(`^${title}`) });
  return table.getByRole("row").nth(1);
}

const now = () => new Date().toISOString();

test.describe("graphiques des tableaux de bord", () => {
  test("/dashboard : graphiques, tableaux, période 7 / 30 / 90 jours, axe", async ({ page, signIn }) => {
    const account = await signIn();
    const ids = addListings(account.id, 6, (i) => ({ sourcePlatform: i < 4 ? "moteurimmo" : "fichier", city: "Lyon", transactionType: "sale" }));
    engineVerdict(ids.slice(0, 4), now(), false);
    engineVerdict(ids.slice(4), now(), true);
    agentDecision(ids[5]!, account.id, "rejected", now());
    ids.slice(0, 4).forEach((id, index) => pricedActive([id], (index + 1) * 100_000, 50)); // 2 000 to 8 000 €/m²
    exportCall(account.id, makeExportKey(account.id).id, 40, now());

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Analyses" })).toBeVisible();
    const period = page.getByRole("navigation", { name: "Période des graphiques" });
    await expect(period.getByRole("link", { name: "30 jours" })).toHaveAttribute("aria-current", "page");

    const imports = page.getByRole("img", { name: /^Annonces importées par jour, 30 derniers jours : MoteurImmo 4, Import de fichier 2/ });
    await expect(imports).toBeVisible();
    await expect(imports.locator("svg.recharts-surface").first()).toBeVisible();
    await expect(page.getByRole("img", { name: /^Prix de vente au m² : Lyon médiane 4\s000\s€\/m²/ }).locator("svg").first()).toBeVisible();

    const importTable = await openTable(page, "Annonces importées par jour");
    await expect(importTable.getByRole("row")).toHaveCount(31);
    await expect(await todayRow(page, "Annonces importées par jour")).toHaveText(/4\s*2$/);
    await openTable(page, "Modération par jour");
    // Validées 4 (by the engine), Blacklistées 1 (by the agent), Suspectes 2 (by the engine).
    await expect(await todayRow(page, "Modération par jour")).toHaveText(/4\s*1\s*2$/);
    const prices = await openTable(page, "Prix de vente au m²");
    await expect(prices.getByRole("row", { name: /Lyon/ })).toHaveText(/Lyon\s*4\s*2\s000\s€\/m²\s*4\s000\s€\/m²\s*6\s000\s€\/m²/);
    await expectAccessible(page, "/dashboard (tableaux ouverts)");

    await period.getByRole("link", { name: "7 jours" }).click();
    await expect(page).toHaveURL(/periode=7/);
    await expect(period.getByRole("link", { name: "7 jours" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("img", { name: /^Annonces importées par jour, 7 derniers jours/ })).toBeVisible();
    const weekTable = await openTable(page, "Annonces importées par jour");
    await expect(weekTable.getByRole("row")).toHaveCount(8);
    await period.getByRole("link", { name: "90 jours" }).click();
    await expect(page.getByRole("img", { name: /^Exports par jour, 90 derniers jours : Appels 1, Annonces exportées 40/ })).toBeVisible();
  });

  test("les chiffres se mettent à jour sans recharger la page", async ({ page, signIn }) => {
    const account = await signIn();
    const key = makeExportKey(account.id);
    await page.goto("/dashboard");
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await openTable(page, "Exports par jour");
    await expect(await todayRow(page, "Exports par jour")).toHaveText(/0\s*0$/);

    exportCall(account.id, key.id, 25, now());
    // The tab coming back into view refreshes at once (the interval does the same while it stays visible).
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect(await todayRow(page, "Exports par jour")).toHaveText(/1\s*25$/);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });

  test("/admin : inscriptions et clés les plus utilisées, axe ; sur téléphone rien ne déborde", async ({ page, signIn }) => {
    const admin = await signIn({ admin: true });
    const key = makeExportKey(admin.id, "Portail partenaire");
    exportCall(admin.id, key.id, 120, now());
    await page.goto("/admin");
    await expect(page.getByRole("img", { name: /^Inscriptions par jour, 30 derniers jours/ }).locator("svg").first()).toBeVisible();
    const keys = page.getByRole("heading", { name: "Clés API les plus utilisées" }).locator("xpath=ancestor::div[contains(@class,'rounded-xl')][1]");
    await expect(keys.getByRole("row", { name: /Portail partenaire/ })).toContainText(admin.email);
    await expectAccessible(page, "/admin");

    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/dashboard");
    await expect(page.getByRole("img", { name: /^Modération par jour/ }).locator("svg").first()).toBeVisible();
    const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(width.page).toBeLessThanOrEqual(width.view);
  });
});
