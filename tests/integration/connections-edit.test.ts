import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { apiConnections, properties } from "#db/schema";
import { action } from "~/routes/_app.api-connections";
import { revealConnectionKey } from "~/services/connections/connections.server";
import { assertUrlAllowed } from "~/services/connections/ssrf-guard.server";
import { createImportJob } from "~/services/imports/import-jobs.server";
import { getDb } from "~/utils/db.server";
import { makeConnection } from "../setup/connections-factories";
import { formAnswer, makeUser, requestAs } from "../setup/factories";
import { addListings } from "../setup/listings-factories";

/** Issue 17, item 7: edit, delete, one name per user, and the address guard when saving. */

type Answer = { ok: boolean; toast?: { type: string; message: string }; result?: { error?: Record<string, string[] | null> } };

async function post(userId: string, form: Record<string, string>) {
  const request = await requestAs(userId, "/api-connections", { form });
  const { status, ...body } = await formAnswer<Answer>(await action({ request, params: {}, context: {} }));
  return { status, body };
}

const fields = { name: "Flux agence", platform_type: "CRM", api_type: "import", api_endpoint: "https://flux.example.fr/api" };
const connectionsOf = (userId: string) => getDb().select().from(apiConnections).where(eq(apiConnections.createdBy, userId)).all();
const syncMessage = (url: string) => assertUrlAllowed(url).then(() => null, (error: Error) => error.message);

afterEach(() => {
  delete process.env.ALLOW_PRIVATE_CONNECTION_URLS;
});

