import { describe, expect, it } from "vitest";
import { action as authAction } from "~/routes/auth";
import { loader as healthLoader } from "~/routes/healthz";
import { action as requestKeyAction } from "~/routes/_app.request-api-key";
import { handleDataRequest } from "~/entry.server";
import { REQUEST_MSG } from "~/messages";
import { isHttpsRequest, securityHeaders } from "~/utils/security-headers.server";
import { makeUser, requestAs } from "../setup/factories";

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

