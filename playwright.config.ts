import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the built app (npm run build), started by tests/e2e/global-setup.ts
 * on a free port with its own database, in Debian's Chromium (no browser download here).
 */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-gpu", "--disable-dev-shm-usage"],
    },
  },
  projects: [
    { name: "chromium", testIgnore: /hostile-input/, use: { ...devices["Desktop Chrome"], channel: undefined } },
    // The hostile-input spec measures how fast /healthz answers while a hostile request is
    // handled: it runs last, alone, so that the other specs' browsers and servers do not skew it.
    { name: "hostile-input", testMatch: /hostile-input/, dependencies: ["chromium"], fullyParallel: false },
  ],
});
