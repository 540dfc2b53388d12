import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { makeUser } from "../setup/factories";
import { createSession } from "~/utils/session.server";

type Account = { id: string; email: string; password: string };

type Fixtures = {
  /** Signs a fresh user in by setting a session cookie (no clicking through /auth). */
  signIn: (options?: { admin?: boolean }) => Promise<Account>;
};

export const test = base.extend<Fixtures>({
  // Playwright fixtures must destructure their dependencies, even when there are none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  signIn: async ({ page, baseURL }, use) => {
    await use(async (options = {}) => {
      const account = await makeUser({ admin: options.admin });
      const session = await createSession(account.id);
      const [pair] = session.setCookie.split(";");
      const [name, ...value] = pair!.split("=");
      await page.context().addCookies([{ name: name!, value: value.join("="), url: baseURL! }]);
      return account;
    });
  },
});

export { expect };

/** Waits for a toast with this exact text. */
export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.getByRole("status").filter({ hasText: text }).first()).toBeVisible();
}

/**
 * Records the text of every toast that appears from now on, even one that leaves at once, to
 * prove that an error shown beside its field was not repeated as a toast.
 */
export async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('.app-toaster [role="status"]')) {
        const text = element.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** The toasts seen since `recordToasts`, in order of appearance. */
export async function recordedToasts(page: Page): Promise<string[]> {
  const toasts = await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? null);
  expect(toasts, "recordToasts() n'a pas été appelé").not.toBeNull();
  return toasts!;
}

/** No WCAG 2.1 A/AA violation at all, whatever its impact, for the screens held to that stricter bar. */
export async function expectNoWcagViolation(page: Page, screen: string) {
  // No pointer over a button: axe would measure its hover colour mid-transition.
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const violations = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(violations, screen).toEqual([]);
}

/** No serious or critical axe-core violation on the page as a user has it (hydrated, no pointer hovering). */
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
