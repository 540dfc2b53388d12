import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { passwords, profiles, userRoles, users } from "#db/schema";
import { action as authAction, headers as authHeaders, loader as authLoader } from "~/routes/auth";
import { getDb } from "~/utils/db.server";
import { getUser, requireAdmin, requireUser, ADMIN_DENIALS } from "~/utils/permissions.server";
import { makeUser, requestAs, SESSION_INVALID_REDIRECT, thrownBy } from "../setup/factories";

async function postAuth(form: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request("http://localhost/auth", {
    method: "POST",
    body: new URLSearchParams(form),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
  return authAction({ request, params: {}, context: {} });
}

type DataResult = { data: { error?: string; result?: { initialValue?: Record<string, unknown> } }; init: ResponseInit | null };

/** What Remix puts on the page (and on the /auth.data answer) from the action's headers. */
function documentHeaders(result: DataResult) {
  const actionHeaders = new Headers(result.init?.headers);
  const init = authHeaders({ actionHeaders, loaderHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined });
  return new Headers(init);
}

/**
 * A refused answer never sends the typed password back, nor anything else typed (issue 23 item 1:
 * nothing submitted is echoed to a signed-out visitor; the browser keeps the fields as typed).
 */
function expectNoPassword(result: DataResult, password: string, email?: string) {
  expect(result.init?.status).toBeGreaterThanOrEqual(400);
  expect(JSON.stringify(result.data)).not.toContain(password);
  if (email) expect(JSON.stringify(result.data)).not.toContain(email);
}

describe("inscription", () => {
  it("crée l'utilisateur, le profil, le rôle user et ouvre une session", async () => {
    const response = (await postAuth({ intent: "signup", email: " Nouveau@Example.FR ", password: "secret1", fullName: "Nouvel Agent", companyName: "Agence" })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(response.headers.get("Set-Cookie")).toContain("__vigimmo_session=");
    const db = getDb();
    const user = db.select().from(users).where(eq(users.email, "nouveau@example.fr")).get();
    expect(user).toBeDefined();
    expect(db.select().from(profiles).where(eq(profiles.userId, user!.id)).get()?.companyName).toBe("Agence");
    expect(db.select().from(userRoles).where(eq(userRoles.userId, user!.id)).all()).toEqual([{ userId: user!.id, role: "user" }]);
    const hash = db.select().from(passwords).where(eq(passwords.userId, user!.id)).get()!.hash;
    expect(hash.startsWith("scrypt$")).toBe(true);
    expect(hash).not.toContain("secret1");
  });

  it("refuse un mot de passe trop court et un email déjà utilisé", async () => {
    const short = (await postAuth({ intent: "signup", email: "court@example.fr", password: "123", fullName: "X" })) as unknown as DataResult;
    expect(short.init?.status).toBe(400);
    expect(short.data.error).toBe("Veuillez remplir tous les champs. Le mot de passe doit contenir au moins 6 caractères.");
    const existing = await makeUser();
    const taken = (await postAuth({ intent: "signup", email: existing.email.toUpperCase(), password: "secret1", fullName: "X" })) as unknown as DataResult;
    expect(taken.data.error).toBe("Cet email est déjà utilisé.");
  });
});

describe("inscription refusée", () => {
  it("ne renvoie jamais le mot de passe saisi (champ manquant, trop court, email pris)", async () => {
    const existing = await makeUser();
    const ip = { "X-Forwarded-For": "10.1.0.1" };
    expectNoPassword((await postAuth({ intent: "signup", email: "sansnom@example.fr", password: "motdepasse-secret-1" }, ip)) as unknown as DataResult, "motdepasse-secret-1", "sansnom@example.fr");
    expectNoPassword((await postAuth({ intent: "signup", email: "court@example.fr", password: "zq9", fullName: "X" }, ip)) as unknown as DataResult, "zq9", "court@example.fr");
    expectNoPassword((await postAuth({ intent: "signup", email: existing.email, password: "motdepasse-secret-2", fullName: "X" }, ip)) as unknown as DataResult, "motdepasse-secret-2", existing.email);
  });

  it("limite les inscriptions par adresse : 429 avec Retry-After en secondes, sans le mot de passe", async () => {
    const ip = { "X-Forwarded-For": "10.1.0.2" };
    const form = { intent: "signup", email: "limite-inscription@example.fr", password: "motdepasse-secret-3", fullName: "X" };
    for (let i = 0; i < 10; i++) await postAuth(form, ip);
    const limited = (await postAuth(form, ip)) as unknown as DataResult;
    expect(limited.init?.status).toBe(429);
    expect(limited.data.error).toMatch(/^Trop de tentatives\. Réessayez dans \d+ minutes?\.$/);
    expect(documentHeaders(limited).get("Retry-After")).toMatch(/^[1-9]\d*$/);
    expectNoPassword(limited, "motdepasse-secret-3", "limite-inscription@example.fr");
  });
});

describe("connexion", () => {
  it("donne le même message pour un email inconnu et un mauvais mot de passe", async () => {
    const account = await makeUser();
    const wrong = (await postAuth({ intent: "signin", email: account.email, password: "mauvais" })) as unknown as DataResult;
    const unknown = (await postAuth({ intent: "signin", email: "personne@example.fr", password: "mauvais" })) as unknown as DataResult;
    expect(wrong.data.error).toBe("Email ou mot de passe incorrect.");
    expect(unknown.data.error).toBe("Email ou mot de passe incorrect.");
    const empty = (await postAuth({ intent: "signin", email: "", password: "" })) as unknown as DataResult;
    expect(empty.data.error).toBe("Veuillez remplir tous les champs.");
  });

  it("ralentit un email après 5 erreurs depuis une adresse, avec un message français et Retry-After", async () => {
    const account = await makeUser();
    const ip = { "X-Forwarded-For": "10.0.0.1" };
    for (let i = 0; i < 5; i++) {
      const wrong = (await postAuth({ intent: "signin", email: account.email, password: "mauvais" }, ip)) as unknown as DataResult;
      expect(wrong.init?.status).toBe(400);
    }
    const slowed = (await postAuth({ intent: "signin", email: account.email, password: "mauvais" }, ip)) as unknown as DataResult;
    expect(slowed.init?.status).toBe(429);
    expect(slowed.data.error).toMatch(/^Trop de tentatives\. Réessayez dans \d+ secondes?\.$/);
    const retryAfter = documentHeaders(slowed).get("Retry-After");
    expect(retryAfter).toMatch(/^[1-9]\d*$/);
    expect(Number(retryAfter)).toBeLessThanOrEqual(2);
    expectNoPassword(slowed, "mauvais", account.email);
  });

  it("les erreurs venues d'autres adresses n'empêchent pas le bon mot de passe", async () => {
    const account = await makeUser();
    for (let i = 0; i < 12; i++) {
      await postAuth({ intent: "signin", email: account.email, password: "mauvais" }, { "X-Forwarded-For": `10.3.0.${i}` });
    }
    const right = (await postAuth({ intent: "signin", email: account.email, password: account.password }, { "X-Forwarded-For": "10.3.1.1" })) as Response;
    expect(right.status).toBe(302);
  });

  it("le seul administrateur n'est pas tenu dehors par 20 erreurs de quelques adresses puis une par minute (issue 23 item 3)", async () => {
    const admin = await makeUser({ admin: true });
    for (let i = 0; i < 24; i++) await postAuth({ intent: "signin", email: admin.email, password: "mauvais" }, { "X-Forwarded-For": `10.6.0.${i % 4}` });
    const right = (await postAuth({ intent: "signin", email: admin.email, password: admin.password }, { "X-Forwarded-For": "10.6.9.9" })) as Response;
    expect(right.status).toBe(302);
    // An IPv6 guesser is one client per /64: a fresh address of the same /64 is still slowed.
    for (let i = 1; i <= 6; i++) await postAuth({ intent: "signin", email: admin.email, password: "mauvais" }, { "X-Forwarded-For": `2001:db8:6:6::${i}` });
    const sameNetwork = (await postAuth({ intent: "signin", email: admin.email, password: admin.password }, { "X-Forwarded-For": "2001:db8:6:6::99" })) as unknown as DataResult;
    expect(sameNetwork.init?.status).toBe(429);
  });

  it("un navigateur déjà connecté au compte passe, même derrière l'adresse d'où l'on devine (issue 23 item 3)", async () => {
    const account = await makeUser();
    const office = { "X-Forwarded-For": "10.7.0.1" };
    const first = (await postAuth({ intent: "signin", email: account.email, password: account.password }, office)) as Response;
    expect(first.status).toBe(302);
    const deviceCookie = first.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("__vigimmo_device="))!
      .split(";")[0]!;
    // Thirty failures from the office's address (recorded directly: the 429s would not count them).
    const { recordSignInFailure } = await import("~/utils/sign-in-throttle.server");
    for (let i = 0; i < 30; i++) recordSignInFailure(account.email, "10.7.0.1");
    const stranger = (await postAuth({ intent: "signin", email: account.email, password: account.password }, office)) as unknown as DataResult;
    expect(stranger.init?.status).toBe(429);
    const known = (await postAuth({ intent: "signin", email: account.email, password: account.password }, { ...office, Cookie: deviceCookie })) as Response;
    expect(known.status).toBe(302);
    // A forged device cookie is no key.
    const forged = (await postAuth({ intent: "signin", email: account.email, password: account.password }, { ...office, Cookie: `__vigimmo_device=${btoa(JSON.stringify({ id: "a".repeat(22), accounts: [] }))}` })) as unknown as DataResult;
    expect(forged.init?.status).toBe(429);
  });

  it("les connexions réussies ne comptent pas : une agence derrière une adresse se connecte sans limite", async () => {
    const account = await makeUser();
    const ip = { "X-Forwarded-For": "10.4.0.1" };
    for (let i = 0; i < 40; i++) {
      const response = (await postAuth({ intent: "signin", email: account.email, password: account.password }, ip)) as Response;
      expect(response.status).toBe(302);
    }
  });

  it("une connexion réussie efface les erreurs de l'email", async () => {
    const account = await makeUser();
    const ip = { "X-Forwarded-For": "10.5.0.1" };
    for (let i = 0; i < 4; i++) await postAuth({ intent: "signin", email: account.email, password: "mauvais" }, ip);
    expect(((await postAuth({ intent: "signin", email: account.email, password: account.password }, ip)) as Response).status).toBe(302);
    for (let i = 0; i < 5; i++) {
      const wrong = (await postAuth({ intent: "signin", email: account.email, password: "mauvais" }, ip)) as unknown as DataResult;
      expect(wrong.init?.status).toBe(400);
    }
  });

  it("ne renvoie jamais le mot de passe saisi (champ manquant, identifiants incorrects)", async () => {
    const account = await makeUser();
    const ip = { "X-Forwarded-For": "10.2.0.1" };
    expectNoPassword((await postAuth({ intent: "signin", email: "", password: "motdepasse-secret-4" }, ip)) as unknown as DataResult, "motdepasse-secret-4");
    expectNoPassword((await postAuth({ intent: "signin", email: account.email, password: "motdepasse-secret-5" }, ip)) as unknown as DataResult, "motdepasse-secret-5", account.email);
    expectNoPassword((await postAuth({ intent: "signin", email: "personne@example.fr", password: "motdepasse-secret-6" }, ip)) as unknown as DataResult, "motdepasse-secret-6", "personne@example.fr");
  });

  it("une réponse sans limite n'ajoute pas de Retry-After", async () => {
    const wrong = (await postAuth({ intent: "signin", email: "quelquun@example.fr", password: "mauvais" }, { "X-Forwarded-For": "10.2.0.2" })) as unknown as DataResult;
    expect(wrong.init?.status).toBe(400);
    expect(documentHeaders(wrong).has("Retry-After")).toBe(false);
  });

  it("redirige un visiteur déjà connecté vers /dashboard", async () => {
    const account = await makeUser();
    const request = await requestAs(account.id, "/auth");
    await expect(authLoader({ request, params: {}, context: {} })).rejects.toMatchObject({ status: 302 });
  });
});

describe("gardes", () => {
  it("requireUser sans session : /auth avec un toast (page ou envoi de formulaire), 401 en JSON", async () => {
    expect(await thrownBy(() => requireUser(new Request("http://localhost/dashboard")))).toEqual({
      status: 302,
      location: "/auth",
      toast: { type: "error", message: "Vous devez être connecté" },
      json: null,
    });
    expect(await thrownBy(() => requireUser(new Request("http://localhost/dashboard", { method: "POST" })))).toEqual(SESSION_INVALID_REDIRECT);
    const json = new Request("http://localhost/resources/x", { method: "POST", headers: { Accept: "application/json" } });
    expect(await thrownBy(() => requireUser(json))).toMatchObject({ status: 401, json: { ok: false, error: "Non authentifié" } });
  });

  it("requireAdmin refuse un utilisateur (redirection + toast en GET, 403 en POST)", async () => {
    const account = await makeUser();
    const get = await requestAs(account.id, "/admin");
    const thrown = (await requireAdmin(get, ADMIN_DENIALS.admin).catch((error: unknown) => error)) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/");
    expect(thrown.headers.get("Set-Cookie")).toContain("__vigimmo_toast=");
    const post = await requestAs(account.id, "/admin", { method: "POST" });
    expect(await thrownBy(() => requireAdmin(post, ADMIN_DENIALS.admin))).toMatchObject({ status: 403, json: { ok: false, error: "Accès refusé: vous n'êtes pas administrateur" } });
    const admin = await makeUser({ admin: true });
    expect((await requireAdmin(await requestAs(admin.id, "/admin"), ADMIN_DENIALS.admin)).isAdmin).toBe(true);
  });

  it("une session supprimée n'authentifie plus", async () => {
    const account = await makeUser();
    const request = await requestAs(account.id, "/dashboard");
    expect((await getUser(request))?.email).toBe(account.email);
    const { destroySession } = await import("~/utils/session.server");
    await destroySession(request);
    expect(await getUser(request)).toBeNull();
  });
});