describe("adresse privée refusée dès l'enregistrement", () => {
  it.each(["http://127.0.0.1:9/api", "http://10.0.0.8/flux", "http://[::1]/api", "http://169.254.169.254/latest", "http://localhost:3000/api"])(
    "refuse %s avec le message de la synchronisation",
    async (url) => {
      const user = await makeUser();
      const { status, body } = await post(user.id, { intent: "create", ...fields, api_endpoint: url });
      expect(status).toBe(400);
      const expected = await syncMessage(url);
      expect(expected).toMatch(/^Adresse refusée \(/);
      expect(body.toast).toEqual({ type: "error", message: expected });
      expect(body.result?.error?.api_endpoint).toEqual([expected]);
      expect(connectionsOf(user.id)).toHaveLength(0);
    },
  );

  it("accepte une adresse privée quand ALLOW_PRIVATE_CONNECTION_URLS=true, et un nom qui ne se résout pas encore", async () => {
    const user = await makeUser();
    process.env.ALLOW_PRIVATE_CONNECTION_URLS = "true";
    expect((await post(user.id, { intent: "create", ...fields, api_endpoint: "http://192.168.1.20/api" })).status).toBe(200);
    delete process.env.ALLOW_PRIVATE_CONNECTION_URLS;
    expect((await post(user.id, { intent: "create", ...fields, name: "Autre", api_endpoint: "https://pas-encore-en-ligne.invalid/api" })).status).toBe(200);
  });

  it("refuse aussi une adresse privée en modification", async () => {
    const user = await makeUser();
    const connection = makeConnection(user.id, { name: "Flux agence" });
    const { status, body } = await post(user.id, { intent: "edit", connectionId: connection.id, ...fields, api_endpoint: "http://127.0.0.1/x" });
    expect(status).toBe(400);
    expect(body.toast?.message).toBe(await syncMessage("http://127.0.0.1/x"));
    expect(connectionsOf(user.id)[0]!.apiEndpoint).toBe("https://flux.example.fr/api");
  });
});

describe("un nom par connexion et par utilisateur", () => {
  it("refuse un nom déjà pris, sans tenir compte de la casse ni des espaces", async () => {
    const user = await makeUser();
    expect((await post(user.id, { intent: "create", ...fields })).status).toBe(200);
    const again = await post(user.id, { intent: "create", ...fields, name: "  FLUX agence " });
    expect(again.status).toBe(400);
    expect(again.body.toast?.message).toBe("Vous avez déjà une connexion nommée « FLUX agence »");
    expect(again.body.result?.error?.name).toEqual(["Vous avez déjà une connexion nommée « FLUX agence »"]);
    expect(connectionsOf(user.id)).toHaveLength(1);
  });

  it("laisse un autre utilisateur prendre le même nom", async () => {
    const [a, b] = [await makeUser(), await makeUser()];
    expect((await post(a.id, { intent: "create", ...fields })).status).toBe(200);
    expect((await post(b.id, { intent: "create", ...fields })).status).toBe(200);
  });
});

describe("modifier une connexion", () => {
  it("change les champs, garde la clé si le champ est vide, la remplace sinon", async () => {
    const user = await makeUser();
    const connection = makeConnection(user.id, { name: "Ancien nom", apiKey: "cle-initiale" });
    const edited = await post(user.id, {
      intent: "edit",
      connectionId: connection.id,
      name: "Nouveau nom",
      platform_type: "Portail",
      api_type: "export",
      api_endpoint: "https://nouveau.example.fr/flux",
      config: '{"pageSize": 100}',
    });
    expect(edited).toMatchObject({ status: 200, body: { ok: true, toast: { type: "success", message: "Connexion modifiée" } } });
    const [row] = connectionsOf(user.id);
    expect(row).toMatchObject({ name: "Nouveau nom", platformType: "Portail", apiType: "import", apiEndpoint: "https://nouveau.example.fr/flux", config: { pageSize: 100 } });
    expect(revealConnectionKey(user.id, connection.id)).toBe("cle-initiale");

    await post(user.id, { intent: "edit", connectionId: connection.id, ...fields, api_key: "cle-neuve" });
    expect(revealConnectionKey(user.id, connection.id)).toBe("cle-neuve");
  });

  it("garde son propre nom, mais pas celui d'une autre connexion", async () => {
    const user = await makeUser();
    const first = makeConnection(user.id, { name: "Flux agence" });
    makeConnection(user.id, { name: "Flux siège" });
    expect((await post(user.id, { intent: "edit", connectionId: first.id, ...fields })).status).toBe(200);
    const taken = await post(user.id, { intent: "edit", connectionId: first.id, ...fields, name: "flux siège" });
    expect(taken.status).toBe(400);
    expect(taken.body.toast?.message).toBe("Vous avez déjà une connexion nommée « flux siège »");
  });

  it("ne touche pas à la connexion d'un autre utilisateur", async () => {
    const [owner, intruder] = [await makeUser(), await makeUser()];
    const connection = makeConnection(owner.id, { name: "Flux agence" });
    const { status, body } = await post(intruder.id, { intent: "edit", connectionId: connection.id, ...fields, name: "Piraté" });
    expect(status).toBe(404);
    expect(body.toast?.message).toBe("Connexion introuvable");
    expect(connectionsOf(owner.id)[0]!.name).toBe("Flux agence");
  });
});

describe("supprimer une connexion", () => {
  it("supprime la connexion et garde les annonces importées", async () => {
    const user = await makeUser();
    const connection = makeConnection(user.id);
    addListings(user.id, 2, () => ({ sourcePlatform: `connexion:${connection.id}` }));
    const { status, body } = await post(user.id, { intent: "delete", connectionId: connection.id });
    expect(status).toBe(200);
    expect(body.toast).toEqual({ type: "success", message: "Connexion supprimée" });
    expect(connectionsOf(user.id)).toHaveLength(0);
    expect(getDb().select().from(properties).where(eq(properties.createdBy, user.id)).all()).toHaveLength(2);
  });

  it("refuse la connexion d'un autre utilisateur et une connexion en cours de synchronisation", async () => {
    const [owner, intruder] = [await makeUser(), await makeUser()];
    const connection = makeConnection(owner.id);
    const foreign = await post(intruder.id, { intent: "delete", connectionId: connection.id });
    expect(foreign).toMatchObject({ status: 404, body: { toast: { message: "Erreur lors de la suppression" } } });

    createImportJob(owner.id, { source: "connexion", connectionId: connection.id });
    const busy = await post(owner.id, { intent: "delete", connectionId: connection.id });
    expect(busy.status).toBe(409);
    expect(busy.body.toast?.message).toBe("Une synchronisation de cette connexion est en cours : arrêtez-la avant de la supprimer");
    expect(connectionsOf(owner.id)).toHaveLength(1);
  });
});
