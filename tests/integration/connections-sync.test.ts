import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiConnections, properties, propertyOwners } from "#db/schema";
import { action as syncAction } from "~/routes/resources.connection-sync";
import {
  SyncRefusedError,
  startConnectionSync,
} from "~/services/connections/connection-sync.server";
import { loadImportControls } from "~/services/connections/import-controls.server";
import { IMPORT_TEXT } from "~/services/imports/import-job-view";
import { getDb } from "~/utils/db.server";
import { makeConnection, waitForImportJob } from "../setup/connections-factories";
import { makeUser, requestAs } from "../setup/factories";
import {
  exportedProperty,
  moteurImmoHandler,
  startFakeEndpoint,
  vigimmoExportHandler,
} from "../setup/fake-connection-endpoint";

let endpoint: Awaited<ReturnType<typeof startFakeEndpoint>>;

beforeAll(async () => {
  endpoint = await startFakeEndpoint(() => ({ json: {} }));
});
afterAll(() => endpoint.close());
beforeEach(() => {
  process.env.ALLOW_PRIVATE_CONNECTION_URLS = "true";
  endpoint.requests.length = 0;
});
afterEach(() => {
  delete process.env.ALLOW_PRIVATE_CONNECTION_URLS;
});

function connectionRow(id: string) {
  return getDb().select().from(apiConnections).where(eq(apiConnections.id, id)).get()!;
}

function listingsOf(userId: string, connectionId: string) {
  return getDb()
    .select()
    .from(properties)
    .where(
      and(
        eq(properties.createdBy, userId),
        eq(properties.sourcePlatform, `connexion:${connectionId}`),
      ),
    )
    .all();
}

async function sync(userId: string, connectionId: string) {
  const job = startConnectionSync(userId, connectionId);
  expect(job.source).toBe("connexion");
  expect(job.connectionId).toBe(connectionId);
  return waitForImportJob(userId, job.id);
}

