import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "#db/schema";
import { action as exportAction } from "~/routes/functions.v1.get-properties";
import { startConnectionSync } from "~/services/connections/connection-sync.server";
import { createExportKey } from "~/services/keys/export-keys.server";
import { upsertListings } from "~/services/listings/listing-upsert.server";
import { getDb } from "~/utils/db.server";
import { makeConnection, waitForImportJob } from "../setup/connections-factories";
import { listingInput, makeUser } from "../setup/factories";

/** Vigimmo's own export API served over HTTP, so one Vigimmo can feed another. */
async function serveExportApi() {
  const server = http.createServer(async (req, res) => {
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "POST" ? (Readable.toWeb(req) as ReadableStream) : undefined,
      // Node's Request needs duplex for a streamed body.
      duplex: "half",
    } as RequestInit);
    const response = (await exportAction({ request, params: {}, context: {} })) as Response;
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/functions/v1/get-properties`,
    close: () => new Promise((r) => server.close(r)),
  };
}

let api: Awaited<ReturnType<typeof serveExportApi>>;
beforeAll(async () => {
  process.env.ALLOW_PRIVATE_CONNECTION_URLS = "true";
  api = await serveExportApi();
});
afterAll(async () => {
  delete process.env.ALLOW_PRIVATE_CONNECTION_URLS;
  await api.close();
});

describe("une Vigimmo alimente une autre Vigimmo", () => {
  it("synchronise les annonces actives exportées par l'API d'export", async () => {
    const source = await makeUser();
    upsertListings(
      source.id,
      Array.from({ length: 7 }, (_, i) =>
        listingInput({
          sourcePlatformId: `src-${i}`,
          title: `Appartement exporté ${i}`,
          owner:
            i === 0 ? { firstName: "Paul", lastName: "Martin", email: "paul@example.fr" } : null,
        }),
      ),
    );
    getDb()
      .update(properties)
      .set({ status: "active" })
      .where(eq(properties.createdBy, source.id))
      .run();
    const { apiKey } = createExportKey(source.id, { name: "Agence partenaire" });

    const target = await makeUser();
    const connection = makeConnection(target.id, {
      apiEndpoint: api.url,
      apiKey,
      config: { pageSize: 3 },
    });
    const job = await waitForImportJob(target.id, startConnectionSync(target.id, connection.id).id);
    expect(job.errors).toEqual([]);
    expect(job).toMatchObject({ status: "completed", imported: 7, currentPage: 3 });

    const copied = getDb()
      .select()
      .from(properties)
      .where(
        and(
          eq(properties.createdBy, target.id),
          eq(properties.sourcePlatform, `connexion:${connection.id}`),
        ),
      )
      .all();
    expect(copied.map((row) => row.title).sort()).toEqual(
      Array.from({ length: 7 }, (_, i) => `Appartement exporté ${i}`),
    );
    expect(copied.every((row) => row.status === "pending")).toBe(true);
  });

  it("passe la connexion en erreur avec le message de l'API quand la clé est inconnue", async () => {
    const target = await makeUser();
    const connection = makeConnection(target.id, { apiEndpoint: api.url, apiKey: "efi_inconnue" });
    const job = await waitForImportJob(target.id, startConnectionSync(target.id, connection.id).id);
    expect(job.status).toBe("failed");
    expect(job.message).toBe("Clé API refusée par le point d'accès (HTTP 401) : Clé API invalide");
  });
});
