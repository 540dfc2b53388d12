import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import createClient from "openapi-fetch";
import { EXPORT_API_ERRORS } from "~/services/export/export-api-contract";
import { createExportKey } from "~/services/keys/export-keys.server";
import { getSqlite } from "~/utils/db.server";
import type { paths } from "../openapi/export-api";
import { makeActiveListings } from "../setup/export-factories";
import { expect, test } from "./fixtures";

const run = promisify(execFile);
const PLACEHOLDER = "VOTRE_CLE_API";

async function hasPythonRequests() {
  try {
    await run("python3", ["-c", "import requests"]);
    return true;
  } catch {
    return false;
  }
}

test("la documentation montre l'endpoint réel et des exemples qui fonctionnent tels quels", async ({ page, signIn, baseURL }) => {
  const user = await signIn();
  const { apiKey } = createExportKey(user.id, { name: "Client documentation" });
  const endpoint = `${baseURL}/functions/v1/get-properties`;
  await page.goto("/api-docs");
  for (const title of ["Démarrage rapide", "Endpoint", "Paramètres", "Exemples", "Format de réponse", "Synchronisation incrémentale", "Webhooks", "Erreurs", "Questions fréquentes"]) {
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByText(endpoint, { exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Clé API invalide", exact: true })).toBeVisible();
  await expect(page.getByText("Faut-il une clé par client ?")).toBeVisible();

  const sample = (label: string) => readSample(page, "Exemples d'appel", `Exemple ${label}`, label, endpoint, apiKey);

  const curl = await run("sh", ["-c", await sample("cURL")]);
  expect(JSON.parse(curl.stdout)).toMatchObject({ success: true, count: 50, limit: 50, offset: 0 });

  const javascript = await run(process.execPath, ["--input-type=module", "-e", await sample("JavaScript")]);
  expect(javascript.stdout).toMatch(/^50 annonces reçues sur \d+$/m);

  const python = await sample("Python");
  if (await hasPythonRequests()) {
    expect((await run("python3", ["-c", python])).stdout).toMatch(/^50 annonces reçues sur \d+$/m);
  }

  const php = await sample("PHP");
  expect(php).toContain("curl_init(");
  expect(php).toContain('json_encode(["apiKey" =>');
});

/** The code of one tab of a set of samples, with the reader's key in place of the placeholder. */
async function readSample(page: Page, tabList: string, codeLabel: string, tab: string, endpoint: string, apiKey: string) {
  await page.getByRole("tablist", { name: tabList }).getByRole("tab", { name: tab, exact: true }).click();
  const code = (await page.getByLabel(codeLabel, { exact: true }).textContent()) ?? "";
  expect(code).toContain(endpoint);
  expect(code).toContain(PLACEHOLDER);
  return code.replaceAll(PLACEHOLDER, apiKey);
}

test("la synchronisation incrémentale de la documentation tient une copie à jour, exemples exécutés tels quels", async ({ page, signIn, baseURL }) => {
  const user = await signIn();
  const { apiKey } = createExportKey(user.id, { name: "Client synchronisation" });
  const endpoint = `${baseURL}/functions/v1/get-properties`;
  await page.goto("/api-docs");
  await expect(page.getByRole("heading", { name: "Synchronisation incrémentale", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "updatedSince", exact: true })).toBeVisible();
  const sample = (label: string) => readSample(page, "Exemples de synchronisation", `Synchronisation ${label}`, label, endpoint, apiKey);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vigimmo-sync-"));
  try {
    const javascript = await sample("JavaScript");
    const runJs = async () => (await run(process.execPath, ["--input-type=module", "-e", javascript], { cwd: dir })).stdout;
    expect(await runJs()).toMatch(/^\d+ annonces modifiées, \d+ retirées, \d+ dans la copie$/m);

    // Between two runs: one listing of this account appears, another leaves the export.
    const [added, removed] = makeActiveListings(user.id, 2) as [number, number];
    expect(await runJs()).toMatch(/^[1-9]\d* annonces modifiées, \d+ retirées, \d+ dans la copie$/m);
    getSqlite().prepare("update properties set status = 'rejected' where id = ?").run(removed);
    expect(await runJs()).toMatch(/^\d+ annonces modifiées, [1-9]\d* retirées, \d+ dans la copie$/m);
    const copy = JSON.parse(fs.readFileSync(path.join(dir, "vigimmo-copie.json"), "utf8")) as { annonces: Record<string, { id: number }> };
    expect(copy.annonces[String(added)]?.id).toBe(added);
    expect(copy.annonces[String(removed)]).toBeUndefined();

    const python = await sample("Python");
    if (await hasPythonRequests()) {
      const pythonDir = fs.mkdtempSync(path.join(os.tmpdir(), "vigimmo-sync-py-"));
      try {
        expect((await run("python3", ["-c", python], { cwd: pythonDir })).stdout).toMatch(/^\d+ annonces modifiées, \d+ retirées, \d+ dans la copie$/m);
      } finally {
        fs.rmSync(pythonDir, { recursive: true, force: true });
      }
    }

    const curl = JSON.parse((await run("sh", ["-c", await sample("cURL")])).stdout) as Record<string, unknown>;
    expect(curl).toMatchObject({ success: true, limit: 100, removed: expect.any(Array), sync_cursor: expect.any(String) });

    const php = await sample("PHP");
    expect(php).toContain('$copie["curseur"] = $data["sync_cursor"];');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  await expect(page.getByRole("heading", { name: "Webhooks", exact: true })).toBeVisible();
  for (const label of ["JavaScript", "PHP", "Python", "Shell"]) {
    await page.getByRole("tablist", { name: "Vérification de la signature" }).getByRole("tab", { name: label, exact: true }).click();
    await expect(page.getByLabel(`Vérification ${label}`, { exact: true })).toContainText("whsec_SECRET_DE_LA_CONNEXION");
  }
});

test("l'API publique répond en JSON français sur le vrai serveur : 405, préflight CORS, appel d'une autre origine", async ({ signIn, baseURL, request }) => {
  const user = await signIn();
  const { apiKey } = createExportKey(user.id, { name: "Client CORS" });
  const endpoint = `${baseURL}/functions/v1/get-properties`;

  const get = await request.get(endpoint);
  expect(get.status()).toBe(405);
  expect(await get.json()).toEqual({ success: false, error: "Méthode non autorisée : utilisez POST" });

  const preflight = await request.fetch(endpoint, {
    method: "OPTIONS",
    headers: { Origin: "https://agence-partenaire.example.fr", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()["access-control-allow-origin"]).toBe("*");
  expect(preflight.headers()["access-control-allow-methods"]).toBe("POST, OPTIONS");

  const crossSite = await request.post(endpoint, { headers: { Origin: "https://agence-partenaire.example.fr" }, data: { apiKey, limit: 2 } });
  expect(crossSite.status()).toBe(200);
  expect(crossSite.headers()["access-control-allow-origin"]).toBe("*");

  const malformed = await request.post(endpoint, { headers: { "Content-Type": "application/json" }, data: Buffer.from("{apiKey:") });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toEqual({ success: false, error: "Corps de requête invalide : un objet JSON est attendu" });

  const full = await request.post(endpoint, { data: { apiKey } });
  expect(full.status()).toBe(200);
  const body = (await full.json()) as { count: number; total: number; limit: null; properties: unknown[] };
  expect(body.limit).toBeNull();
  expect(body.count).toBe(body.total);
  expect(body.properties).toHaveLength(body.count);
});

test("la description OpenAPI est liée depuis la documentation et un client généré appelle le vrai serveur", async ({ page, signIn, baseURL, request }) => {
  const user = await signIn();
  makeActiveListings(user.id, 3);
  const { apiKey } = createExportKey(user.id, { name: "Client OpenAPI" });
  await page.goto("/api-docs");
  await expect(page.getByRole("heading", { name: "Description OpenAPI", exact: true })).toBeVisible();
  const link = page.getByRole("link", { name: "Télécharger la description OpenAPI 3.1" });
  await expect(link).toHaveAttribute("href", `${baseURL}/api-docs/openapi.json`);
  const fields = page.getByRole("table", { name: "Champs d'une annonce exportée" });
  await expect(fields.getByRole("row", { name: /^owner ExportedOwner Oui/ })).toBeVisible();
  await expect(fields.getByRole("row", { name: /^updated_at string Non/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Réponses de l'endpoint" }).getByRole("cell", { name: "429", exact: true })).toBeVisible();

  // Public: a generator fetches it without a session.
  const served = await request.get("/api-docs/openapi.json", { headers: { Cookie: "" } });
  expect(served.status()).toBe(200);
  expect(await served.json()).toMatchObject({ openapi: "3.1.0", servers: [{ url: baseURL }] });

  const client = createClient<paths>({ baseUrl: baseURL });
  const { data, response } = await client.POST("/functions/v1/get-properties", { body: { apiKey, limit: 2 } });
  expect(response.status).toBe(200);
  expect(data).toMatchObject({ success: true, count: 2, limit: 2, offset: 0 });
  const refused = await client.POST("/functions/v1/get-properties", { body: { apiKey, limit: 0 } });
  expect(refused.error).toEqual({ success: false, error: EXPORT_API_ERRORS.limit });
});
