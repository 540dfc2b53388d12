import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local endpoint for connection syncs. Each request's JSON body is recorded; `handler` decides
 * the answer (status + JSON, or a raw function for redirects, slow or huge answers).
 */
export type FakeRequest = { method: string; url: string; body: Record<string, unknown> };
export type FakeAnswer = { status?: number; json?: unknown; headers?: Record<string, string> };
export type FakeHandler = (
  request: FakeRequest,
  res: http.ServerResponse,
) => FakeAnswer | void | Promise<FakeAnswer | void>;

export async function startFakeEndpoint(handler: FakeHandler) {
  const requests: FakeRequest[] = [];
  let current = handler;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = { raw: text };
      }
      const request = { method: req.method ?? "GET", url: req.url ?? "/", body };
      requests.push(request);
      const answer = await current(request, res);
      if (!answer || res.headersSent) return;
      res.writeHead(answer.status ?? 200, {
        "content-type": "application/json",
        ...answer.headers,
      });
      res.end(answer.json === undefined ? "" : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setHandler(next: FakeHandler) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A property as Vigimmo's export API returns it (SPEC.md section 3 columns). */
export function exportedProperty(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: n,
    title: `Appartement T${(n % 4) + 1} n°${n}`,
    description: `Bel appartement numéro ${n}, lumineux et calme, proche des commerces.`,
    price: 700 + n,
    property_type: "Appartement",
    address: `${n} rue Victor Hugo`,
    city: "Lyon",
    postal_code: "69003",
    surface_area: 40 + (n % 30),
    rooms: 2,
    bedrooms: 1,
    bathrooms: 1,
    images: [`https://images.example.fr/${n}.jpg`],
    source_url: `https://annonces.example.fr/${n}`,
    source_platform: "fichier",
    source_platform_id: `ref-${n}`,
    transaction_type: "rental",
    status: "active",
    property_charges: 40,
    features: ["Balcon"],
    floor: 2,
    total_floors: 5,
    year_built: 1980,
    energy_rating: "C",
    created_at: new Date(2024, 0, 1).toISOString(),
    ...overrides,
  };
}

/** A MoteurImmo ad in the partner's shape. */
export function moteurImmoAd(n: number, overrides: Record<string, unknown> = {}) {
  return {
    uniqueId: `mi-${n}`,
    origin: "leboncoin",
    url: `https://www.leboncoin.fr/ad/${n}`,
    title: `Maison ${n} pièces`,
    description: `Maison familiale numéro ${n} avec jardin.`,
    type: "rental",
    category: "house",
    price: 1200 + n,
    surface: 90,
    rooms: 4,
    bedrooms: 3,
    pictureUrls: [`https://img.example.fr/${n}.jpg`],
    location: { city: "Nantes", postalCode: "44000" },
    ...overrides,
  };
}

/** Serves `total` exported properties, paged by the body's limit/offset like the export API. */
export function vigimmoExportHandler(
  total: number,
  options: { apiKey?: string } = {},
): FakeHandler {
  return ({ body }) => {
    if (options.apiKey && body.apiKey !== options.apiKey)
      return { status: 401, json: { success: false, error: "Clé API invalide" } };
    const offset = Number(body.offset ?? 0);
    const limit = body.limit === undefined ? total : Number(body.limit);
    const properties = Array.from(
      { length: Math.max(0, Math.min(limit, total - offset)) },
      (_, i) => exportedProperty(offset + i + 1),
    );
    return {
      json: {
        success: true,
        count: properties.length,
        total,
        limit: body.limit ?? null,
        offset,
        properties,
      },
    };
  };
}

/** Serves `total` ads paged by page/maxLength; refuses limit/offset bodies when `strict`. */
export function moteurImmoHandler(total: number, options: { strict?: boolean } = {}): FakeHandler {
  return ({ body }) => {
    if (options.strict && ("limit" in body || "offset" in body))
      return { status: 400, json: { error: "unknown field" } };
    const page = Number(body.page ?? 1);
    const maxLength = Number(body.maxLength ?? 50);
    const start = (page - 1) * maxLength;
    const ads = Array.from({ length: Math.max(0, Math.min(maxLength, total - start)) }, (_, i) =>
      moteurImmoAd(start + i + 1),
    );
    return { json: body.withCount ? { ads, count: total } : { ads } };
  };
}
