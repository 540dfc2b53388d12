import fs from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiConnections } from "#db/schema";
import { MASKED_KEY } from "~/config";
import { action, loader } from "~/routes/_app.api-connections";
import { getDb, getSqlite } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { makeConnection } from "../setup/connections-factories";
import { formAnswer, makeUser, requestAs, SESSION_INVALID_REDIRECT, thrownBy } from "../setup/factories";

type Answer = {
  ok: boolean;
  toast?: { type: string; message: string };
  key?: string;
  result?: { error?: Record<string, string[] | null> };
};
async function post(userId: string, form: Record<string, string>) {
  const request = await requestAs(userId, "/api-connections", { form });
  const { status, ...body } = await formAnswer<Answer>(await action({ request, params: {}, context: {} }));
  return { status, body: body as Answer };
}

async function load(userId: string) {
  const request = await requestAs(userId, "/api-connections");
  return loader({ request, params: {}, context: {} });
}

const valid = {
  intent: "create",
  name: "Mon flux",
  platform_type: "Portail immobilier",
  api_type: "import",
  api_endpoint: "https://flux.example.fr/api/annonces",
};

describe("création d'une connexion", () => {
  it("refuse chaque champ obligatoire manquant avec le message de la SPEC", async () => {
    const user = await makeUser();
    for (const field of ["name", "platform_type", "api_endpoint"] as const) {
      const { status, body } = await post(user.id, { ...valid, [field]: "  " });
      expect(status).toBe(400);
      expect(body.ok).toBe(false);
      expect(body.toast).toEqual({
        type: "error",
        message: "Veuillez remplir tous les champs obligatoires",
      });
      expect(body.result?.error?.[field]).toEqual(["Champ obligatoire"]);
    }
    const empty = await post(user.id, { intent: "create" });
    expect(empty.body.toast?.message).toBe("Veuillez remplir tous les champs obligatoires");
    expect(
      getDb().select().from(apiConnections).where(eq(apiConnections.createdBy, user.id)).all(),
    ).toHaveLength(0);
  });

  it("refuse un endpoint qui n'est pas une URL http(s)", async () => {
    const user = await makeUser();
    for (const endpoint of [
      "pas une url",
      "ftp://flux.example.fr/",
      "javascript:alert(1)",
      "file:///etc/passwd",
    ]) {
      const { status, body } = await post(user.id, { ...valid, api_endpoint: endpoint });
      expect(status).toBe(400);
      expect(body.toast?.message).toBe(
        "L'endpoint doit être une URL valide commençant par http:// ou https://",
      );
    }
  });

  it("refuse une configuration JSON invalide avec 'Erreur: ...' en français", async () => {
    const user = await makeUser();
    const broken = await post(user.id, { ...valid, config: '{"pageSize": }' });
    expect(broken.status).toBe(400);
    expect(broken.body.toast?.message).toBe(
      "Erreur: configuration JSON invalide : caractère « } » inattendu",
    );
    const comma = await post(user.id, { ...valid, config: '{"a": 1,\n}' });
    expect(comma.body.toast?.message).toBe(
      "Erreur: configuration JSON invalide : nom de propriété entre guillemets attendu (ligne 2, colonne 1)",
    );
    expect(comma.body.result?.error?.config).toEqual([comma.body.toast?.message]);
    const truncated = await post(user.id, { ...valid, config: '{"pageSize": ' });
    expect(truncated.body.toast?.message).toBe(
      "Erreur: configuration JSON incomplète (fin de texte inattendue)",
    );
  });

  it("refuse une configuration imbriquée trop profondément (10 000 niveaux) sans erreur serveur", async () => {
    const user = await makeUser();
    const deep = await post(user.id, { ...valid, config: "[".repeat(10_000) + "]".repeat(10_000) });
    expect(deep.status).toBe(400);
    expect(deep.body.toast?.message).toBe("Erreur: configuration JSON trop imbriquée (8 niveaux au plus)");
    const nested = (levels: number) => '{"a":'.repeat(levels - 1) + "{}" + "}".repeat(levels - 1);
    expect((await post(user.id, { ...valid, name: "Huit niveaux", config: nested(8) })).status).toBe(200);
    expect((await post(user.id, { ...valid, name: "Neuf niveaux", config: nested(9) })).status).toBe(400);
  });

  it("refuse un type d'API inconnu", async () => {
    const user = await makeUser();
    const { status, body } = await post(user.id, { ...valid, api_type: "sync" });
    expect(status).toBe(400);
    expect(body.toast?.message).toBe("Le type de connexion doit être Import ou Export");
  });

  it("crée une connexion import inactive avec une clé pk_ générée, chiffrée au repos", async () => {
    const user = await makeUser();
    const { status, body } = await post(user.id, { ...valid, config: '{"pageSize": 200}' });
    expect(status).toBe(200);
    expect(body.toast).toEqual({ type: "success", message: "Connexion API créée avec succès" });
    const row = getDb()
      .select()
      .from(apiConnections)
      .where(eq(apiConnections.createdBy, user.id))
      .get()!;
    expect(row.status).toBe("inactive");
    expect(row.apiType).toBe("import");
    expect(row.config).toEqual({ pageSize: 200 });
    expect(row.totalSynced).toBe(0);
    expect(row.lastSync).toBeNull();
    const revealed = await post(user.id, { intent: "reveal", connectionId: row.id });
    expect(revealed.body.key).toMatch(/^pk_[A-Za-z0-9]{32}$/);
    expect(row.apiKeyCipher).not.toContain(revealed.body.key!);
  });

  it("garde la clé saisie d'une connexion import ; une connexion export reçoit un secret généré, jamais réaffiché", async () => {
    const user = await makeUser();
    await post(user.id, { ...valid, name: "Avec clé", api_key: "ma-cle-secrete-42" });
    // An export endpoint must resolve (issue 23 item 5): an address needs no DNS here.
    process.env.ALLOW_PRIVATE_CONNECTION_URLS = "true";
    try {
      await post(user.id, { ...valid, name: "Export", api_type: "export", api_endpoint: "http://127.0.0.1:9/webhooks" });
    } finally {
      delete process.env.ALLOW_PRIVATE_CONNECTION_URLS;
    }
    const data = await load(user.id);
    const withKey = data.connections.find((c) => c.name === "Avec clé")!;
    const exportOne = data.connections.find((c) => c.name === "Export")!;
    expect(withKey.hasKey).toBe(true);
    expect(exportOne.hasKey).toBe(true);
    expect(exportOne.signing).toBe("secret");
    expect(exportOne.apiType).toBe("export");
    expect((await post(user.id, { intent: "reveal", connectionId: withKey.id })).body.key).toBe(
      "ma-cle-secrete-42",
    );
    const none = await post(user.id, { intent: "reveal", connectionId: exportOne.id });
    expect(none.status).toBe(400);
    // The page never carries a key, only whether there is one (the screen shows MASKED_KEY).
    expect(JSON.stringify(data)).not.toContain("ma-cle-secrete-42");
    expect(JSON.stringify(data)).not.toContain("whsec_");
    expect(MASKED_KEY).toBe("•".repeat(32));
  });

  it("n'écrit jamais la clé en clair dans le fichier de base de données", async () => {
    const user = await makeUser();
    const clear = "cle-ultra-secrete-Zq9xW2";
    await post(user.id, { ...valid, api_key: clear });
    getSqlite().pragma("wal_checkpoint(TRUNCATE)");
    const file = env().databasePath;
    const bytes = Buffer.concat([
      fs.readFileSync(file),
      fs.existsSync(`${file}-wal`) ? fs.readFileSync(`${file}-wal`) : Buffer.alloc(0),
    ]);
    expect(bytes.includes(Buffer.from(clear))).toBe(false);
    expect(bytes.includes(Buffer.from("Mon flux"))).toBe(true);
  });
});

