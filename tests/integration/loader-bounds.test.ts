import { describe, expect, it } from "vitest";
import { apiConnections } from "#db/schema";
import {
  ADMIN_KEY_REQUESTS_SHOWN,
  CONNECTIONS_MAX_PER_USER,
  EXPORT_KEYS_SHOWN,
  KEY_REQUESTS_SHOWN,
  LISTING_DETAIL_MAX,
} from "~/config";
import { olderNotShown } from "~/messages";
import { action as connectionsAction, loader as connectionsLoader } from "~/routes/_app.api-connections";
import { loader as adminRequestsLoader } from "~/routes/_app.admin-api-requests";
import { loader as keysLoader } from "~/routes/_app.export-api-keys";
import { loader as propertyLoader } from "~/routes/_app.property.$id";
import { loader as myRequestsLoader } from "~/routes/_app.request-api-key";
import { CONNECTION_MESSAGES } from "~/services/connections/connection-form";
import { createKeyRequest } from "~/services/keys/key-requests.server";
import { getDb } from "~/utils/db.server";
import { makeConnection } from "../setup/connections-factories";
import { makeExportKey } from "../setup/export-factories";
import { makeUser, requestAs } from "../setup/factories";
import { addListings } from "../setup/listings-factories";

// Lists that grew without limit before issue 12: one row past the bound, the loader lists the
// bound and counts the rest for the French "… et N plus anciennes" line.

const args = async (userId: string, url: string, params: Record<string, string> = {}) => ({
  request: await requestAs(userId, url),
  params,
  context: {},
});

describe("listes bornées des loaders", () => {
  it("clés d'export : les plus récentes, et le nombre des autres", async () => {
    const user = await makeUser();
    for (let n = 0; n <= EXPORT_KEYS_SHOWN; n++) makeExportKey(user.id, `Clé ${n}`);
    const { keys, olderKeys } = await keysLoader(await args(user.id, "/export-api-keys"));
    expect(keys).toHaveLength(EXPORT_KEYS_SHOWN);
    expect(olderKeys).toBe(1);
    expect(olderNotShown(olderKeys, "clé")).toBe("… et 1 clé plus ancienne, non affichée");
  });

  it("demandes de clé d'un utilisateur : les plus récentes, et le nombre des autres", async () => {
    const user = await makeUser();
    for (let n = 0; n < KEY_REQUESTS_SHOWN + 2; n++) createKeyRequest(user.id, { companyName: `Société ${n}` });
    const { requests, olderRequests } = await myRequestsLoader(await args(user.id, "/request-api-key"));
    expect(requests).toHaveLength(KEY_REQUESTS_SHOWN);
    expect(olderRequests).toBe(2);
    expect(olderNotShown(olderRequests, "demande")).toBe("… et 2 demandes plus anciennes, non affichées");
  });

  it("demandes de clé pour l'administrateur : une borne par statut, les compteurs complets", async () => {
    const admin = await makeUser({ admin: true });
    const user = await makeUser();
    for (let n = 0; n <= ADMIN_KEY_REQUESTS_SHOWN; n++) createKeyRequest(user.id, { companyName: `Société ${n}` });
    const { requests, counts } = await adminRequestsLoader(await args(admin.id, "/admin-api-requests"));
    expect(requests.filter((request) => request.status === "pending")).toHaveLength(ADMIN_KEY_REQUESTS_SHOWN);
    expect(counts.pending).toBeGreaterThanOrEqual(ADMIN_KEY_REQUESTS_SHOWN + 1);
  });

  it("connexions : la création s'arrête au maximum, la liste aussi", async () => {
    const user = await makeUser();
    for (let n = 0; n < CONNECTIONS_MAX_PER_USER; n++) await makeConnection(user.id, { active: false });
    const request = await requestAs(user.id, "/api-connections", {
      form: { intent: "create", name: "Une de trop", platform_type: "CRM", api_type: "import", api_endpoint: "https://flux.example.fr/api" },
    });
    const refused = (await connectionsAction({ request, params: {}, context: {} })) as { data: { toast: { message: string } }; init: ResponseInit };
    expect(refused.init.status).toBe(400);
    expect(refused.data.toast.message).toBe(CONNECTION_MESSAGES.tooMany);
    // An account filled before the rule existed still gets a bounded list.
    getDb()
      .insert(apiConnections)
      .values({ name: "Ancienne", platformType: "CRM", apiType: "import", apiEndpoint: "https://flux.example.fr/api", status: "inactive", createdBy: user.id })
      .run();
    const { connections } = await connectionsLoader(await args(user.id, "/api-connections"));
    expect(connections).toHaveLength(CONNECTIONS_MAX_PER_USER);
  });

  it("fiche d'une annonce : photos et caractéristiques bornées", async () => {
    const user = await makeUser();
    const images = Array.from({ length: LISTING_DETAIL_MAX.images + 10 }, (_, n) => `https://img.example.fr/${n}.jpg`);
    const features = Array.from({ length: LISTING_DETAIL_MAX.features + 10 }, (_, n) => `Atout ${n}`);
    const [id] = addListings(user.id, 1, () => ({ images, features }));
    const { listing } = await propertyLoader(await args(user.id, `/property/${id}`, { id: String(id) }));
    expect(listing.images).toEqual(images.slice(0, LISTING_DETAIL_MAX.images));
    expect(listing.features).toHaveLength(LISTING_DETAIL_MAX.features);
  });
});