describe("synchronisation au format de l'API d'export Vigimmo", () => {
  it("pagine par limit/offset avec la clé, écrit les annonces et met à jour la connexion", async () => {
    endpoint.setHandler(vigimmoExportHandler(1200, { apiKey: "cle-vigimmo" }));
    const user = await makeUser();
    const connection = makeConnection(user.id, {
      apiEndpoint: `${endpoint.url}/functions/v1/get-properties`,
      apiKey: "cle-vigimmo",
    });
    const job = await sync(user.id, connection.id);
    expect(job.status).toBe("completed");
    expect(job.imported).toBe(1200);
    expect(job.errors).toEqual([]);
    expect(job.currentPage).toBe(3);
    expect(job.totalPages).toBe(3);
    expect(endpoint.requests.map((r) => r.body)).toEqual([
      { apiKey: "cle-vigimmo", limit: 500, offset: 0 },
      { apiKey: "cle-vigimmo", limit: 500, offset: 500 },
      { apiKey: "cle-vigimmo", limit: 500, offset: 1000 },
    ]);
    expect(
      endpoint.requests.every(
        (r) => r.method === "POST" && r.url === "/functions/v1/get-properties",
      ),
    ).toBe(true);

    const rows = listingsOf(user.id, connection.id);
    expect(rows).toHaveLength(1200);
    const first = rows.find((row) => row.sourcePlatformId === "1")!;
    expect(first).toMatchObject({
      title: "Appartement T2 n°1",
      price: 701,
      city: "Lyon",
      postalCode: "69003",
      transactionType: "rental",
      status: "pending",
      energyRating: "C",
      images: ["https://images.example.fr/1.jpg"],
    });

    const row = connectionRow(connection.id);
    expect(row.status).toBe("active");
    expect(row.totalSynced).toBe(1200);
    expect(row.lastSync).toBeInstanceOf(Date);
  });

  it("est idempotente : une deuxième synchro ne crée aucun doublon et compte les mises à jour", async () => {
    let priceBump = 0;
    endpoint.setHandler(({ body }) => {
      const offset = Number(body.offset ?? 0);
      const all = [
        exportedProperty(1, { price: 900 + priceBump }),
        exportedProperty(2),
        exportedProperty(3),
      ];
      const page = all.slice(offset, offset + Number(body.limit));
      return {
        json: {
          success: true,
          count: page.length,
          total: all.length,
          limit: body.limit,
          offset,
          properties: page,
        },
      };
    });
    const user = await makeUser();
    const connection = makeConnection(user.id, { apiEndpoint: endpoint.url });
    expect((await sync(user.id, connection.id)).imported).toBe(3);
    priceBump = 50;
    const second = await sync(user.id, connection.id);
    expect(second).toMatchObject({ status: "completed", imported: 0, updated: 1, skipped: 2 });
    expect(listingsOf(user.id, connection.id)).toHaveLength(3);
    expect(connectionRow(connection.id).totalSynced).toBe(4);
  });

  it("suit le total annoncé quand le serveur plafonne lui-même la taille des pages", async () => {
    const serve = vigimmoExportHandler(250);
    endpoint.setHandler((request, res) =>
      serve(
        { ...request, body: { ...request.body, limit: Math.min(100, Number(request.body.limit)) } },
        res,
      ),
    );
    const user = await makeUser();
    const connection = makeConnection(user.id, { apiEndpoint: endpoint.url });
    const job = await sync(user.id, connection.id);
    expect(job).toMatchObject({ status: "completed", imported: 250, currentPage: 3 });
    expect(endpoint.requests.map((r) => r.body.offset)).toEqual([0, 100, 200]);
  });

  it("s'arrête à 100 pages et le dit", async () => {
    endpoint.setHandler(vigimmoExportHandler(150));
    const user = await makeUser();
    const connection = makeConnection(user.id, {
      apiEndpoint: endpoint.url,
      config: { pageSize: 1 },
    });
    const job = await sync(user.id, connection.id);
    expect(job).toMatchObject({ status: "completed", imported: 100, currentPage: 100 });
    expect(endpoint.requests).toHaveLength(100);
    expect(job.errors).toEqual([
      "Synchronisation limitée à 100 pages : les annonces suivantes n'ont pas été lues",
    ]);
  });

  it("signale les annonces illisibles sans arrêter la synchro et garde le propriétaire", async () => {
    endpoint.setHandler(() => ({
      json: {
        success: true,
        count: 3,
        total: 3,
        limit: 500,
        offset: 0,
        properties: [
          exportedProperty(1, {
            property_owners: {
              first_name: "Marie",
              last_name: "Durand",
              email: "marie@example.fr",
            },
          }),
          { id: 2, price: 800 },
          exportedProperty(3, { price: "abc", images: "pas une liste" }),
        ],
      },
    }));
    const user = await makeUser();
    const connection = makeConnection(user.id, { apiEndpoint: endpoint.url });
    const job = await sync(user.id, connection.id);
    expect(job).toMatchObject({ status: "completed", imported: 2, skipped: 1 });
    expect(job.errors).toEqual(["Annonce 2 ignorée : champ(s) manquant(s) ou invalide(s) : title"]);
    const rows = listingsOf(user.id, connection.id);
    expect(rows.find((r) => r.sourcePlatformId === "3")).toMatchObject({ price: null, images: [] });
    const owner = getDb()
      .select()
      .from(propertyOwners)
      .where(eq(propertyOwners.propertyId, rows.find((r) => r.sourcePlatformId === "1")!.id))
      .get();
    expect(owner).toMatchObject({
      firstName: "Marie",
      lastName: "Durand",
      email: "marie@example.fr",
    });
  });
});

describe("synchronisation au format MoteurImmo", () => {
  it("reconnaît la forme { ads } et pagine par page/maxLength", async () => {
    endpoint.setHandler(moteurImmoHandler(120));
    const user = await makeUser();
    const connection = makeConnection(user.id, {
      apiEndpoint: `${endpoint.url}/api/ads`,
      apiKey: "cle-mi",
      config: { pageSize: 50, query: { types: ["rental"], apiKey: "ignorée" } },
    });
    const job = await sync(user.id, connection.id);
    expect(job).toMatchObject({
      status: "completed",
      imported: 120,
      currentPage: 3,
      totalPages: 3,
    });
    expect(endpoint.requests.map((r) => r.body)).toEqual([
      // The probe asks the Vigimmo way; the answer's shape says MoteurImmo, so page 1 is asked again.
      { apiKey: "cle-mi", limit: 50, offset: 0 },
      { types: ["rental"], apiKey: "cle-mi", page: 1, maxLength: 50, withCount: true },
      { types: ["rental"], apiKey: "cle-mi", page: 2, maxLength: 50 },
      { types: ["rental"], apiKey: "cle-mi", page: 3, maxLength: 50 },
    ]);
    const rows = listingsOf(user.id, connection.id);
    expect(rows).toHaveLength(120);
    expect(rows.find((r) => r.sourcePlatformId === "mi-1")).toMatchObject({
      title: "Maison 1 pièces",
      propertyType: "Maison",
      city: "Nantes",
      price: 1201,
      sourceOrigin: "leboncoin",
    });
    expect(connectionRow(connection.id).totalSynced).toBe(120);
  });

  it("se replie sur le corps MoteurImmo quand limit/offset est refusé (400)", async () => {
    endpoint.setHandler(moteurImmoHandler(30, { strict: true }));
    const user = await makeUser();
    const connection = makeConnection(user.id, {
      apiEndpoint: endpoint.url,
      config: { pageSize: 20 },
    });
    const job = await sync(user.id, connection.id);
    expect(job).toMatchObject({ status: "completed", imported: 30 });
    expect(endpoint.requests.map((r) => r.body.page ?? "sonde")).toEqual(["sonde", 1, 2]);
  });

  it("utilise directement le format indiqué dans la configuration", async () => {
    endpoint.setHandler(moteurImmoHandler(5));
    const user = await makeUser();
    const connection = makeConnection(user.id, {
      apiEndpoint: endpoint.url,
      config: { format: "moteurimmo" },
    });
    expect((await sync(user.id, connection.id)).imported).toBe(5);
    expect(endpoint.requests).toHaveLength(1);
    expect(endpoint.requests[0]!.body).toMatchObject({ page: 1, maxLength: 500, withCount: true });
  });
});