describe("activation, affichage de la clé et propriété", () => {
  it("active et désactive, et réactive une connexion en erreur", async () => {
    const user = await makeUser();
    const connection = makeConnection(user.id, { active: false });
    const on = await post(user.id, {
      intent: "toggle",
      connectionId: connection.id,
      active: "true",
    });
    expect(on.body.toast).toEqual({ type: "success", message: "Connexion activée" });
    const off = await post(user.id, {
      intent: "toggle",
      connectionId: connection.id,
      active: "false",
    });
    expect(off.body.toast).toEqual({ type: "success", message: "Connexion désactivée" });
    getDb()
      .update(apiConnections)
      .set({ status: "error", statusMessage: "HTTP 500" })
      .where(eq(apiConnections.id, connection.id))
      .run();
    await post(user.id, { intent: "toggle", connectionId: connection.id, active: "true" });
    const row = getDb()
      .select()
      .from(apiConnections)
      .where(eq(apiConnections.id, connection.id))
      .get()!;
    expect(row.status).toBe("active");
    expect(row.statusMessage).toBeNull();
  });

  it("ne montre, ne révèle ni ne modifie la connexion d'un autre utilisateur", async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const connection = makeConnection(owner.id, { apiKey: "cle-du-proprietaire" });
    const data = await load(other.id);
    expect(data.connections).toEqual([]);
    const reveal = await post(other.id, { intent: "reveal", connectionId: connection.id });
    expect(reveal.status).toBe(404);
    expect(reveal.body.key).toBeUndefined();
    expect(reveal.body.toast?.message).toBe("Connexion introuvable");
    const toggle = await post(other.id, {
      intent: "toggle",
      connectionId: connection.id,
      active: "false",
    });
    expect(toggle.status).toBe(404);
    expect(
      getDb().select().from(apiConnections).where(eq(apiConnections.id, connection.id)).get()!
        .status,
    ).toBe("active");
    expect((await load(owner.id)).connections.map((c) => c.id)).toEqual([connection.id]);
  });

  it("liste les connexions les plus récentes d'abord, sans clé", async () => {
    const user = await makeUser();
    const first = makeConnection(user.id, { name: "Première" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = makeConnection(user.id, { name: "Seconde" });
    const data = await load(user.id);
    expect(data.connections.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(Object.keys(data.connections[0]!)).not.toContain("apiKeyCipher");
  });

  it("exige une session", async () => {
    const request = await requestAs(null, "/api-connections", {
      form: { intent: "reveal", connectionId: "x" },
    });
    expect(await thrownBy(() => action({ request, params: {}, context: {} }))).toEqual(SESSION_INVALID_REDIRECT);
  });
});

describe("connexion système MoteurImmo", () => {
  it("dit 'Non configuré' sans clé et teste le flux de démonstration", async () => {
    const user = await makeUser();
    const data = await load(user.id);
    expect(data.moteurImmo.configured).toBe(false);
    const test = await post(user.id, { intent: "test" });
    expect(test.body.toast?.message).toMatch(/^Connexion OK - [\d\u00a0]+ annonces disponibles$/);
  });
});
