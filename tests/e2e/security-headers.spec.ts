import type { APIResponse } from "@playwright/test";
import { MSG } from "~/messages";
import { expect, test } from "./fixtures";

/**
 * Security headers on every kind of response (server.ts) and the cross-origin check of
 * mutations. Raw HTML is read through the API client: a browser hides nonce attributes.
 */

const EVIL = "https://site-malveillant.example";
const EXPORT_API = "/functions/v1/get-properties";

/** Checks the common headers and returns the CSP nonce. */
function expectSecurityHeaders(response: APIResponse, what: string): string {
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("base-uri 'self'");
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{16,})'/.exec(csp)?.[1];
  expect(nonce, `${what} : nonce de script-src`).toBeTruthy();
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], what).toBe("DENY");
  // Plain HTTP with no trusted proxy: HSTS would be meaningless (app/utils/security-headers.server.ts).
  expect(headers["strict-transport-security"], what).toBeUndefined();
  // Pictures: the app and data: only (listing photos come through the app's route).
  const imgSrc = /img-src ([^;]*)/.exec(csp)?.[1] ?? "";
  expect(imgSrc, what).toContain("'self' data:");
  expect(imgSrc.split(" "), what).not.toContain("https:");
  expect(imgSrc.split(" "), what).not.toContain("http:");
  return nonce!;
}

/** Every <script> of the page carries the response's nonce (inline ones could not run otherwise). */
function expectScriptsCarryNonce(html: string, nonce: string, what: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
  expect(scripts.length, `${what} : scripts`).toBeGreaterThan(0);
  for (const attributes of scripts) expect(attributes, what).toContain(`nonce="${nonce}"`);
}

test("chaque type de réponse porte les en-têtes de sécurité, les scripts portent le nonce", async ({ page, request, signIn }) => {
  const landing = await request.get("/");
  expect(landing.status()).toBe(200);
  const nonce = expectSecurityHeaders(landing, "accueil");
  const html = await landing.text();
  expectScriptsCarryNonce(html, nonce, "accueil");
  // A nonce is used once: the next response has another one.
  expect(expectSecurityHeaders(await request.get("/"), "accueil (2)")).not.toBe(nonce);

  await signIn();
  const dashboard = await page.request.get("/dashboard");
  expect(dashboard.status()).toBe(200);
  expectScriptsCarryNonce(await dashboard.text(), expectSecurityHeaders(dashboard, "tableau de bord"), "tableau de bord");

  const missing = await request.get("/cette-page-n-existe-pas");
  expect(missing.status()).toBe(404);
  expectScriptsCarryNonce(await missing.text(), expectSecurityHeaders(missing, "404"), "404");

  // Signed-in pages and their data stay out of every cache.
  expect(dashboard.headers()["cache-control"]).toBe("private, no-store");
  expect((await page.request.get("/dashboard.data")).headers()["cache-control"]).toBe("private, no-store");

  // /healthz: "ok" for everyone, the queue's counts for administrators only.
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expectSecurityHeaders(health, "/healthz");
  expect(await health.json()).toEqual({ ok: true });
  expect(await (await page.request.get("/healthz")).json()).toEqual({ ok: true });

  // No key at all: an unknown key would count towards the key-guessing limit of 127.0.0.1.
  const api = await request.post(EXPORT_API, { data: {} });
  expect(api.status()).toBe(401);
  expectSecurityHeaders(api, "API d'export");
  const preflight = await request.fetch(EXPORT_API, {
    method: "OPTIONS",
    headers: { Origin: EVIL, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
  });
  expect(preflight.status()).toBe(204);
  expectSecurityHeaders(preflight, "API d'export (OPTIONS)");

  const asset = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset, "module JavaScript de l'accueil").toBeTruthy();
  for (const path of [asset!, "/favicon.svg"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expectSecurityHeaders(response, path);
  }
});

test("le navigateur exécute les scripts de la page sans violation de la CSP", async ({ page, signIn }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`));
  });
  await signIn();
  for (const path of ["/", "/dashboard"]) {
    await page.goto(path);
    // Hydration happened: Remix's router exists only once the entry module ran.
    await page.waitForFunction(() => "__remixRouter" in window);
  }
  expect(violations).toEqual([]);
});

test("une requête POST d'une autre origine est refusée, sauf sur l'API d'export (CORS)", async ({ request, baseURL }) => {
  for (const path of ["/auth", "/logout", "/resources/moderation", "/moteurimmo-sync", "/export-api-keys"]) {
    const response = await request.post(path, { headers: { Origin: EVIL }, form: { intent: "signin", email: "a@b.fr", password: "x" } });
    expect(response.status(), path).toBe(403);
    expect(await response.json(), path).toEqual({ success: false, error: MSG.forbiddenOrigin });
    expectSecurityHeaders(response, `${path} (refus)`);
  }

  // The same form from the site's own origin goes through to the action.
  const sameOrigin = await request.post("/auth", { headers: { Origin: new URL(baseURL!).origin }, form: { intent: "signin", email: "", password: "" } });
  expect(sameOrigin.status()).not.toBe(403);

  // The export API is open to every origin, however its path is written (as Remix matches it).
  for (const path of [EXPORT_API, `${EXPORT_API}/`, EXPORT_API.toUpperCase(), `${EXPORT_API}?source=site`]) {
    const api = await request.post(path, { headers: { Origin: EVIL }, data: {} });
    expect(api.status(), path).toBe(401);
    expect(api.headers()["access-control-allow-origin"], path).toBe("*");
  }
});