describe("erreurs et reprise", () => {
  it("passe la connexion en erreur avec la raison, puis en active à la synchro réussie suivante", async () => {
    endpoint.setHandler(() => ({ status: 500, json: { error: "panne du serveur" } }));
    const user = await makeUser();
    const connection = makeConnection(user.id, { apiEndpoint: endpoint.url });
    const failed = await sync(user.id, connection.id);
    expect(failed.status).toBe("failed");
    expect(failed.message).toBe(
      "Le point d'accès a répondu par une erreur (HTTP 500) : panne du serveur",
    );
    let row = connectionRow(connection.id);
    expect(row.status).toBe("error");
    expect(row.statusMessage).toBe(
      "Le point d'accès a répondu par une erreur (HTTP 500) : panne du serveur",
    );
    expect(row.lastSync).toBeNull();
    // An errored connection stays in the /properties menu so that it can be retried.
    expect(
      loadImportControls({ id: user.id, isAdmin: false }).connections.map((c) => c.status),
    ).toEqual(["error"]);

    endpoint.setHandler(vigimmoExportHandler(2));
    const recovered = await sync(user.id, connection.id);
    expect(recovered.status).toBe("completed");
    row = connectionRow(connection.id);
    expect(row.status).toBe("active");
    expect(row.statusMessage).toBeNull();
    expect(row.totalSynced).toBe(2);
  });

  it.each([
    [
      "une clé refusée",
      () => ({ status: 401, json: { success: false, error: "Clé API invalide" } }),
      "Clé API refusée par le point d'accès (HTTP 401) : Clé API invalide",
    ],
    ["une forme inconnue", () => ({ json: { items: [] } }), /^Réponse non reconnue/],
    [
      "un JSON illisible",
      (_r: unknown, res: import("node:http").ServerResponse) =>
        void res.writeHead(200).end("<html>"),
      "Réponse invalide : le point d'accès n'a pas renvoyé du JSON",
    ],
  ])("échoue proprement sur %s", async (_label, handler, message) => {
    endpoint.setHandler(handler as never);
    const user = await makeUser();
    const connection = makeConnection(user.id, { apiEndpoint: endpoint.url });
    const job = await sync(user.id, connection.id);
    expect(job.status).toBe("failed");
    expect(job.message).toEqual(
      typeof message === "string" ? message : expect.stringMatching(message),
    );
    expect(connectionRow(connection.id).status).toBe("error");
  });

  it("ne laisse jamais la clé dans le message d'erreur", async () => {
    endpoint.setHandler(({ body }) => ({
      status: 403,
      json: { error: `clé ${String(body.apiKey)} inconnue` },
    }));
    const user = await makeUser();
    const connection = makeConnection(user.id, {
      apiEndpoint: endpoint.url,
      apiKey: "cle-tres-secrete-987",
    });
    const job = await sync(user.id, connection.id);
    expect(job.message).toBe(
      "Clé API refusée par le point d'accès (HTTP 403) : clé [clé masquée] inconnue",
    );
    expect(connectionRow(connection.id).statusMessage).not.toContain("cle-tres-secrete-987");
  });

  it("refuse un point d'accès local quand l'environnement ne l'autorise pas", async () => {
    delete process.env.ALLOW_PRIVATE_CONNECTION_URLS;
    endpoint.setHandler(vigimmoExportHandler(3));
    const user = await makeUser();
    for (const url of [
      endpoint.url,
      "http://10.0.0.7/api",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]:8080/",
    ]) {
      const connection = makeConnection(user.id, { apiEndpoint: url });
      const job = await sync(user.id, connection.id);
      expect(job.status).toBe("failed");
      expect(job.message).toMatch(/^Adresse refusée \(/);
      expect(connectionRow(connection.id).status).toBe("error");
    }
    expect(endpoint.requests).toHaveLength(0);
  });
});

