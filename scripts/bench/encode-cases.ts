// The routes whose loaders return the most data, each filled past its bound with the longest
// values the forms and imports accept: `npm run bench:encode` times their single-fetch encoding,
// tests/integration/loader-encode.test.ts checks that each stays within its bound. Run inside a
// fresh database (a bench database or a test file's own); the app's modules are imported late,
// once DATABASE_PATH points at it.
import type { ListingInput } from "~/services/listings/listing-input";
import type { SingleFetchResult } from "./single-fetch-encode";

export type EncodeCase = {
  route: string;
  /** The list that grows, and its bound, as the ADR's table says it. */
  bound: string;
  /** Rows of that list in the loader's data, and the bound they must not pass. */
  rows: number;
  max: number;
  data: SingleFetchResult;
};

type Loader = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;
type RouteModule = { loader: Loader };

/**
 * A text of `length` characters starting with `tag`. The encoder writes a repeated string once,
 * so every row's texts must differ, as real ones do, or the measure would be too kind.
 */
const text = (length: number, word = "Lumineux ", tag: string | number = "") =>
  `${tag} ${word.repeat(Math.ceil(length / word.length))}`.slice(0, length);

/** A listing with every text at the longest an import keeps. */
function longestListing(index: number, extra: Partial<ListingInput> = {}): ListingInput {
  return {
    sourcePlatform: "fichier",
    sourcePlatformId: `encode-${index}`,
    sourceOrigin: "leboncoin",
    sourceUrl: `https://www.leboncoin.fr/ad/locations/${index}`,
    title: `${text(290)} ${index}`,
    description: text(5000, "Appartement traversant, parquet, moulures. ", index),
    price: 1250 + index,
    propertyCharges: 120,
    propertyType: "Appartement",
    transactionType: "rental",
    address: text(200, "rue de la République ", index),
    city: `Villefranche-sur-Saône ${index % 500}`,
    postalCode: "69400",
    surfaceArea: 72,
    rooms: 3,
    bedrooms: 2,
    bathrooms: 1,
    images: Array.from({ length: 30 }, (_, n) => `https://img.leboncoin.fr/api/v1/lbcpb1/images/${"a1b2c3d4".repeat(6)}/${index}-${n}.jpg?rule=ad-large`),
    features: ["Balcon", "Cave", "Parking", "Ascenseur", "Meublé"],
    floor: 3,
    totalFloors: 6,
    yearBuilt: 1930,
    energyRating: "D",
    owner: { firstName: "Marie-Hélène", lastName: "de La Fontaine-Beaumarchais", email: `proprietaire-${index}@example.fr` },
    ...extra,
  };
}

/** A connection config at the form's limits: 8 levels deep, close to 20 000 characters. */
function longestConfig(tag: number): unknown {
  let nested: unknown = { fin: true };
  for (let level = 0; level < 6; level++) nested = { [`niveau${level}`]: nested };
  return { filtres: nested, note: text(19_000, "Synchroniser chaque nuit. ", tag) };
}

