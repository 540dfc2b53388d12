import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeyRequests, properties } from "#db/schema";
import { loader as landingLoader } from "~/routes/_index";
import { action as accountAction } from "~/routes/_app.compte";
import { action as authAction } from "~/routes/auth";
import { action as requestAction } from "~/routes/_app.request-api-key";
import { ACCOUNT_MSG, AUTH_MSG } from "~/messages";
import { KEY_REQUEST_MESSAGES } from "~/services/keys/key-request-rules";
import { rejectKeyRequest } from "~/services/keys/key-requests.server";
import { findUserForSignIn } from "~/services/users/users.server";
import { verifyPassword } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { openSession, postAs } from "../setup/account-factories";
import { formAnswer, makeUser, requestAs } from "../setup/factories";
import { addListings } from "../setup/listings-factories";

/** Issue 24 (the first hour, third pass), items 16 and 21: each case failed before its fix. */

type FormAnswer = {
  ok?: boolean;
  error?: string;
  toast?: { type: string; message: string };
  result?: { error?: Record<string, string[] | null> };
};
const args = (request: Request) => ({ request, params: {}, context: {} });

describe("item 16 : demandes de clé, inscription, mot de passe", () => {
  it("la même demande de clé ne part pas deux fois tant que la première attend", async () => {
    const user = await makeUser();
    const send = async (companyName: string) =>
      formAnswer<FormAnswer>(
        await requestAction(
          args(
            await requestAs(user.id, "/request-api-key", {
              form: { companyName, description: "" },
            }),
          ),
        ),
      );
    expect(await send("Agence du Port")).toMatchObject({ status: 200, ok: true });
    const again = await send("  agence  du port ");
    expect(again).toMatchObject({
      status: 409,
      ok: false,
      toast: { type: "error", message: KEY_REQUEST_MESSAGES.duplicate },
    });
    expect(again.result?.error?.companyName).toEqual([KEY_REQUEST_MESSAGES.duplicate]);
    expect(await send("Agence des Quais")).toMatchObject({ status: 200, ok: true });
    const mine = () =>
      getDb().select().from(apiKeyRequests).where(eq(apiKeyRequests.userId, user.id)).all();
    expect(mine()).toHaveLength(2);
    // Once the first is refused, asking again is a new request.
    const admin = await makeUser();
    rejectKeyRequest(
      mine().find((row) => row.companyName === "Agence du Port")!.id,
      admin.id,
      "Incomplet",
    );
    expect(await send("Agence du Port")).toMatchObject({ status: 200, ok: true });
  });

  it("une adresse mal formée à l'inscription est un message du champ, pas une « erreur lors de la création du compte »", async () => {
    const request = new Request("http://localhost/auth", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "signup",
        email: "pas-une-adresse",
        password: "secret1",
        fullName: "Nouvel Agent",
      }),
    });
    const answer = await formAnswer<FormAnswer>(await authAction(args(request)));
    expect(answer.status).toBe(400);
    expect(answer.result?.error?.email).toEqual([AUTH_MSG.emailInvalid]);
    expect(answer.error).toBeUndefined();
    expect(JSON.stringify(answer)).not.toContain("Erreur lors de la création du compte");
  });

  it("un nouveau mot de passe égal à l'actuel est refusé, sur son champ", async () => {
    const user = await makeUser();
    const { cookie } = await openSession(user.id);
    const form = {
      intent: "password",
      currentPassword: user.password,
      newPassword: user.password,
      confirmPassword: user.password,
    };
    const answer = await formAnswer<FormAnswer>(
      await accountAction(args(postAs(cookie, "/compte", form))),
    );
    expect(answer.status).toBe(400);
    expect(answer.result?.error?.newPassword).toEqual([ACCOUNT_MSG.samePassword]);
    expect(answer.toast).toEqual({ type: "error", message: ACCOUNT_MSG.samePassword });
    expect(await verifyPassword(user.password, findUserForSignIn(user.email)!.hash)).toBe(true);
  });
});

describe("item 21 : chaque chiffre de la page d'accueil est mesuré", () => {
  it("les annonces traitées, validées et suspectes sont celles de la plateforme", async () => {
    const user = await makeUser();
    const ids = addListings(user.id, 7);
    getDb().update(properties).set({ status: "active" }).where(eq(properties.id, ids[0]!)).run();
    getDb()
      .update(properties)
      .set({ status: "suspicious" })
      .where(eq(properties.id, ids[1]!))
      .run();
    const count = (status?: string) =>
      getDb()
        .select()
        .from(properties)
        .all()
        .filter((row) => !status || row.status === status).length;
    const { figures, year } = await landingLoader(args(new Request("http://localhost/")));
    expect(figures).toEqual({
      total: count(),
      active: count("active"),
      suspicious: count("suspicious"),
    });
    expect(year).toBe(new Date().getFullYear());
  });
});
