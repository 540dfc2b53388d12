import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetExportApiGuards } from "~/services/export/export-api.server";
import { EXPORT_API_ERRORS, EXPORT_API_MAX_STREAMS, type ExportResponse } from "~/services/export/export-api-contract";
import { drained, serveExportApi } from "~/services/export/export-api-node.server";
import { flushExportUsage } from "~/services/export/export-api-usage.server";
import { getSqlite } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { makeUser } from "../setup/factories";
import { callExportApi, makeActiveListings, makeExportKey } from "../setup/export-factories";

/**
 * The production server's direct path to the export API (serveExportApi, used by server.ts)
 * over real HTTP: it must answer exactly what the resource route answers, and handle what only
 * a socket shows (a body without Content-Length, a client leaving mid-export).
 */

const IP = "203.0.113.7";
const TOTAL = 1_200;
let server: http.Server;
let base = "";
let apiKey = "";

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

function call(body: string | null, init: { method?: string; headers?: Record<string, string>; chunked?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/functions/v1/get-properties`,
      { method: init.method ?? "POST", headers: { "Content-Type": "application/json", ...init.headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    request.on("error", reject);
    if (body === null) request.end();
    else if (init.chunked) {
      // Without Content-Length Node sends the body in chunks: the cap must hold anyway.
      for (let i = 0; i < body.length; i += 1_000) request.write(body.slice(i, i + 1_000));
      request.end();
    } else {
      request.setHeader("Content-Length", Buffer.byteLength(body));
      request.end(body);
    }
  });
}

beforeAll(async () => {
  const user = await makeUser();
  makeActiveListings(user.id, TOTAL, { owner: { firstName: "Élodie", lastName: "Né", email: "elodie@example.fr" } });
  apiKey = makeExportKey(user.id).apiKey;
  server = http.createServer((req, res) => void serveExportApi(req, res, IP));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  resetRateLimits();
  resetExportApiGuards();
});

describe("chemin direct du serveur de production", () => {
  it("une page : les mêmes octets que la route Remix, avec Content-Length et CORS", async () => {
    const body = JSON.stringify({ apiKey, limit: 50, offset: 100 });
    const direct = await call(body);
    const route = await callExportApi(null, { raw: body, ip: IP });
    expect(direct.status).toBe(200);
    expect(direct.text).toBe(route.text);
    expect(direct.headers["content-length"]).toBe(String(Buffer.byteLength(direct.text)));
    expect(direct.headers["access-control-allow-origin"]).toBe("*");
    const json = JSON.parse(direct.text) as ExportResponse;
    expect(json).toMatchObject({ success: true, count: 50, total: TOTAL, limit: 50, offset: 100 });
  });

  it("un export complet diffusé : toutes les annonces, le même JSON que la route Remix", async () => {
    const direct = await call(JSON.stringify({ apiKey }));
    const route = await callExportApi({ apiKey }, { ip: IP });
    expect(direct.status).toBe(200);
    expect(direct.headers["transfer-encoding"]).toBe("chunked");
    const json = JSON.parse(direct.text) as ExportResponse;
    expect(json.count).toBe(TOTAL);
    expect(json.properties).toHaveLength(TOTAL);
    expect(direct.text).toBe(route.text);
  });

  it("préflight CORS, mauvaise méthode, JSON invalide : les réponses de l'API", async () => {
    const preflight = await call(null, { method: "OPTIONS", headers: { "Access-Control-Request-Headers": "content-type" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-methods"]).toBe("POST, OPTIONS");
    const get = await call(null, { method: "GET" });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe("POST, OPTIONS");
    expect(JSON.parse(get.text)).toEqual({ success: false, error: EXPORT_API_ERRORS.method });
    const broken = await call("{apiKey:");
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.text)).toEqual({ success: false, error: EXPORT_API_ERRORS.invalidJson });
  });

  it("un corps trop gros est refusé en 413, qu'il annonce sa taille ou qu'il arrive par morceaux", async () => {
    const huge = JSON.stringify({ apiKey, padding: "x".repeat(20_000) });
    for (const chunked of [false, true]) {
      const answer = await call(huge, { chunked });
      expect(answer.status, chunked ? "par morceaux" : "avec Content-Length").toBe(413);
      expect(JSON.parse(answer.text)).toEqual({ success: false, error: EXPORT_API_ERRORS.tooLarge });
      expect(answer.headers.connection).toBe("close");
    }
  });

  it("un client qui part au milieu d'un export libère sa place et son instantané", async () => {
    for (let round = 0; round < EXPORT_API_MAX_STREAMS + 2; round += 1) {
      await new Promise<void>((resolve, reject) => {
        const request = http.request(`${base}/functions/v1/get-properties`, { method: "POST" }, (response) => {
          expect(response.statusCode).toBe(200);
          response.once("data", () => {
            request.destroy();
            resolve();
          });
        });
        request.on("error", (error) => ((error as NodeJS.ErrnoException).code === "ECONNRESET" ? resolve() : reject(error)));
        request.end(JSON.stringify({ apiKey }));
      });
    }
    // Each abandoned export gave its place back: a new one is still accepted, and whole.
    await expect.poll(async () => (await call(JSON.stringify({ apiKey, offset: TOTAL - 3 }))).status).toBe(200);
    const last = JSON.parse((await call(JSON.stringify({ apiKey, offset: TOTAL - 3 }))).text) as ExportResponse;
    expect(last.count).toBe(3);
  });

  it("attendre la place sur la réponse des milliers de fois n'y accumule pas d'écouteurs", async () => {
    // A writable that accepts one byte at a time: every write fills it.
    const slow = new Writable({ highWaterMark: 1, write: (_chunk, _encoding, done) => setImmediate(done) });
    const response = slow as unknown as http.ServerResponse;
    const baseline = slow.listenerCount("close");
    for (let i = 0; i < 50; i += 1) {
      slow.write("x");
      const wait = drained(response);
      expect(wait, "la réponse est pleine").toBeInstanceOf(Promise);
      await wait;
      expect(slow.listenerCount("close")).toBe(baseline);
      expect(slow.listenerCount("drain")).toBe(0);
    }
    expect(drained(response), "rien à attendre quand il y a de la place").toBeUndefined();
  });

  it("chaque appel réussi est journalisé une fois", async () => {
    flushExportUsage();
    const count = () => getSqlite().prepare<[], number>("select count(*) from api_usage_logs").pluck().get()!;
    const before = count();
    for (let i = 0; i < 3; i += 1) expect((await call(JSON.stringify({ apiKey, limit: 2, offset: i }))).status).toBe(200);
    flushExportUsage();
    expect(count()).toBe(before + 3);
  });

  it("pour n'importe quel corps, la même réponse que la route Remix", async () => {
    const field = fc.oneof(fc.constantFrom("apiKey", "limit", "offset"), fc.string({ maxLength: 8 }));
    const value = fc.oneof(fc.integer({ min: -2, max: TOTAL + 2 }), fc.constantFrom(0, 1.5, "10", null, true, [], {}), fc.jsonValue());
    const raw = fc.oneof(
      fc.record({ apiKey: fc.constantFrom(apiKey, "efi_inconnue", ""), limit: fc.integer({ min: -1, max: 60 }), offset: value }, { requiredKeys: [] }).map((b) => JSON.stringify(b)),
      fc.dictionary(field, value, { maxKeys: 4 }).map((b) => JSON.stringify(b)),
      fc.string({ maxLength: 60 }),
    );
    await fc.assert(
      fc.asyncProperty(raw, async (text) => {
        resetRateLimits();
        resetExportApiGuards();
        const direct = await call(text);
        resetRateLimits();
        resetExportApiGuards();
        const route = await callExportApi(null, { raw: text, ip: IP });
        expect(direct.status).toBe(route.status);
        expect(direct.text).toBe(route.text);
      }),
      { numRuns: 120 },
    );
  });
});