export async function buildEncodeCases(): Promise<EncodeCase[]> {
  const config = await import("~/config");
  const { createUser } = await import("~/services/users/users.server");
  const { createSession } = await import("~/utils/session.server");
  const { getDb, getSqlite } = await import("~/utils/db.server");
  const { upsertListings } = await import("~/services/listings/listing-upsert.server");
  const { createKeyRequest } = await import("~/services/keys/key-requests.server");
  const { createExportKey } = await import("~/services/keys/export-keys.server");
  const { createConnection } = await import("~/services/connections/connections.server");
  const { userRoles } = await import("#db/schema");
  const { KEY_REQUEST_STATUSES, COMPANY_NAME_MAX, REQUEST_DESCRIPTION_MAX, REJECTION_REASON_MAX } = await import("~/services/keys/key-request-rules");
  const routes = {
    app: (await import("~/routes/_app")) as unknown as RouteModule,
    properties: (await import("~/routes/_app.properties")) as unknown as RouteModule,
    property: (await import("~/routes/_app.property.$id")) as unknown as RouteModule,
    moderation: (await import("~/routes/_app.moderation")) as unknown as RouteModule,
    adminPanel: (await import("~/routes/_app.admin-panel")) as unknown as RouteModule,
    adminRequests: (await import("~/routes/_app.admin-api-requests")) as unknown as RouteModule,
    myRequests: (await import("~/routes/_app.request-api-key")) as unknown as RouteModule,
    keys: (await import("~/routes/_app.export-api-keys")) as unknown as RouteModule,
    connections: (await import("~/routes/_app.api-connections")) as unknown as RouteModule,
  };

  // One agent owns everything the user screens list, one administrator reads the admin screens.
  const password = "encode-bench";
  const agentId = await createUser({ email: "agent-encode@example.fr", password, fullName: text(120, "Agence "), companyName: text(200, "Immobilière ") });
  const adminId = await createUser({ email: "admin-encode@example.fr", password, fullName: "Administrateur" });
  getDb().insert(userRoles).values({ userId: adminId, role: "admin" }).run();
  for (let n = 0; n < config.ADMIN_USERS_PAGE_SIZE; n++)
    await createUser({ email: `inscrit-${n}-${"x".repeat(200)}@example.fr`, password, fullName: text(120, "Nom ", n), companyName: text(200, "Société ", n) });

  // The moderation queue at its last page is the largest list: every listing suspicious.
  const moderationMax = config.MODERATION_PAGE_SIZE * config.MODERATION_MAX_PAGES;
  const total = Math.max(config.LISTINGS_MAX_LIMIT, moderationMax) + 1;
  for (let start = 0; start < total; start += 1000)
    upsertListings(agentId, Array.from({ length: Math.min(1000, total - start) }, (_, i) => longestListing(start + i)));
  getSqlite()
    .prepare(
      `update properties set status = 'suspicious', ai_confidence = 0.93, ai_checked_at = created_at,
              ai_flag_reason = substr(id || ' ' || ?, 1, 600) where created_by = ?`,
    )
    .run(text(600, "Prix très inférieur au marché ; paiement par mandat demandé avant visite. "), agentId);
  const pictures = Array.from({ length: config.LISTING_DETAIL_MAX.images * 4 }, (_, n) => `https://img.example.fr/${n}.jpg`);
  const features = Array.from({ length: config.LISTING_DETAIL_MAX.features * 2 }, (_, n) => `Caractéristique ${n}`);
  upsertListings(agentId, [longestListing(total, { images: pictures, features })]);
  const detailId = getSqlite().prepare(`select max(id) from properties where created_by = ?`).pluck().get(agentId) as number;

  for (let n = 0; n < (config.ADMIN_KEY_REQUESTS_SHOWN + 1) * KEY_REQUEST_STATUSES.length; n++)
    createKeyRequest(agentId, { companyName: text(COMPANY_NAME_MAX, "Société ", n), description: text(REQUEST_DESCRIPTION_MAX, "Usage prévu : ", n) });
  // Spread them over the three statuses, each past the admin screen's bound.
  getSqlite()
    .prepare(
      `update api_key_requests set status = case rowid % 3 when 0 then 'pending' when 1 then 'approved' else 'rejected' end,
              reviewed_at = created_at, rejection_reason = case rowid % 3 when 2 then substr(rowid || ' ' || ?, 1, ?) end`,
    )
    .run(text(REJECTION_REASON_MAX, "Usage non précisé. "), REJECTION_REASON_MAX);
  for (let n = 0; n <= config.EXPORT_KEYS_SHOWN; n++) createExportKey(agentId, { name: text(200, "Clé ", n), description: text(2000, "Pour le site vitrine. ", n) });
  for (let n = 0; n < config.CONNECTIONS_MAX_PER_USER; n++)
    createConnection(agentId, {
      name: `${text(180, "Flux ")} ${n}`,
      platformType: text(100, "Portail "),
      apiType: "import",
      apiEndpoint: `https://flux.example.fr/${text(400, "chemin/")}`,
      apiKey: null,
      config: longestConfig(n),
    });

  const cookies = {
    agent: (await createSession(agentId)).setCookie.split(";")[0]!,
    admin: (await createSession(adminId)).setCookie.split(";")[0]!,
  };
  /** The `.data` answer of a screen: the _app layout's data and the screen's, as Remix encodes them together. */
  async function load(as: keyof typeof cookies, url: string, routeId: string, route: RouteModule, params: Record<string, string> = {}) {
    const request = new Request(new URL(url, "http://localhost"), { headers: { Cookie: cookies[as] } });
    const layout = await routes.app.loader({ request, params, context: {} });
    const page = await route.loader({ request, params, context: {} });
    return { data: { "routes/_app": { data: layout }, [routeId]: { data: page } } as SingleFetchResult, page: page as Record<string, unknown> };
  }
  const lengthOf = (value: unknown) => (Array.isArray(value) ? value.length : Number.NaN);

  const cases: EncodeCase[] = [];
  const add = (route: string, bound: string, max: number, loaded: { data: SingleFetchResult }, rows: number) =>
    cases.push({ route, bound, max, rows, data: loaded.data });

  const properties = await load("agent", `/properties?status=all&limit=${config.LISTINGS_MAX_LIMIT}`, "routes/_app.properties", routes.properties);
  add("/properties", `limit ≤ LISTINGS_MAX_LIMIT (${config.LISTINGS_MAX_LIMIT})`, config.LISTINGS_MAX_LIMIT, properties, lengthOf(properties.page.listings));
  const moderation = await load("agent", `/moderation?page=${config.MODERATION_MAX_PAGES}`, "routes/_app.moderation", routes.moderation);
  add("/moderation", `page ≤ ${config.MODERATION_MAX_PAGES} × ${config.MODERATION_PAGE_SIZE}`, moderationMax, moderation, lengthOf(moderation.page.listings));
  const detail = await load("agent", `/property/${detailId}`, "routes/_app.property.$id", routes.property, { id: String(detailId) });
  const listing = detail.page.listing as { images: string[] };
  add("/property/:id", `images ≤ ${config.LISTING_DETAIL_MAX.images}`, config.LISTING_DETAIL_MAX.images, detail, lengthOf(listing.images));
  const users = await load("admin", "/admin-panel", "routes/_app.admin-panel", routes.adminPanel);
  add("/admin-panel", `ADMIN_USERS_PAGE_SIZE (${config.ADMIN_USERS_PAGE_SIZE}) par page`, config.ADMIN_USERS_PAGE_SIZE, users, lengthOf((users.page.users as { rows: unknown[] }).rows));
  const adminRequests = await load("admin", "/admin-api-requests", "routes/_app.admin-api-requests", routes.adminRequests);
  const perStatus = config.ADMIN_KEY_REQUESTS_SHOWN * KEY_REQUEST_STATUSES.length;
  add("/admin-api-requests", `${config.ADMIN_KEY_REQUESTS_SHOWN} par statut`, perStatus, adminRequests, lengthOf(adminRequests.page.requests));
  const myRequests = await load("agent", "/request-api-key", "routes/_app.request-api-key", routes.myRequests);
  add("/request-api-key", `KEY_REQUESTS_SHOWN (${config.KEY_REQUESTS_SHOWN})`, config.KEY_REQUESTS_SHOWN, myRequests, lengthOf(myRequests.page.requests));
  const keys = await load("agent", "/export-api-keys", "routes/_app.export-api-keys", routes.keys);
  add("/export-api-keys", `EXPORT_KEYS_SHOWN (${config.EXPORT_KEYS_SHOWN})`, config.EXPORT_KEYS_SHOWN, keys, lengthOf(keys.page.keys));
  const connections = await load("agent", "/api-connections", "routes/_app.api-connections", routes.connections);
  add("/api-connections", `CONNECTIONS_MAX_PER_USER (${config.CONNECTIONS_MAX_PER_USER})`, config.CONNECTIONS_MAX_PER_USER, connections, lengthOf(connections.page.connections));
  return cases;
}
