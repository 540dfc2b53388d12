import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Issue 8's bar for a screen: axe-core (all of its rules) finds no serious or critical
 * violation; minor and moderate findings are not part of it.
 */
export async function expectAccessible(page: Page, screen: string) {
  // Hydrated: what axe sees is what a user of the page gets (dialogs, tabs, client state).
  await page.waitForFunction(() => "__remixRouter" in window);
  // No pointer over a button: axe would measure its hover colour mid-transition.
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}) : ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(blocking, screen).toEqual([]);
}
