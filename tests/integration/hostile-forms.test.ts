import { describe, expect, it } from "vitest";
import { action as authAction } from "~/routes/auth";
import { loader as healthLoader } from "~/routes/healthz";
import { action as requestKeyAction } from "~/routes/_app.request-api-key";
import { handleDataRequest } from "~/entry.server";
import { REQUEST_MSG } from "~/messages";
import { isHttpsRequest, securityHeaders } from "~/utils/security-headers.server";
import { formAnswer, makeUser, requestAs } from "../setup/factories";

/** Bodies that are not our forms, posted to real actions: a 400 with a French message, never a 500. */
async function refusal(run: () => Promise<unknown>) {
  const thrown = (await run().then(
    () => null,
    (error: unknown) => error,
  )) as Response | null;
  expect(thrown).toBeInstanceOf(Response);
  return { status: thrown!.status, body: (await thrown!.json()) as { success: boolean; error: string } };
}

const post = (body: BodyInit, contentType: string) =>
  new Request("http://localhost/auth", { method: "POST", body, headers: { "Content-Type": contentType } });

describe("corps de requête qui ne sont pas des formulaires", () => {
  it.each([
    ["JSON", '{"intent":"signin"}', "application/json"],
    ["text/plain", "intent=signin", "text/plain"],
    ["multipart cassé", '--X\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', "multipart/form-data; boundary=X"],
    ["multipart sans boundary", "abc", "multipart/form-data"],
  ])("%s sur /auth : 400 « Formulaire illisible »", async (_what, body, contentType) => {
    expect(await refusal(() => authAction({ request: post(body, contentType), params: {}, context: {} }))).toEqual({
      status: 400,
      body: { success: false, error: REQUEST_MSG.unreadable },
    });
  });

  it("noms de champs hostiles sur une page connectée : 400 avant toute règle", async () => {
    const user = await makeUser();
    for (const [form, message] of [
      [{ "x[10000000]": "1" }, REQUEST_MSG.badFieldName],
      [Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, "v"])), REQUEST_MSG.tooManyFields],
    ] as const) {
      const request = await requestAs(user.id, "/request-api-key", { method: "POST", form });
      expect(await refusal(() => requestKeyAction({ request, params: {}, context: {} }))).toEqual({ status: 400, body: { success: false, error: message } });
    }
  });
});

describe("/healthz", () => {
  it("« ok » pour le public et les utilisateurs, les détails pour les administrateurs", async () => {
    const user = await makeUser();
    const admin = await makeUser({ admin: true });
    const read = async (request: Request) => (await healthLoader({ request, params: {}, context: {} })).json();
    expect(await read(new Request("http://localhost/healthz"))).toEqual({ ok: true });
    expect(await read(await requestAs(user.id, "/healthz"))).toEqual({ ok: true });
    const details = await read(await requestAs(admin.id, "/healthz"));
    expect(details).toMatchObject({ ok: true, database: "ok", queue: { running: expect.any(Number), waiting: expect.any(Number) } });
    expect(details.eventLoopDelay).toEqual({ maxMs: expect.any(Number), p99Ms: expect.any(Number) });
  });
});

