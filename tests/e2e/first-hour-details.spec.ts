import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { AUTH_MSG } from "~/messages";
import { expect, test } from "./fixtures";

/** Issue 24 (the first hour, third pass) on the built app: items 13, 15, 16 and 21. */

const run = promisify(execFile);

test("item 13 : npm run reset-password donne un lien vers le port du serveur qui tourne, pas 3000", async ({
  signIn,
  baseURL,
}) => {
  const user = await signIn();
  const env: NodeJS.ProcessEnv = { ...process.env, VIGIMMO_SILENT_LOGS: "true" };
  // As typed in another shell: the same database, no PORT, no APP_URL.
  delete env.PORT;
  delete env.APP_URL;
  // In production APP_URL is required (issue 23 item 9); the port lookup serves every other run.
  env.NODE_ENV = "development";
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "scripts/reset-password.ts", user.email],
    { env },
  );
  const link = new URL(stdout.trim());
  expect(link.port).toBe(new URL(baseURL!).port);
  expect(link.pathname).toMatch(/^\/auth\/reinitialiser\/[\w-]+$/);
});

test("item 15 : la page 404 et les titres sont en français ; les libellés anglais de SPEC sont marqués comme tels", async ({
  page,
  signIn,
}) => {
  await signIn({ admin: true });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Tableau de bord", exact: true })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  await expect(
    nav.getByRole("link", { name: "Dashboard", exact: true }).locator("span"),
  ).toHaveAttribute("lang", "en");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Tableau de bord administrateur" })).toBeVisible();
  const response = await page.goto("/une-page-qui-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
  await expect(page.getByText("Oops! Page not found")).toHaveAttribute("lang", "en");
});

test("item 16 : une adresse mal formée à l'inscription est signalée sous le champ", async ({
  page,
}) => {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Inscription" }).click();
  await page.getByLabel("Nom complet").fill("Nouvel Agent");
  await page.getByLabel("Email").fill("pas-une-adresse");
  await page.getByLabel("Mot de passe").fill("secret1");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription(AUTH_MSG.emailInvalid);
  await expect(page.getByText("Erreur lors de la création du compte")).toHaveCount(0);
});

test("item 21 : la page d'accueil et la page d'import n'affichent que des chiffres mesurés", async ({
  page,
  signIn,
}) => {
  await page.goto("/");
  const band = page.getByRole("region", { name: "Chiffres clés" });
  await expect(band.getByText("Annonces traitées")).toBeVisible();
  const text = await page.locator("body").innerText();
  for (const claim of ["15+", "50k+", "plus de 15", "5 minutes", "5 min", "2 heures", "1 248"])
    expect(text, claim).not.toContain(claim);
  const year = new Date().getFullYear();
  await expect(page.getByText(`© 2024–${year} Vigimmo. Tous droits réservés.`)).toBeVisible();
  await signIn({ admin: true });
  await page.goto("/moteurimmo-sync");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.locator("body").innerText()).not.toContain("plus de 60 sites");
});
