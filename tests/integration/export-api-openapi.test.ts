import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import createClient from "openapi-fetch";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as openApiLoader } from "~/routes/api-docs.openapi[.]json";
import { cutWebhookBatches } from "~/services/connections/webhook-batches.server";
import { deliveryBody, pushTarget } from "~/services/connections/webhook-delivery.server";
import { webhookSignature } from "~/services/connections/webhook-signature.server";
import { recheckListingCompliance } from "~/services/compliance/recheck-job.server";
import {
  EXPORT_API_ERRORS,
  EXPORT_API_FIELDS,
  EXPORT_API_KEY_RATE,
  EXPORT_API_PATH,
  EXPORTED_LISTING_FIELDS,
} from "~/services/export/export-api-contract";
import { resetExportApiGuards } from "~/services/export/export-api.server";
import { serveExportApi } from "~/services/export/export-api-node.server";
import {
  exportApiOpenApiDocument,
  OPENAPI_PATH,
  WEBHOOK_DOCUMENTED_HEADERS,
  WEBHOOK_NAME,
} from "~/services/export/export-api-openapi.server";
import {
  exportedListingSchema,
  exportRequestBodySchema,
} from "~/services/export/export-api-schemas";
import { toggleExportKey } from "~/services/keys/export-keys.server";
import { getSqlite } from "~/utils/db.server";
import { hitRateLimit, resetRateLimits } from "~/utils/rate-limit.server";
import type { paths } from "../openapi/export-api";
import { makeConnection } from "../setup/connections-factories";
import { makeActiveListings, makeExportKey } from "../setup/export-factories";
import { makeUser } from "../setup/factories";

/**
 * The OpenAPI description of the export API (issue 27), checked by tools nobody here wrote:
 * swagger-parser and Redocly validate it, openapi-typescript generates the client that
 * tests/openapi/export-api.ts holds (and this test regenerates to compare), openapi-fetch calls a
 * running server with it, and ajv validates every kind of real answer against its schemas. A
 * field, a status or a message the API sends and the document does not describe fails here.
 */

const CLIENT_FILE = path.resolve("tests/openapi/export-api.ts");
const PUBLIC_ORIGIN = "https://app.vigimmo.fr";
const API = EXPORT_API_PATH as "/functions/v1/get-properties";

let server: http.Server;
let base = "";
let document: Record<string, unknown>;
let apiKey = "";
let inactiveKey = "";
let keyId = "";
let userId = "";
let listingIds: number[] = [];

