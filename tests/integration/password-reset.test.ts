import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { passwordResetTokens } from "#db/schema";
import { action as requestAction } from "~/routes/auth_.mot-de-passe-oublie";
import { action as resetAction, loader as resetLoader } from "~/routes/auth_.reinitialiser.$token";
import { PASSWORD_RESET_MIN_ANSWER_MS, PASSWORD_RESET_TTL_MS } from "~/config";
import { createResetLink, isResetTokenValid, resetPassword } from "~/services/account/password-reset.server";
import { findUserForSignIn } from "~/services/users/users.server";
import { verifyPassword } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { openSession, postAs, sessionIdsOf } from "../setup/account-factories";
import { answerOf, makeUser } from "../setup/factories";
import { startSmtpReceiver } from "../setup/smtp-receiver";

const tokenOf = (link: string) => link.split("/").pop()!;

async function askForLink(email: string, ip = "10.9.0.1") {
  const request = postAs(null, "/auth/mot-de-passe-oublie", { email });
  request.headers.set("X-Forwarded-For", ip);
  const started = performance.now();
  const answer = (await requestAction({ request, params: {}, context: {} })) as { sent?: boolean; data?: unknown; init?: ResponseInit };
  return { answer, elapsed: performance.now() - started };
}

describe("mot de passe oublié : pas d'énumération des comptes", () => {
  it("répond la même chose, pas plus vite, que l'email ait un compte ou non ; seul le compte existant reçoit un lien", async () => {
    const user = await makeUser();
    const known = await askForLink(user.email);
    const unknown = await askForLink("personne@example.fr");
    expect(known.answer).toEqual(unknown.answer);
    expect(known.answer.sent).toBe(true);
    // Both wait for the same floor (the mail, when there is one, leaves in the background).
    expect(known.elapsed).toBeGreaterThanOrEqual(PASSWORD_RESET_MIN_ANSWER_MS - 5);
    expect(unknown.elapsed).toBeGreaterThanOrEqual(PASSWORD_RESET_MIN_ANSWER_MS - 5);
    const tokens = getDb().select().from(passwordResetTokens).all();
    expect(tokens.map((token) => token.userId)).toEqual([user.id]);
  });

  it("avec SMTP_URL, un serveur d'envoi injoignable ne change ni la réponse ni son délai", async () => {
    const user = await makeUser();
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    try {
      const known = await askForLink(user.email, "10.9.2.1");
      const unknown = await askForLink("inconnu-smtp@example.fr", "10.9.2.2");
      expect(known.answer).toEqual(unknown.answer);
      expect(known.answer.sent).toBe(true);
    } finally {
      delete process.env.SMTP_URL;
    }
  });

  it("avec un vrai serveur SMTP, le mail reçu a l'expéditeur, l'objet et le texte en français (UTF-8), et son lien sert une fois (issue 24 item 10)", async () => {
    const smtp = await startSmtpReceiver();
    const user = await makeUser({ email: `helene-${Date.now()}@agence-exemple.fr` });
    process.env.SMTP_URL = smtp.url;
    process.env.MAIL_FROM = "Vigimmo <no-reply@vigimmo.fr>";
    try {
      expect((await askForLink(user.email, "10.9.3.1")).answer.sent).toBe(true);
      const mail = await smtp.mailTo(user.email);
      expect(mail.from).toBe("no-reply@vigimmo.fr");
      expect(mail.parsed.from?.value).toEqual([{ address: "no-reply@vigimmo.fr", name: "Vigimmo" }]);
      expect(mail.parsed.to && !Array.isArray(mail.parsed.to) ? mail.parsed.to.value.map((to) => to.address) : []).toEqual([user.email]);
      expect(mail.parsed.subject).toBe("Vigimmo : réinitialisation de votre mot de passe");
      // UTF-8 declared and decoded: the accents arrive as they were written.
      expect(mail.raw.toString("latin1")).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
      expect(mail.parsed.text).toContain("Pour choisir un nouveau mot de passe Vigimmo, ouvrez ce lien (valable 1 heure, une seule fois) :");
      expect(mail.parsed.text).toContain("Si vous n'avez rien demandé, ignorez ce message : votre mot de passe ne change pas.");
      const link = /http:\/\/\S+\/auth\/reinitialiser\/[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? "")?.[0];
      expect(link).toBeDefined();
      const token = tokenOf(link!);

      const page = (await resetLoader({ request: new Request(link!), params: { token }, context: {} })) as unknown as { data: { valid: boolean } };
      expect(page.data.valid).toBe(true);
      const reset = (password: string) =>
        resetAction({ request: postAs(null, `/auth/reinitialiser/${token}`, { newPassword: password, confirmPassword: password }), params: { token }, context: {} });
      expect(await answerOf(await reset("depuis-le-mail"))).toMatchObject({ status: 302, location: "/auth" });
      expect(await verifyPassword("depuis-le-mail", findUserForSignIn(user.email)!.hash)).toBe(true);
      expect(((await reset("une-seconde-fois")) as unknown as { init: ResponseInit }).init.status).toBe(410);
      expect(await verifyPassword("depuis-le-mail", findUserForSignIn(user.email)!.hash)).toBe(true);
      // An address without an account gets no mail at all.
      await askForLink("personne-smtp@example.fr", "10.9.3.2");
      expect(smtp.received.map((entry) => entry.to).flat()).toEqual([user.email]);
    } finally {
      delete process.env.SMTP_URL;
      delete process.env.MAIL_FROM;
      await smtp.close();
    }
  });

  it("refuse une adresse mal formée en français, et limite les demandes par adresse du demandeur", async () => {
    resetRateLimits();
    const bad = (await askForLink("pas-une-adresse")).answer as { data: { result: { error: Record<string, string[]> } }; init: ResponseInit };
    expect(bad.init.status).toBe(400);
    expect(bad.data.result.error.email).toEqual(["Veuillez saisir une adresse email valide."]);
    for (let i = 0; i < 5; i++) await askForLink("inonde@example.fr", "10.9.1.1");
    const limited = (await askForLink("inonde@example.fr", "10.9.1.1")).answer as { init: ResponseInit };
    expect(limited.init.status).toBe(429);
  });

  it("personne ne bloque les réinitialisations d'un autre (issue 23 item 8) : la victime garde un lien valable, sa boîte reçoit au plus 5 e-mails", async () => {
    resetRateLimits();
    const victim = await makeUser();
    // Someone asks for the victim's links from twelve addresses, then the victim from their own.
    for (let i = 0; i < 12; i++) expect((await askForLink(victim.email, `10.9.3.${i}`)).answer).toMatchObject({ sent: true });
    expect((await askForLink(victim.email, "10.9.4.1")).answer).toMatchObject({ sent: true });
    const links = getDb().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, victim.id)).all();
    expect(links.length).toBeLessThanOrEqual(5);
    // Every link mailed is still valid: a new request never spends the ones in the inbox.
    expect(links.every((link) => link.usedAt === null && link.expiresAt.getTime() > Date.now())).toBe(true);
  });
});

