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
 * An error shown once: beside its field (role="alert") and not repeated as a toast. The toast
 * layer decides one frame after the form rendered: wait two frames before checking its absence.
 */
export async function expectInlineErrorOnly(page: Page, text: string) {
  await expect(page.getByRole("alert").filter({ hasText: text }).first()).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.getByRole("status").filter({ hasText: text })).toHaveCount(0);
}
