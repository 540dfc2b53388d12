import http from "node:http";
import path from "node:path";
import { makeUser } from "../setup/factories";
import { expect, postForm, test, waitUntil, withDatabase } from "../setup/resilience-factories";

/**
 * The server's logs (issue 8): one JSON line per request, also for a response cut short, and
 * never a password nor a clear key, wherever it appeared in the request.
 */
test("journaux : une ligne JSON par requête, même interrompue, sans mot de passe ni clé en clair", async ({ janitor }) => {
  test.setTimeout(90_000);
  const databasePath = path.join(janitor.tempDir("vigimmo-logs-"), "logs.db");
  const { account, apiKey } = await withDatabase(databasePath, async () => {
    const { createExportKey } = await import("~/services/keys/export-keys.server");
    const { seedListings } = await import("~/services/platform/demo-data.server");
    const { getSqlite } = await import("~/utils/db.server");
    const account = await makeUser();
    seedListings(account.id, 3_000, 7);
    getSqlite().prepare("update properties set status = 'active'").run();
    return { account, apiKey: createExportKey(account.id, { name: "Journaux" }).apiKey };
  });
  const server = await janitor.startServer({ databasePath, env: { VIGIMMO_SILENT_LOGS: "false" }, output: "capture" });

  expect((await postForm(`${server.url}/auth`, "", { intent: "signin", email: account.email, password: account.password })).status).toBe(302);
  expect((await fetch(`${server.url}/${apiKey}`)).status).toBe(404);
  // A forgotten-password link's token (issue 23 item 9): the route is logged, not the token.
  const resetToken = "JetonDeReinitialisation_0123456789abcdef";
  expect((await fetch(`${server.url}/auth/reinitialiser/${resetToken}`)).status).toBe(410);
  const api = await fetch(`${server.url}/functions/v1/get-properties`, { method: "POST", body: JSON.stringify({ apiKey, limit: 1 }) });
  expect(api.status).toBe(200);
  // A client that leaves a full export after its first bytes.
  await new Promise<void>((resolve, reject) => {
    const request = http.request(`${server.url}/functions/v1/get-properties`, { method: "POST" }, (response) => {
      response.once("data", () => {
        request.destroy();
        resolve();
      });
    });
    request.on("error", (error) => ((error as NodeJS.ErrnoException).code === "ECONNRESET" ? resolve() : reject(error)));
    request.end(JSON.stringify({ apiKey }));
  });

  const requestLines = () =>
    server
      .tail()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { event: string; method?: string; path?: string; status?: number; aborted?: boolean });
  const lines = await waitUntil(requestLines, (all) => all.some((line) => line.event === "http.request" && line.aborted === true), {
    timeoutMs: 15_000,
    what: "ligne de la requête interrompue",
  });

  const output = server.tail();
  expect(output).not.toContain(account.password);
  expect(output).not.toContain(apiKey);
  expect(output).not.toContain(resetToken);
  const requests = lines.filter((line) => line.event === "http.request");
  expect(requests).toContainEqual(expect.objectContaining({ method: "POST", path: "/auth", status: 302 }));
  expect(requests).toContainEqual(expect.objectContaining({ method: "GET", path: "/[clé masquée]", status: 404 }));
  expect(requests).toContainEqual(expect.objectContaining({ method: "GET", path: "/auth/reinitialiser/[jeton masqué]", status: 410 }));
  expect(requests).toContainEqual(expect.objectContaining({ method: "POST", path: "/functions/v1/get-properties", status: 200 }));
  expect(requests).toContainEqual(expect.objectContaining({ path: "/functions/v1/get-properties", aborted: true }));
});
