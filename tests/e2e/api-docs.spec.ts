import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { createExportKey } from "~/services/keys/export-keys.server";
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
  for (const title of ["Démarrage rapide", "Endpoint", "Paramètres", "Exemples", "Format de réponse", "Erreurs", "Questions fréquentes"]) {
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByText(endpoint, { exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Clé API invalide", exact: true })).toBeVisible();
  await expect(page.getByText("Faut-il une clé par client ?")).toBeVisible();

  const sample = async (label: string) => {
    await page.getByRole("tab", { name: label, exact: true }).click();
    const code = (await page.getByLabel(`Exemple ${label}`).textContent()) ?? "";
    expect(code).toContain(endpoint);
    expect(code).toContain(PLACEHOLDER);
    return code.replaceAll(PLACEHOLDER, apiKey);
  };

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
