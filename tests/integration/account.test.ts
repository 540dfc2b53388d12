import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { profiles, sessions } from "#db/schema";
import { action as accountAction, loader as accountLoader } from "~/routes/_app.compte";
import { SESSION_LAST_USED_RESOLUTION_MS } from "~/config";
import { findUserForSignIn } from "~/services/users/users.server";
import { verifyPassword } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { resolveSession } from "~/utils/session.server";
import { getAs, openSession, postAs, sessionIdsOf } from "../setup/account-factories";
import { makeUser } from "../setup/factories";

type Answer = { data: { ok: boolean; toast?: { type: string; message: string }; result?: { error?: Record<string, string[]> } }; init: ResponseInit | null };

async function post(cookie: string, form: Record<string, string>) {
  const result = await accountAction({ request: postAs(cookie, "/compte", form), params: {}, context: {} });
  // A success answers a plain object, a refusal `data(…, { status })`.
  return ("data" in (result as object) ? result : { data: result, init: null }) as Answer;
}

describe("profil", () => {
  it("enregistre le nom et l'entreprise, et refuse un nom vide en français", async () => {
    const user = await makeUser();
    const { cookie } = await openSession(user.id);
    const saved = await post(cookie, { intent: "profile", fullName: "  Claire Martin ", companyName: "Agence du Parc" });
    expect(saved.data.toast).toEqual({ type: "success", message: "Profil mis à jour" });
    expect(getDb().select().from(profiles).where(eq(profiles.userId, user.id)).get()).toMatchObject({ fullName: "Claire Martin", companyName: "Agence du Parc" });

    const refused = await post(cookie, { intent: "profile", fullName: " ", companyName: "" });
    expect(refused.init?.status).toBe(400);
    expect(refused.data.toast?.message).toBe("Le nom complet est requis");
    expect(getDb().select().from(profiles).where(eq(profiles.userId, user.id)).get()?.fullName).toBe("Claire Martin");
  });
});

describe("changement de mot de passe", () => {
  it("exige le mot de passe actuel, puis déconnecte toutes les autres sessions et garde celle-ci", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const current = await openSession(user.id);
    await openSession(user.id, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile/15E148 Safari/604.1");
    await openSession(user.id);
    const otherUsersSession = await openSession(other.id);

    const wrong = await post(current.cookie, { intent: "password", currentPassword: "pas-le-bon", newPassword: "nouveau-secret", confirmPassword: "nouveau-secret" });
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.result?.error?.currentPassword).toEqual(["Mot de passe actuel incorrect."]);
    expect(JSON.stringify(wrong.data)).not.toContain("nouveau-secret");
    expect(sessionIdsOf(user.id)).toHaveLength(3);

    const mismatch = await post(current.cookie, { intent: "password", currentPassword: user.password, newPassword: "nouveau-secret", confirmPassword: "nouveau-secreT" });
    expect(mismatch.data.result?.error?.confirmPassword).toEqual(["Les deux mots de passe ne sont pas identiques."]);

    const changed = await post(current.cookie, { intent: "password", currentPassword: user.password, newPassword: "nouveau-secret", confirmPassword: "nouveau-secret" });
    expect(changed.data.toast).toEqual({ type: "success", message: "Mot de passe modifié. Vos autres sessions ont été déconnectées." });
    expect(sessionIdsOf(user.id)).toEqual([current.id]);
    expect(sessionIdsOf(other.id)).toEqual([otherUsersSession.id]);
    expect(await verifyPassword("nouveau-secret", findUserForSignIn(user.email)!.hash)).toBe(true);
  });
});

describe("sessions actives", () => {
  it("liste l'appareil et la dernière utilisation, la session courante en premier, sans révéler les identifiants", async () => {
    const user = await makeUser();
    await openSession(user.id, "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0");
    const current = await openSession(user.id);
    const page = await accountLoader({ request: getAs(current.cookie, "/compte"), params: {}, context: {} });
    expect(page.sessions.map((session) => [session.device, session.current])).toEqual([
      ["Chrome sur Linux", true],
      ["Firefox sur Windows", false],
    ]);
    expect(JSON.stringify(page)).not.toContain(current.id);
    for (const id of sessionIdsOf(user.id)) expect(JSON.stringify(page)).not.toContain(id);
  });

  it("déconnecte une session de l'utilisateur, jamais celle d'un autre, puis toutes les autres", async () => {
    const user = await makeUser();
    const intruder = await makeUser();
    const current = await openSession(user.id);
    await openSession(user.id, "curl/8.5.0");
    await openSession(user.id, "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Version/17.5 Safari/605.1.15");
    const intruderSession = await openSession(intruder.id);

    const mine = (await accountLoader({ request: getAs(current.cookie, "/compte"), params: {}, context: {} })).sessions;
    const curl = mine.find((session) => session.device === "curl")!;
    // The intruder posts the handle of the user's session: nothing happens.
    const refused = await post(intruderSession.cookie, { intent: "sign-out-session", session: curl.handle });
    expect(refused.init?.status).toBe(404);
    expect(refused.data.toast?.message).toBe("Session introuvable");
    expect(sessionIdsOf(user.id)).toHaveLength(3);

    expect((await post(current.cookie, { intent: "sign-out-session", session: curl.handle })).data.toast?.message).toBe("Session déconnectée");
    expect(sessionIdsOf(user.id)).toHaveLength(2);

    expect((await post(current.cookie, { intent: "sign-out-others" })).data.toast?.message).toBe("Autres sessions déconnectées");
    expect(sessionIdsOf(user.id)).toEqual([current.id]);
    expect(sessionIdsOf(intruder.id)).toEqual([intruderSession.id]);
  });

  it("note la dernière utilisation au plus une fois par minute", async () => {
    const user = await makeUser();
    const { id } = await openSession(user.id);
    const lastUsed = () => getDb().select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.id, id)).get()!.at!.getTime();
    const recent = new Date(Date.now() - 10_000);
    getDb().update(sessions).set({ lastUsedAt: recent }).where(eq(sessions.id, id)).run();
    resolveSession(id);
    expect(lastUsed()).toBe(recent.getTime());
    getDb().update(sessions).set({ lastUsedAt: new Date(Date.now() - SESSION_LAST_USED_RESOLUTION_MS - 1) }).where(eq(sessions.id, id)).run();
    resolveSession(id);
    expect(Date.now() - lastUsed()).toBeLessThan(5_000);
  });

  it("refuse une action inconnue ou un visiteur sans session", async () => {
    const user = await makeUser();
    const { cookie } = await openSession(user.id);
    expect((await post(cookie, { intent: "tout-casser" })).init?.status).toBe(400);
    const visitor = await accountAction({ request: postAs(null, "/compte", { intent: "sign-out-others" }), params: {}, context: {} }).catch((thrown: unknown) => thrown);
    expect((visitor as Response).headers.get("Location")).toBe("/auth");
  });
});