describe("lien de réinitialisation", () => {
  it("ne garde que l'empreinte du jeton, sert une seule fois et déconnecte toutes les sessions", async () => {
    const user = await makeUser();
    await openSession(user.id);
    await openSession(user.id);
    const link = createResetLink(user.email)!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/reinitialiser\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);
    const stored = getDb().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).all();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const page = (await resetLoader({ request: new Request(link), params: { token }, context: {} })) as unknown as { data: { valid: boolean } };
    expect(page.data.valid).toBe(true);

    const done = await resetAction({ request: postAs(null, `/auth/reinitialiser/${token}`, { newPassword: "nouveau-depart", confirmPassword: "nouveau-depart" }), params: { token }, context: {} });
    expect(await answerOf(done)).toMatchObject({ status: 302, location: "/auth", toast: { type: "success", message: "Mot de passe réinitialisé. Connectez-vous avec le nouveau mot de passe." } });
    expect(await verifyPassword("nouveau-depart", findUserForSignIn(user.email)!.hash)).toBe(true);
    expect(sessionIdsOf(user.id)).toEqual([]);

    // The same link a second time: refused, the password stays.
    const again = (await resetAction({ request: postAs(null, `/auth/reinitialiser/${token}`, { newPassword: "autre-essai", confirmPassword: "autre-essai" }), params: { token }, context: {} })) as unknown as { data: { result: { error: Record<string, string[]> } }; init: ResponseInit };
    expect(again.init.status).toBe(410);
    expect(again.data.result.error[""]).toEqual(["Ce lien de réinitialisation n'est plus valable (expiré ou déjà utilisé). Demandez-en un nouveau."]);
    expect(await verifyPassword("nouveau-depart", findUserForSignIn(user.email)!.hash)).toBe(true);
    const spent = (await resetLoader({ request: new Request(link), params: { token }, context: {} })) as unknown as { data: { valid: boolean }; init: ResponseInit };
    expect(spent).toMatchObject({ data: { valid: false }, init: { status: 410 } });
  });

  it("expire après une heure ; un lien utilisé rend caducs les autres liens du compte", async () => {
    const user = await makeUser();
    const now = Date.now();
    const old = tokenOf(createResetLink(user.email, now - PASSWORD_RESET_TTL_MS - 1000)!);
    expect(isResetTokenValid(old, now)).toBe(false);
    expect(await resetPassword(old, "trop-tard", now)).toBe(false);
    const almost = tokenOf(createResetLink(user.email, now - PASSWORD_RESET_TTL_MS + 60_000)!);
    expect(isResetTokenValid(almost, now)).toBe(true);

    const first = tokenOf(createResetLink(user.email, now)!);
    const second = tokenOf(createResetLink(user.email, now)!);
    expect(await resetPassword(first, "premier-lien", now)).toBe(true);
    expect(isResetTokenValid(second, now)).toBe(false);
    expect(isResetTokenValid(almost, now)).toBe(false);
    expect(await resetPassword("jeton-inconnu", "n-importe", now)).toBe(false);
  });

  it("un changement de mot de passe ou « déconnecter les autres sessions » rend caducs les liens envoyés (issue 23 item 8)", async () => {
    const { changePassword } = await import("~/services/account/profile.server");
    const { action: accountAction } = await import("~/routes/_app.compte");
    const user = await makeUser();
    const beforeChange = tokenOf(createResetLink(user.email)!);
    const session = await openSession(user.id);
    expect(await changePassword(user.id, { currentPassword: user.password, newPassword: "nouveau-mdp" }, session.id)).toBe(true);
    expect(isResetTokenValid(beforeChange)).toBe(false);

    const beforeSignOut = tokenOf(createResetLink(user.email)!);
    await accountAction({ request: postAs(session.cookie, "/compte", { intent: "sign-out-others" }), params: {}, context: {} });
    expect(isResetTokenValid(beforeSignOut)).toBe(false);
    expect(await resetPassword(beforeSignOut, "pris-par-un-autre")).toBe(false);
  });

  it("npm run reset-password -- <email> affiche un lien qui fonctionne", async () => {
    const user = await makeUser();
    const output = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ["--import", "tsx", "scripts/reset-password.ts", user.email], { env: { ...process.env, APP_URL: "https://vigimmo.example.fr/" }, timeout: 60_000 }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    const link = output.trim();
    expect(link).toMatch(/^https:\/\/vigimmo\.example\.fr\/auth\/reinitialiser\/[A-Za-z0-9_-]{43}$/);
    expect(isResetTokenValid(tokenOf(link))).toBe(true);
  });
});
