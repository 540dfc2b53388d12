import { addListings, setStatus } from "../setup/listings-factories";
import { expect, expectNoWcagViolation, test } from "./fixtures";

// Automated accessibility check of the five screens of issue 3 (WCAG 2.1 A/AA rules of axe).
test("les écrans annonces et tableaux de bord n'ont pas de violation d'accessibilité détectable", async ({ page, signIn }) => {
  const admin = await signIn({ admin: true });
  const ids = addListings(admin.id, 3, (i) => ({ images: i === 0 ? ["https://photos.invalid/1.jpg", "https://photos.invalid/2.jpg"] : [] }));
  setStatus(ids.slice(1, 2), "suspicious", "Prix anormalement bas");
  for (const path of ["/dashboard", "/properties?status=all", `/property/${ids[0]}`, "/admin", "/admin-panel"]) {
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
    await expectNoWcagViolation(page, path);
  }
});