describe("en-têtes", () => {
  const socket = (encrypted = false) => ({ encrypted }) as never;
  it("HSTS seulement derrière HTTPS (socket TLS ou proxy de confiance)", () => {
    expect(securityHeaders(false).headers["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders(true).headers["Strict-Transport-Security"]).toMatch(/^max-age=\d{7,}/);
    expect(isHttpsRequest({ headers: {}, socket: socket(true) }, 0)).toBe(true);
    expect(isHttpsRequest({ headers: { "x-forwarded-proto": "https" }, socket: socket() }, 0)).toBe(false);
    expect(isHttpsRequest({ headers: { "x-forwarded-proto": "https" }, socket: socket() }, 1)).toBe(true);
    expect(isHttpsRequest({ headers: { "x-forwarded-proto": "http" }, socket: socket() }, 1)).toBe(false);
  });

  it("img-src : l'application et data: seulement, les photos des annonces passant par la route de l'application (issue 24 item 9)", () => {
    const csp = securityHeaders(false).headers["Content-Security-Policy"]!;
    const imgSrc = /img-src ([^;]*)/.exec(csp)![1]!.split(" ");
    expect(imgSrc).toEqual(["'self'", "data:"]);
  });

  it("les réponses de données (single fetch) ne sont gardées par aucun cache", () => {
    expect(handleDataRequest(new Response("x")).headers.get("Cache-Control")).toBe("private, no-store");
    const own = new Response("x", { headers: { "Cache-Control": "max-age=60" } });
    expect(handleDataRequest(own).headers.get("Cache-Control")).toBe("max-age=60");
  });
});


/**
 * Every action that reads a form (issue 23 item 1), with the signed-in ones asked by an
 * administrator so that each reaches its readForm. conform's reserved fields are refused there.
 */
const FORM_ACTIONS: Array<{ path: string; signedIn: boolean; params?: Record<string, string>; load: () => Promise<{ action: (args: never) => Promise<unknown> }> }> = [
  { path: "/auth", signedIn: false, load: () => import("~/routes/auth") },
  { path: "/auth/mot-de-passe-oublie", signedIn: false, load: () => import("~/routes/auth_.mot-de-passe-oublie") },
  { path: "/auth/reinitialiser/abc", signedIn: false, params: { token: "abc" }, load: () => import("~/routes/auth_.reinitialiser.$token") },
  { path: "/admin", signedIn: true, load: () => import("~/routes/_app.admin") },
  { path: "/admin-api-requests", signedIn: true, load: () => import("~/routes/_app.admin-api-requests") },
  { path: "/admin-panel", signedIn: true, load: () => import("~/routes/_app.admin-panel") },
  { path: "/api-connections", signedIn: true, load: () => import("~/routes/_app.api-connections") },
  { path: "/compte", signedIn: true, load: () => import("~/routes/_app.compte") },
  { path: "/export-api-keys", signedIn: true, load: () => import("~/routes/_app.export-api-keys") },
  { path: "/moderation", signedIn: true, load: () => import("~/routes/_app.moderation") },
  { path: "/moteurimmo-sync", signedIn: true, load: () => import("~/routes/_app.moteurimmo-sync") },
  { path: "/property/1", signedIn: true, params: { id: "1" }, load: () => import("~/routes/_app.property.$id") },
  { path: "/prospection", signedIn: true, load: () => import("~/routes/_app.prospection") },
  { path: "/request-api-key", signedIn: true, load: () => import("~/routes/_app.request-api-key") },
  { path: "/resources/connection-sync", signedIn: true, load: () => import("~/routes/resources.connection-sync") },
  { path: "/resources/file-import", signedIn: true, load: () => import("~/routes/resources.file-import") },
  { path: "/resources/moderation", signedIn: true, load: () => import("~/routes/resources.moderation") },
];

describe("champs réservés de conform (__intent__, __state__)", () => {
  const hostile: Array<[string, Record<string, string>]> = [
    ["intention « update » à l'index 10 000 000", { __intent__: JSON.stringify({ type: "update", payload: { name: "x", index: 10_000_000, value: "1" } }) }],
    ["intention illisible", { __intent__: "garbage" }],
    ["état illisible", { __state__: "{" }],
    ["état valide", { __state__: "{}" }],
  ];

  it.each(FORM_ACTIONS.map((route) => [route.path, route] as const))("%s : 400 « champ réservé » pour chaque forme, jamais 500", async (_path, route) => {
    const admin = await makeUser({ admin: true });
    const { action } = await route.load();
    for (const [what, fields] of hostile) {
      const request = await requestAs(route.signedIn ? admin.id : null, route.path, {
        method: "POST",
        form: { intent: "signin", email: "x@y.fr", password: "motdepasse", ...fields },
      });
      const run = () => action({ request, params: route.params ?? {}, context: {} } as never);
      expect(await refusal(run), `${route.path} : ${what}`).toEqual({ status: 400, body: { success: false, error: REQUEST_MSG.reservedField } });
    }
  });
});

describe("réponses aux visiteurs non connectés", () => {
  // A marker in a field of the form and in one it does not know: neither comes back.
  const filler = "Z".repeat(30_000);
  it.each(FORM_ACTIONS.filter((route) => !route.signedIn).map((route) => [route.path, route] as const))(
    "%s : un formulaire refusé ne renvoie rien de ce qui a été envoyé",
    async (_path, route) => {
      const { action } = await route.load();
      const request = await requestAs(null, route.path, {
        method: "POST",
        form: { intent: "signin", email: `${filler}@`, newPassword: filler, extra: filler },
      });
      const answer = await formAnswer<{ result: unknown }>(await action({ request, params: route.params ?? {}, context: {} } as never));
      expect(answer.status).toBeGreaterThanOrEqual(400);
      const body = JSON.stringify(answer);
      expect(body).not.toContain("ZZZZ");
      expect(body.length).toBeLessThan(2_000);
    },
  );
});

describe("Referer illisible (issue 23 item 14)", () => {
  it("/resources/connection-sync envoyé sans JavaScript : retour à /properties, jamais 500", async () => {
    const { action } = await import("~/routes/resources.connection-sync");
    const user = await makeUser();
    for (const referer of ["http://[", "//[", "http://a b/", "::"]) {
      const request = await requestAs(user.id, "/resources/connection-sync", {
        method: "POST",
        form: { intent: "sync" },
        headers: { Referer: referer, Accept: "text/html" },
      });
      const answer = (await action({ request, params: {}, context: {} })) as Response;
      expect(answer.status, referer).toBe(302);
      expect(answer.headers.get("Location"), referer).toBe("/properties");
    }
  });
});
