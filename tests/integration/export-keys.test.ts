import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { apiKeyRequests, apiUsageLogs, exportApiKeys } from "#db/schema";
import { action as adminAction, loader as adminLoader } from "~/routes/_app.admin-api-requests";
import { action as keysAction, loader as keysLoader } from "~/routes/_app.export-api-keys";
import { action as requestAction, loader as requestLoader } from "~/routes/_app.request-api-key";
import { action as revealAction } from "~/routes/resources.export-keys.$keyId.reveal";
import { resetExportApiGuards } from "~/services/export/export-api.server";
import { flushExportUsage } from "~/services/export/export-api-usage.server";
import { EXPORT_KEY_PATTERN } from "~/services/keys/export-keys.server";
import { KEY_REQUEST_MESSAGES } from "~/services/keys/key-request-rules";
import { approveKeyRequest, createKeyRequest, rejectKeyRequest } from "~/services/keys/key-requests.server";
import { sha256 } from "~/utils/crypto.server";
import { getDb, getSqlite } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { formAnswer, makeUser, requestAs, SESSION_INVALID_REDIRECT, thrownBy } from "../setup/factories";
import { callExportApi, makeActiveListings, makeExportKey } from "../setup/export-factories";

type Answer = { ok: boolean; toast?: { type: string; message: string } };
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

async function post<T extends Answer>(
  run: (a: ReturnType<typeof args>) => Promise<unknown>,
  userId: string,
  url: string,
  form: Record<string, string>,
) {
  const { status, ...body } = await formAnswer<T>(await run(args(await requestAs(userId, url, { form }))));
  return { status, body: body as T };
}

beforeEach(() => {
  resetRateLimits();
  resetExportApiGuards();
});

describe("/request-api-key", () => {
  it("refuse un nom de société vide ou blanc avec le message de la spécification", async () => {
    const user = await makeUser();
    for (const companyName of ["", "   "]) {
      const answer = await post(requestAction, user.id, "/request-api-key", { companyName, description: "" });
      expect(answer.status).toBe(400);
      expect(answer.body.toast).toEqual({ type: "error", message: "Le nom de la société est requis" });
    }
    expect(getDb().select().from(apiKeyRequests).where(eq(apiKeyRequests.userId, user.id)).all()).toHaveLength(0);
  });

  it("crée une demande en attente, visible seulement par son auteur", async () => {
    const user = await makeUser();
    const stranger = await makeUser();
    const answer = await post(requestAction, user.id, "/request-api-key", { companyName: "  Agence du Port ", description: "" });
    expect(answer.body).toMatchObject({ ok: true, toast: { type: "success", message: "Demande envoyée avec succès" } });
    const row = getDb().select().from(apiKeyRequests).where(eq(apiKeyRequests.userId, user.id)).get()!;
    expect(row).toMatchObject({ companyName: "Agence du Port", description: null, status: "pending", reviewedAt: null });
    const mine = await requestLoader(args(await requestAs(user.id, "/request-api-key")));
    expect(mine.requests.map((r) => r.companyName)).toEqual(["Agence du Port"]);
    const theirs = await requestLoader(args(await requestAs(stranger.id, "/request-api-key")));
    expect(theirs.requests).toEqual([]);
  });

  it("exige une session", async () => {
    const submission = await requestAs(null, "/request-api-key", { form: { companyName: "X" } });
    expect(await thrownBy(() => requestAction(args(submission)))).toEqual(SESSION_INVALID_REDIRECT);
    await expect(requestLoader(args(await requestAs(null, "/request-api-key")))).rejects.toMatchObject({ status: 302 });
  });
});