/** A running app's two public routes: the document (Remix loader) and the API (the production server's direct path). */
function handle(request: http.IncomingMessage, response: http.ServerResponse) {
  const ip = String(request.headers["x-test-ip"] ?? "203.0.113.7");
  if (request.url?.startsWith(EXPORT_API_PATH)) return void serveExportApi(request, response, ip);
  if (request.url !== OPENAPI_PATH) {
    response.writeHead(404).end();
    return;
  }
  void openApiLoader({
    request: new Request(`${base}${request.url}`),
    params: {},
    context: {},
  }).then(async (answer) => {
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
}

const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

/** The validator of the schema at a JSON pointer of the served document (its $refs resolve in it). */
function schemaAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi.json#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

const escape = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");
const responsePointer = (status: number | string) =>
  `/paths/${escape(EXPORT_API_PATH)}/post/responses/${status}/content/${escape("application/json")}/schema`;
const WEBHOOK_BODY = `/webhooks/${WEBHOOK_NAME}/post/requestBody/content/${escape("application/json")}/schema`;

function expectValid(pointer: string, value: unknown) {
  const validate = schemaAt(pointer);
  const valid = validate(value);
  expect(valid, `${pointer} : ${ajv.errorsText(validate.errors)}`).toBe(true);
}

type Operation = {
  responses: Record<
    string,
    {
      content?: Record<
        string,
        { examples?: Record<string, { value: unknown }>; example?: unknown }
      >;
      headers?: Record<string, unknown>;
    }
  >;
};
const operation = () =>
  (document.paths as Record<string, { post: Operation }>)[EXPORT_API_PATH]!.post;

/** Numbers in messages (seconds to wait) vary; the text around them does not. */
const shape = (message: string) => message.replace(/\d+/g, "N");

type ClientAnswer = { response: Response; error?: unknown };

/** Checks a real error answer (a fetch Response, or what the generated client returned): documented status, schema, and a message among that status's examples. */
async function expectDocumentedError(
  answer: Response | ClientAnswer,
  status: number,
  message: string,
) {
  const response = answer instanceof Response ? answer : answer.response;
  expect(response.status).toBe(status);
  const body = answer instanceof Response ? await answer.json() : answer.error;
  expect(body).toEqual({ success: false, error: message });
  expectValid(responsePointer(status), body);
  const examples = Object.values(
    operation().responses[String(status)]!.content!["application/json"]!.examples ?? {},
  ).map((example) => shape((example.value as { error: string }).error));
  expect(examples).toContain(shape(message));
  return body;
}

const client = () => createClient<paths>({ baseUrl: base });

beforeAll(async () => {
  const user = await makeUser();
  userId = user.id;
  listingIds = makeActiveListings(user.id, 6, {
    owner: { firstName: "Élodie", lastName: "Né", email: "elodie@example.fr" },
  });
  makeActiveListings((await makeUser()).id, 4);
  for (const id of listingIds.slice(0, 3)) recheckListingCompliance(id);
  const key = makeExportKey(user.id);
  apiKey = key.apiKey;
  keyId = key.id;
  const inactive = makeExportKey(user.id, "Clé désactivée");
  toggleExportKey(user.id, inactive.id);
  inactiveKey = inactive.apiKey;
  server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  document = (await (await fetch(`${base}${OPENAPI_PATH}`)).json()) as Record<string, unknown>;
  ajv.addSchema(document, "openapi.json");
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  resetRateLimits();
  resetExportApiGuards();
});

describe("le document OpenAPI", () => {
  it("est servi sans session, en OpenAPI 3.1, avec l'adresse de l'instance", async () => {
    const response = await fetch(`${base}${OPENAPI_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: base, description: expect.any(String) }]);
  });

  it("est valide pour swagger-parser et n'a aucune remarque de Redocly (règles recommended)", async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    const published = exportApiOpenApiDocument(PUBLIC_ORIGIN);
    expect({ ...document, servers: published.servers }).toEqual(published);
    const problems = await lintFromString({
      source: JSON.stringify(published),
      absoluteRef: `${PUBLIC_ORIGIN}${OPENAPI_PATH}`,
      config: await createConfig({ extends: ["recommended"] }),
    });
    expect(
      problems.map(
        (problem) =>
          `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`,
      ),
    ).toEqual([]);
  });

  it("décrit chaque paramètre accepté et chaque champ de l'annonce, avec sa nullabilité", () => {
    const schemas = (
      document.components as {
        schemas: Record<
          string,
          { properties: Record<string, { type?: unknown; oneOf?: unknown }>; required: string[] }
        >;
      }
    ).schemas;
    expect(Object.keys(schemas.ExportRequest!.properties)).toEqual([...EXPORT_API_FIELDS]);
    expect(Object.keys(exportRequestBodySchema.shape)).toEqual([...EXPORT_API_FIELDS]);
    const listing = schemas.ExportedListing!;
    expect(Object.keys(listing.properties)).toEqual([...EXPORTED_LISTING_FIELDS]);
    expect(Object.keys(exportedListingSchema.shape)).toEqual([...EXPORTED_LISTING_FIELDS]);
    expect(listing.required).toEqual([...EXPORTED_LISTING_FIELDS]);
    const nullable = (field: string) =>
      JSON.stringify(listing.properties[field]).includes('"null"');
    expect(EXPORTED_LISTING_FIELDS.filter(nullable)).toEqual(
      EXPORTED_LISTING_FIELDS.filter(
        (field) => exportedListingSchema.shape[field].safeParse(null).success,
      ),
    );
    expect(
      nullable("owner") &&
        nullable("compliance") &&
        nullable("price") &&
        !nullable("updated_at") &&
        !nullable("images"),
    ).toBe(true);
  });

  it("a des exemples qui sont des réponses valides, et un exemple par message d'erreur", () => {
    for (const [status, response] of Object.entries(operation().responses)) {
      const media = response.content!["application/json"]!;
      const values = media.examples
        ? Object.values(media.examples).map((example) => example.value)
        : [media.example];
      expect(values.length, `exemples ${status}`).toBeGreaterThan(0);
      for (const value of values) expectValid(responsePointer(status), value);
    }
    const body = (
      document.webhooks as Record<
        string,
        { post: { requestBody: { content: Record<string, { example: unknown }> } } }
      >
    )[WEBHOOK_NAME]!.post.requestBody.content["application/json"]!.example;
    expectValid(WEBHOOK_BODY, body);
    const shown = Object.values(operation().responses)
      .flatMap((response) => Object.values(response.content!["application/json"]!.examples ?? {}))
      .map((example) => (example.value as { error?: string }).error)
      .concat(
        (operation().responses["500"]!.content!["application/json"]!.example as { error: string })
          .error,
      );
    for (const message of Object.values(EXPORT_API_ERRORS)) {
      if (typeof message === "string" && message !== EXPORT_API_ERRORS.method)
        expect(shown, message).toContain(message);
    }
    expect(JSON.stringify(document.info)).toContain(EXPORT_API_ERRORS.method);
  });

  it("refuserait une réponse qui aurait un champ de plus, de moins, ou un null non décrit", async () => {
    const { data } = await client().POST(API, { body: { apiKey, limit: 1 } });
    const page = structuredClone(data) as { properties: Array<Record<string, unknown>> };
    const validate = schemaAt(responsePointer(200));
    expect(validate(page)).toBe(true);
    expect(validate({ ...page, properties: [{ ...page.properties[0], dpe_value: 120 }] })).toBe(
      false,
    );
    const { title: _title, ...withoutTitle } = page.properties[0]!;
    expect(validate({ ...page, properties: [withoutTitle] })).toBe(false);
    expect(validate({ ...page, properties: [{ ...page.properties[0], updated_at: null }] })).toBe(
      false,
    );
  });
});

describe("le client généré (openapi-typescript + openapi-fetch)", () => {
  it("est celui que génère le document servi (tests/openapi/export-api.ts)", async () => {
    const generated = `// Généré par openapi-typescript depuis ${OPENAPI_PATH} : UPDATE_OPENAPI_CLIENT=1 npx vitest run tests/integration/export-api-openapi.test.ts\n${astToString(await openapiTS(new URL(`${base}${OPENAPI_PATH}`)))}`;
    if (process.env.UPDATE_OPENAPI_CLIENT) fs.writeFileSync(CLIENT_FILE, generated);
    expect(
      generated,
      "le document a changé : régénérez le client (commande en tête du fichier)",
    ).toBe(fs.readFileSync(CLIENT_FILE, "utf8"));
  });

  it("lit une page, la suivante par cursor et l'export complet, tous conformes au document", async () => {
    const api = client();
    const first = await api.POST(API, { body: { apiKey, limit: 2 } });
    expect(first.response.status).toBe(200);
    expectValid(responsePointer(200), first.data);
    const page = first.data as Extract<typeof first.data, { total: number }>;
    expect(page.count).toBe(2);
    expect(page.properties.some((listing) => listing.compliance !== null)).toBe(true);

    const next = await api.POST(API, { body: { apiKey, limit: 2, cursor: page.next_cursor! } });
    expectValid(responsePointer(200), next.data);
    expect((next.data as { offset: unknown }).offset).toBeNull();

    const all = await api.POST(API, { body: { apiKey } });
    expectValid(responsePointer(200), all.data);
    expect(all.data).toMatchObject({ limit: null, count: 10, total: 10 });
    const listings = (all.data as typeof page).properties;
    expect(listings.filter((listing) => listing.owner?.first_name === "Élodie")).toHaveLength(6);
    expect(listings.filter((listing) => listing.owner === null)).toHaveLength(4);
  });

  it("suit le flux de changements, retraits compris, conforme au document", async () => {
    const api = client();
    const start = await api.POST(API, {
      body: { apiKey, updatedSince: "1970-01-01T00:00:00Z", limit: 100 },
    });
    expectValid(responsePointer(200), start.data);
    const feed = start.data as Extract<typeof start.data, { sync_cursor: string }>;
    getSqlite()
      .prepare(`update properties set status = 'rejected' where id = ?`)
      .run(listingIds[5]!);
    getSqlite().prepare(`update properties set price = 99000 where id = ?`).run(listingIds[4]!);
    const changes = await api.POST(API, { body: { apiKey, cursor: feed.sync_cursor } });
    expectValid(responsePointer(200), changes.data);
    expect(changes.data).toMatchObject({ count: 1, removed: [{ id: listingIds[5] }] });
  });

  it("reçoit chaque erreur avec son code et son message français, comme le document les décrit", async () => {
    const api = client();
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${API}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });

    await expectDocumentedError(await post("pas du json"), 400, EXPORT_API_ERRORS.invalidJson);
    await expectDocumentedError(await post([]), 400, EXPORT_API_ERRORS.notObject);
    // An unknown parameter: openapi-fetch's body type lets it through, the server does not.
    await expectDocumentedError(
      await api.POST(API, { body: { apiKey, foo: 1 } }),
      400,
      EXPORT_API_ERRORS.unknownField("foo"),
    );
    // The generated types refuse what the server refuses: limit is a number.
    // @ts-expect-error a string limit
    const stringLimit = await api.POST(API, { body: { apiKey, limit: "50" } });
    await expectDocumentedError(stringLimit, 400, EXPORT_API_ERRORS.limit);
    await expectDocumentedError(
      await api.POST(API, { body: { apiKey, limit: 0 } }),
      400,
      EXPORT_API_ERRORS.limit,
    );
    await expectDocumentedError(
      await api.POST(API, { body: { apiKey, offset: -1 } }),
      400,
      EXPORT_API_ERRORS.offset,
    );
    await expectDocumentedError(
      await api.POST(API, { body: { apiKey, updatedSince: "2026-01-31" } }),
      400,
      EXPORT_API_ERRORS.updatedSince,
    );
    await expectDocumentedError(
      await api.POST(API, { body: { apiKey, cursor: "abc" } }),
      400,
      EXPORT_API_ERRORS.cursor,
    );
    await expectDocumentedError(
      await api.POST(API, { body: { apiKey, cursor: "abc", offset: 0 } }),
      400,
      EXPORT_API_ERRORS.cursorWithOffset,
    );
    await expectDocumentedError(
      await api.POST(API, { body: { apiKey, updatedSince: "2026-01-31T00:00:00Z", limit: 501 } }),
      400,
      EXPORT_API_ERRORS.cursorLimit,
    );
    await expectDocumentedError(
      await api.POST(API, { body: { apiKey: "" } }),
      401,
      EXPORT_API_ERRORS.missingKey,
    );
    await expectDocumentedError(
      await api.POST(API, { body: { apiKey: `efi_${"x".repeat(32)}` } }),
      401,
      EXPORT_API_ERRORS.unknownKey,
    );
    await expectDocumentedError(
      await api.POST(API, { body: { apiKey: inactiveKey } }),
      403,
      EXPORT_API_ERRORS.inactiveKey,
    );
    await expectDocumentedError(
      await post({ apiKey, cursor: "x".repeat(20_000) }),
      413,
      EXPORT_API_ERRORS.tooLarge,
    );
    const other = await fetch(`${base}${API}`);
    expect(other.status).toBe(405);
    expect(await other.json()).toEqual({ success: false, error: EXPORT_API_ERRORS.method });
  });

  it("reçoit 429 avec Retry-After, décrit par le document", async () => {
    for (let i = 0; i < EXPORT_API_KEY_RATE.limit; i += 1)
      hitRateLimit(`export:key:${keyId}`, EXPORT_API_KEY_RATE.limit, EXPORT_API_KEY_RATE.windowMs);
    const limited = await client().POST(API, { body: { apiKey } });
    const seconds = Number(limited.response.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    await expectDocumentedError(limited, 429, EXPORT_API_ERRORS.keyRate(seconds));
    expect(Object.keys(operation().responses["429"]!.headers ?? {})).toEqual(["Retry-After"]);

    resetRateLimits();
    let guessed: ClientAnswer | undefined;
    for (let i = 0; i < 30 && guessed?.response.status !== 429; i += 1) {
      guessed = await client().POST(API, {
        body: { apiKey: `efi_${String(i).padStart(32, "0")}` },
        headers: { "x-test-ip": "198.51.100.9" },
      });
    }
    await expectDocumentedError(
      guessed!,
      429,
      EXPORT_API_ERRORS.guessRate(Number(guessed!.response.headers.get("retry-after"))),
    );
  });
});

describe("les webhooks du document", () => {
  it("décrivent le corps d'un vrai lot et ses en-têtes de signature", () => {
    const connection = makeConnection(userId, {
      apiType: "export",
      apiEndpoint: "https://hooks.example.fr/vigimmo",
    });
    getSqlite()
      .prepare(`update properties set price = price + 10 where id in (?, ?)`)
      .run(listingIds[0]!, listingIds[1]!);
    getSqlite()
      .prepare(`update properties set status = 'pending' where id = ?`)
      .run(listingIds[2]!);
    expect(cutWebhookBatches(connection.id, Date.now())).toBe(1);
    const stored = getSqlite()
      .prepare<[string], { firstSeq: number; lastSeq: number; events: string | null }>(
        `select first_seq as firstSeq, last_seq as lastSeq, events from webhook_deliveries where connection_id = ?`,
      )
      .get(connection.id)!;
    const body = deliveryBody(pushTarget(connection.id)!, stored, Date.now()).toString("utf8");
    const batch = JSON.parse(body) as { events: Array<{ type: string }> };
    expect(batch.events.map((event) => event.type)).toEqual([
      "listing.updated",
      "listing.updated",
      "listing.removed",
    ]);
    expectValid(WEBHOOK_BODY, batch);

    const parameters = (
      document.webhooks as Record<
        string,
        { post: { parameters: Array<{ name: string; in: string; schema: { pattern: string } }> } }
      >
    )[WEBHOOK_NAME]!.post.parameters;
    expect(parameters.map((parameter) => [parameter.in, parameter.name])).toEqual(
      Object.keys(WEBHOOK_DOCUMENTED_HEADERS).map((name) => ["header", name]),
    );
    const legacy = parameters.find((parameter) => parameter.name === "X-Vigimmo-Signature")!;
    expect(webhookSignature("cle", body, 1_700_000_000)).toMatch(new RegExp(legacy.schema.pattern));
  });
});