describe("qui peut synchroniser quoi", () => {
  it("refuse une connexion inactive, une connexion export et celle d'un autre utilisateur", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const inactive = makeConnection(user.id, { active: false });
    const exportOne = makeConnection(user.id, { apiType: "export" });
    const foreign = makeConnection(other.id);
    expect(() => startConnectionSync(user.id, inactive.id)).toThrow(
      "Activez la connexion avant de la synchroniser",
    );
    expect(() => startConnectionSync(user.id, exportOne.id)).toThrow(
      "Seules les connexions de type Import peuvent être synchronisées",
    );
    expect(() => startConnectionSync(user.id, foreign.id)).toThrow(SyncRefusedError);
    expect(() => startConnectionSync(user.id, foreign.id)).toThrow("Connexion introuvable");
    expect(loadImportControls({ id: user.id, isAdmin: false }).connections).toEqual([]);
  });

  it("répond par l'action : démarrage, import déjà en cours, arrêt", async () => {
    endpoint.setHandler(() => new Promise(() => undefined));
    const user = await makeUser();
    const other = await makeUser();
    const connection = makeConnection(user.id, { name: "Flux lent", apiEndpoint: endpoint.url });
    const post = async (
      userId: string,
      form: Record<string, string>,
      headers: Record<string, string> = {},
    ) => {
      const response = await syncAction({
        request: await requestAs(userId, "/resources/connection-sync", { form, headers }),
        params: {},
        context: {},
      });
      expect(response).toBeInstanceOf(Response);
      const isJson = (response.headers.get("Content-Type") ?? "").startsWith("application/json");
      return {
        status: response.status,
        headers: response.headers,
        data: (isJson ? await response.json() : null) as {
          ok: boolean;
          toast: { type: string; message: string };
          job?: { id: string; status: string };
        },
      };
    };
    const started = await post(user.id, { intent: "sync", connectionId: connection.id });
    expect(started.status).toBe(200);
    expect(started.data.ok).toBe(true);
    expect(started.data.toast.message).toBe("Synchronisation de « Flux lent » démarrée");
    const jobId = started.data.job!.id;
    expect(loadImportControls({ id: user.id, isAdmin: false }).runningJob?.id).toBe(jobId);

    const busy = await post(user.id, { intent: "sync", connectionId: connection.id });
    expect(busy.status).toBe(409);
    expect(busy.data).toEqual({
      ok: false,
      toast: { type: "error", message: IMPORT_TEXT.busy },
    });
    const foreign = await post(other.id, { intent: "sync", connectionId: connection.id });
    expect(foreign.status).toBe(404);
    expect(foreign.data).toEqual({
      ok: false,
      toast: { type: "error", message: "Connexion introuvable" },
    });
    const invalid = await post(user.id, { intent: "sync" });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toEqual({
      ok: false,
      toast: { type: "error", message: "Requête invalide" },
    });
    const foreignStop = await post(other.id, { intent: "cancel", jobId });
    expect(foreignStop.status).toBe(400);
    expect(foreignStop.data).toEqual({
      ok: false,
      toast: { type: "error", message: "Cette synchronisation est déjà terminée" },
    });

    // A form posted without JavaScript goes back to the screen it came from, with the toast.
    const fromCard = await post(
      user.id,
      { intent: "sync", connectionId: connection.id },
      { "Sec-Fetch-Mode": "navigate", Referer: "http://localhost/api-connections" },
    );
    expect(fromCard.status).toBe(302);
    expect(fromCard.headers.get("Location")).toBe("/api-connections");
    expect(fromCard.headers.get("Set-Cookie")).toBeTruthy();
    const fromElsewhere = await post(
      user.id,
      { intent: "sync", connectionId: connection.id },
      { "Sec-Fetch-Mode": "navigate", Referer: "https://ailleurs.example/api-connections?x" },
    );
    expect(fromElsewhere.headers.get("Location")).toBe("/api-connections");

    const stop = await post(user.id, { intent: "cancel", jobId });
    expect(stop.status).toBe(200);
    expect(stop.data.ok).toBe(true);
    const job = await waitForImportJob(user.id, jobId);
    expect(job.status).toBe("cancelled");
    // Stopping says nothing about the endpoint: the connection keeps its status.
    expect(connectionRow(connection.id).status).toBe("active");
  });
});