describe("/admin-api-requests", () => {
  it("est réservé aux administrateurs (redirection en GET, 403 en POST)", async () => {
    const user = await makeUser();
    const redirect = (await adminLoader(args(await requestAs(user.id, "/admin-api-requests"))).catch((e: unknown) => e)) as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/");
    const requestId = createKeyRequest(user.id, { companyName: "Tentative" });
    const approval = await requestAs(user.id, "/admin-api-requests", { form: { intent: "approve", requestId } });
    expect(await thrownBy(() => adminAction(args(approval)))).toMatchObject({
      status: 403,
      json: { ok: false, error: "Accès refusé : droits administrateur requis" },
    });
    expect(getDb().select().from(apiKeyRequests).where(eq(apiKeyRequests.id, requestId)).get()!.status).toBe("pending");
  });

  it("liste les demandes avec l'email du demandeur et les comptes par statut", async () => {
    const admin = await makeUser({ admin: true });
    const user = await makeUser();
    const id = createKeyRequest(user.id, { companyName: "Agence Liste", description: "Site vitrine" });
    const data = await adminLoader(args(await requestAs(admin.id, "/admin-api-requests")));
    const row = data.requests.find((r) => r.id === id)!;
    expect(row).toMatchObject({ companyName: "Agence Liste", description: "Site vitrine", requesterEmail: user.email, status: "pending" });
    expect(data.counts.pending).toBeGreaterThanOrEqual(1);
  });

  it("approuver crée la clé du demandeur et horodate la demande, en une fois", async () => {
    const admin = await makeUser({ admin: true });
    const user = await makeUser();
    const requestId = createKeyRequest(user.id, { companyName: "Agence Soleil", description: "Export vers notre site" });
    const answer = await post(adminAction, admin.id, "/admin-api-requests", { intent: "approve", requestId });
    expect(answer.body.toast).toEqual({ type: "success", message: "Demande approuvée et clé API créée" });
    const request = getDb().select().from(apiKeyRequests).where(eq(apiKeyRequests.id, requestId)).get()!;
    expect(request).toMatchObject({ status: "approved", reviewedBy: admin.id });
    expect(request.reviewedAt!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    const key = getDb().select().from(exportApiKeys).where(eq(exportApiKeys.id, request.exportKeyId!)).get()!;
    expect(key).toMatchObject({ userId: user.id, name: "Agence Soleil", description: "Export vers notre site", status: "active" });
  });

  it("une demande ne peut être décidée qu'une fois, même par deux administrateurs en même temps", async () => {
    const [first, second] = [await makeUser({ admin: true }), await makeUser({ admin: true })];
    const user = await makeUser();
    const requestId = createKeyRequest(user.id, { companyName: "Agence Double" });
    const answers = await Promise.all([
      post(adminAction, first.id, "/admin-api-requests", { intent: "approve", requestId }),
      post(adminAction, second.id, "/admin-api-requests", { intent: "approve", requestId }),
      post(adminAction, second.id, "/admin-api-requests", { intent: "reject", requestId, reason: "Doublon" }),
    ]);
    expect(answers.filter((a) => a.body.ok)).toHaveLength(1);
    for (const refused of answers.filter((a) => !a.body.ok)) {
      expect(refused.status).toBe(409);
      expect(refused.body.toast).toEqual({ type: "error", message: "Cette demande a déjà été traitée" });
    }
    expect(getDb().select().from(exportApiKeys).where(eq(exportApiKeys.userId, user.id)).all()).toHaveLength(1);
    expect(approveKeyRequest(requestId, first.id)).toEqual({ ok: false, status: 409, error: KEY_REQUEST_MESSAGES.alreadyDecided });
    expect(rejectKeyRequest(requestId, first.id, "Trop tard")).toMatchObject({ ok: false, error: KEY_REQUEST_MESSAGES.alreadyDecided });
  });

  it("refuser exige une raison, puis enregistre la raison, le relecteur et la date", async () => {
    const admin = await makeUser({ admin: true });
    const user = await makeUser();
    const requestId = createKeyRequest(user.id, { companyName: "Agence Refus" });
    for (const reason of ["", "   "]) {
      const blank = await post(adminAction, admin.id, "/admin-api-requests", { intent: "reject", requestId, reason });
      expect(blank.status).toBe(400);
      expect(blank.body.toast).toEqual({ type: "error", message: "Veuillez indiquer une raison de refus" });
    }
    const answer = await post(adminAction, admin.id, "/admin-api-requests", { intent: "reject", requestId, reason: " Société inconnue " });
    expect(answer.body.toast).toEqual({ type: "success", message: "Demande refusée" });
    const row = getDb().select().from(apiKeyRequests).where(eq(apiKeyRequests.id, requestId)).get()!;
    expect(row).toMatchObject({ status: "rejected", rejectionReason: "Société inconnue", reviewedBy: admin.id, exportKeyId: null });
    expect(getDb().select().from(exportApiKeys).where(eq(exportApiKeys.userId, user.id)).all()).toHaveLength(0);
    const mine = await requestLoader(args(await requestAs(user.id, "/request-api-key")));
    expect(mine.requests[0]).toMatchObject({ status: "rejected", rejectionReason: "Société inconnue" });
    expect(mine.requests[0]!.reviewedAt).toBeInstanceOf(Date);
  });

  it("une demande inconnue répond 404 en français", async () => {
    const admin = await makeUser({ admin: true });
    const answer = await post(adminAction, admin.id, "/admin-api-requests", { intent: "approve", requestId: "inconnue" });
    expect(answer).toMatchObject({ status: 404, body: { ok: false, toast: { message: "Demande introuvable" } } });
  });
});

describe("/export-api-keys", () => {
  it("liste seulement les clés de l'utilisateur, sans la clé en clair, avec l'URL réelle de l'API", async () => {
    const user = await makeUser();
    const stranger = await makeUser();
    const mine = makeExportKey(user.id, "Ma clé");
    makeExportKey(stranger.id, "Clé d'un autre");
    const request = await requestAs(user.id, "https://vigimmo.example.fr/export-api-keys");
    const data = await keysLoader(args(request));
    expect(data.keys).toHaveLength(1);
    expect(data.keys[0]).toMatchObject({ id: mine.id, name: "Ma clé", status: "active", ownerEmail: user.email, lastUsedAt: null });
    expect(JSON.stringify(data)).not.toContain(mine.apiKey);
    expect(data.endpoint).toBe("https://vigimmo.example.fr/functions/v1/get-properties");
  });

  it("active et désactive sa clé ; la clé d'un autre est introuvable", async () => {
    const user = await makeUser();
    const stranger = await makeUser();
    const key = makeExportKey(user.id);
    const off = await post(keysAction, user.id, "/export-api-keys", { intent: "toggle", keyId: key.id });
    expect(off.body.toast).toEqual({ type: "success", message: "Clé désactivée" });
    const on = await post(keysAction, user.id, "/export-api-keys", { intent: "toggle", keyId: key.id });
    expect(on.body.toast).toEqual({ type: "success", message: "Clé activée" });
    const foreign = await post(keysAction, stranger.id, "/export-api-keys", { intent: "toggle", keyId: key.id });
    expect(foreign).toMatchObject({ status: 404, body: { ok: false, toast: { message: "Clé API introuvable" } } });
    const deleteForeign = await post(keysAction, stranger.id, "/export-api-keys", { intent: "delete", keyId: key.id });
    expect(deleteForeign.status).toBe(404);
    expect(getDb().select().from(exportApiKeys).where(eq(exportApiKeys.id, key.id)).get()!.status).toBe("active");
  });

  it("un appel fait juste avant l'ouverture de la page est déjà dans l'historique et dans la dernière utilisation", async () => {
    const user = await makeUser();
    makeActiveListings(user.id, 2);
    const key = makeExportKey(user.id, "Client pressé");
    expect((await callExportApi({ apiKey: key.apiKey, limit: 1 })).status).toBe(200);
    // No flush here: the page itself must show the call, written in groups every 25 ms.
    const data = await keysLoader(args(await requestAs(user.id, "/export-api-keys")));
    expect(data.usage).toEqual([expect.objectContaining({ keyName: "Client pressé", propertiesCount: 1, limitRequested: 1 })]);
    expect(data.keys.find((k) => k.id === key.id)?.lastUsedAt).not.toBeNull();
  });

  it("supprimer une clé garde son historique, affiché « Clé supprimée »", async () => {
    const user = await makeUser();
    makeActiveListings(user.id, 3);
    const key = makeExportKey(user.id, "Client éphémère");
    expect((await callExportApi({ apiKey: key.apiKey, limit: 2 })).status).toBe(200);
    flushExportUsage();
    const deleted = await post(keysAction, user.id, "/export-api-keys", { intent: "delete", keyId: key.id });
    expect(deleted.body.toast).toEqual({ type: "success", message: "Clé API supprimée" });
    expect(getDb().select().from(exportApiKeys).where(eq(exportApiKeys.id, key.id)).get()).toBeUndefined();
    const logs = getDb().select().from(apiUsageLogs).where(eq(apiUsageLogs.userId, user.id)).all();
    expect(logs).toHaveLength(1);
    expect(logs[0]!.apiKeyId).toBeNull();
    const data = await keysLoader(args(await requestAs(user.id, "/export-api-keys")));
    expect(data.usage).toEqual([expect.objectContaining({ keyName: null, propertiesCount: 2, limitRequested: 2, offsetRequested: 0 })]);
    expect((await callExportApi({ apiKey: key.apiKey })).status).toBe(401);
  });

  it("historique : ses propres appels, 30 derniers jours, 50 au plus, du plus récent au plus ancien", async () => {
    const user = await makeUser();
    const stranger = await makeUser();
    const key = makeExportKey(user.id, "Client historique");
    const db = getDb();
    const now = Date.now();
    db.insert(apiUsageLogs)
      .values([
        ...Array.from({ length: 55 }, (_, i) => ({ apiKeyId: key.id, userId: user.id, propertiesCount: i, limitRequested: null, offsetRequested: i, createdAt: new Date(now - i * 60_000) })),
        { apiKeyId: key.id, userId: user.id, propertiesCount: 999, limitRequested: 10, offsetRequested: 0, createdAt: new Date(now - 31 * 24 * 3600_000) },
        { apiKeyId: null, userId: stranger.id, propertiesCount: 777, limitRequested: 10, offsetRequested: 0, createdAt: new Date(now) },
      ])
      .run();
    const data = await keysLoader(args(await requestAs(user.id, "/export-api-keys")));
    expect(data.usage).toHaveLength(50);
    expect(data.usage.map((row) => row.propertiesCount)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(data.usage[0]).toMatchObject({ keyName: "Client historique", limitRequested: null });
  });

  it("la clé en clair n'est révélée qu'à son propriétaire", async () => {
    const user = await makeUser();
    const stranger = await makeUser();
    const key = makeExportKey(user.id);
    // As the keys page asks for it: a fetch() that wants JSON.
    const reveal = async (userId: string | null) =>
      revealAction(
        args(await requestAs(userId, `/resources/export-keys/${key.id}/reveal`, { method: "POST", headers: { Accept: "application/json" } }), {
          keyId: key.id,
        }),
      );
    const own = await reveal(user.id);
    expect(own.status).toBe(200);
    expect(own.headers.get("Cache-Control")).toBe("no-store");
    expect(await own.json()).toEqual({ ok: true, apiKey: key.apiKey });
    const foreign = await reveal(stranger.id);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ ok: false, error: "Clé API introuvable" });
    expect(await thrownBy(() => reveal(null))).toMatchObject({ status: 401, json: { ok: false, error: "Non authentifié" } });
  });

  it("les clés générées ont le format efi_ + 32 lettres et chiffres, toutes différentes", async () => {
    const user = await makeUser();
    const keys = Array.from({ length: 50 }, () => makeExportKey(user.id).apiKey);
    for (const key of keys) expect(key).toMatch(EXPORT_KEY_PATTERN);
    expect(new Set(keys).size).toBe(50);
  });
});

