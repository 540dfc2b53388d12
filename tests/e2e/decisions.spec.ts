import type { Page } from "@playwright/test";
import { getSqlite } from "~/utils/db.server";
import { addListings, setStatus } from "../setup/listings-factories";
import { expect, expectToast, test } from "./fixtures";

/**
 * Decisions that can be taken back (issue 24 item 5, issue 25 §4): "Signaler comme arnaque" on a
 * validated listing, from its page and from its /properties card, "Rétablir l'annonce" confirmed
 * first, and Blacklister that asks before acting; checked at 1 280 and 360 px.
 */

const statusOf = (id: number) => getSqlite().prepare<[number], string>("select status from properties where id = ?").pluck().get(id);

async function expectNoOverflow(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const width of [1280, 360]) {
  test.describe(`largeur ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("signaler une annonce validée depuis sa page, puis corriger la décision", async ({ page, signIn }) => {
      const account = await signIn();
      const [id] = addListings(account.id, 1, () => ({ title: "T2 validé trop vite" }));
      setStatus([id!], "active");
      await page.goto(`/property/${id}`);
      const decisions = page.getByRole("region", { name: "Décisions" });
      await expect(decisions.getByText("Annonce validée et exportée.", { exact: false })).toBeVisible();
      await decisions.getByRole("button", { name: "Signaler comme arnaque" }).click();

      const dialog = page.getByRole("dialog", { name: "Signaler comme arnaque" });
      await dialog.getByRole("button", { name: "Confirmer le signalement" }).click();
      await expect(dialog.getByText("Indiquez pourquoi cette annonce est une arnaque.")).toBeVisible();
      await dialog.getByLabel("Motif du signalement").fill("Virement demandé avant la visite, propriétaire à l'étranger.");
      await expect(dialog.getByText("Indiquez pourquoi cette annonce est une arnaque.")).toHaveCount(0);
      await expectNoOverflow(page);
      await dialog.getByRole("button", { name: "Confirmer le signalement" }).click();
      await expectToast(page, "Annonce signalée comme arnaque : elle est blacklistée et retirée de l'export.");
      await expect(dialog).toHaveCount(0);
      await expect.poll(() => statusOf(id!)).toBe("rejected");

      const history = page.getByRole("list", { name: "Historique des décisions" });
      await expect(history.getByText("Signalée comme arnaque")).toBeVisible();
      await expect(history.getByText("Motif : Virement demandé avant la visite, propriétaire à l'étranger.")).toBeVisible();
      await expectNoOverflow(page);

      // Taking it back asks first; Annuler changes nothing.
      await decisions.getByRole("button", { name: "Rétablir l'annonce" }).click();
      const confirm = page.getByRole("dialog", { name: "Rétablir cette annonce ?" });
      await confirm.getByRole("button", { name: "Annuler" }).click();
      await expect(confirm).toHaveCount(0);
      expect(statusOf(id!)).toBe("rejected");
      await decisions.getByRole("button", { name: "Rétablir l'annonce" }).click();
      await page.getByRole("dialog", { name: "Rétablir cette annonce ?" }).getByRole("button", { name: "Rétablir" }).click();
      await expectToast(page, "Décision corrigée : l'annonce est de nouveau active et exportée.");
      await expect.poll(() => statusOf(id!)).toBe("active");
      await expect(history.getByText("Décision corrigée : rétablie")).toBeVisible();
      await expect(history.getByText("Signalée comme arnaque")).toBeVisible();
    });

    test("signaler depuis la carte de /properties ; Blacklister demande confirmation sur /moderation", async ({ page, signIn }) => {
      const account = await signIn();
      const [active, suspicious] = addListings(account.id, 2, (i) => ({ title: i === 0 ? "Studio actif à signaler" : "Maison suspecte" }));
      setStatus([active!], "active");
      setStatus([suspicious!], "suspicious", "Paiement par mandat cash demandé");

      await page.goto("/properties");
      const card = page.getByRole("list", { name: "Annonces", exact: true }).locator(":scope > li").filter({ hasText: "Studio actif à signaler" });
      await card.getByRole("button", { name: "Signaler comme arnaque" }).click();
      const dialog = page.getByRole("dialog", { name: "Signaler comme arnaque" });
      await dialog.getByLabel("Motif du signalement").fill("Photos volées sur une autre annonce.");
      await dialog.getByRole("button", { name: "Confirmer le signalement" }).click();
      await expectToast(page, "Annonce signalée comme arnaque : elle est blacklistée et retirée de l'export.");
      await expect(card.getByText("Blacklistée")).toBeVisible();
      await expect(card.getByRole("button", { name: "Signaler comme arnaque" })).toHaveCount(0);
      await expectNoOverflow(page);

      await page.goto("/moderation");
      await page.getByRole("button", { name: "Blacklister", exact: true }).click();
      const confirm = page.getByRole("dialog", { name: "Blacklister cette annonce ?" });
      await expect(confirm).toContainText("Maison suspecte");
      await confirm.getByRole("button", { name: "Annuler" }).click();
      expect(statusOf(suspicious!)).toBe("suspicious");
      await page.getByRole("button", { name: "Blacklister", exact: true }).click();
      await page.getByRole("dialog", { name: "Blacklister cette annonce ?" }).getByRole("button", { name: "Blacklister" }).click();
      await expectToast(page, "Annonce blacklistée");
      await expect.poll(() => statusOf(suspicious!)).toBe("rejected");
    });
  });
}