describe("npm run create-api-key", () => {
  const run = promisify(execFile);
  const cli = (...argv: string[]) => run(process.execPath, ["--import", "tsx", "scripts/create-api-key.ts", ...argv], { env: process.env });

  it("crée une clé active pour l'utilisateur et l'affiche seule sur la sortie standard", async () => {
    const user = await makeUser();
    const { stdout, stderr } = await cli("--email", user.email.toUpperCase(), "--name", "Script partenaire");
    const apiKey = stdout.trim();
    expect(apiKey).toMatch(EXPORT_KEY_PATTERN);
    expect(stderr).toContain("Script partenaire");
    const row = getDb().select().from(exportApiKeys).where(eq(exportApiKeys.keyHash, sha256(apiKey))).get()!;
    expect(row).toMatchObject({ userId: user.id, name: "Script partenaire", status: "active" });
  });

  it("échoue en français pour un email inconnu ou absent", async () => {
    await expect(cli("--email", "personne@example.fr")).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("aucun compte avec l'email personne@example.fr") });
    await expect(cli()).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("--email est obligatoire") });
  });
});

describe("erreurs de chargement (SPEC.md section 8)", () => {
  it("une base illisible fait échouer le chargement : l'écran montre sa limite d'erreur (ErrorBoundary), puis revient", async () => {
    const user = await makeUser();
    const admin = await makeUser({ admin: true });
    const sqlite = getSqlite();
    sqlite.exec("alter table api_key_requests rename to api_key_requests_hors_service; alter table api_usage_logs rename to api_usage_logs_hors_service");
    try {
      await expect(requestLoader(args(await requestAs(user.id, "/request-api-key")))).rejects.toThrow();
      await expect(adminLoader(args(await requestAs(admin.id, "/admin-api-requests")))).rejects.toThrow();
      await expect(keysLoader(args(await requestAs(user.id, "/export-api-keys")))).rejects.toThrow();
    } finally {
      sqlite.exec("alter table api_key_requests_hors_service rename to api_key_requests; alter table api_usage_logs_hors_service rename to api_usage_logs");
    }
    const again = await requestLoader(args(await requestAs(user.id, "/request-api-key")));
    expect(again.requests).toEqual([]);
  });
});
