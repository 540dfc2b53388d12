import { describe, expect, it } from "vitest";
import { loader as layoutLoader } from "~/routes/_app";
import { loader as keysLoader } from "~/routes/_app.export-api-keys";
import { approveKeyRequest, createKeyRequest, rejectKeyRequest } from "~/services/keys/key-requests.server";
import { makeUser, requestAs } from "../setup/factories";

/** Issue 17, item 11: the navigation's notifications. */

async function badges(userId: string) {
  const { badges: answer } = await layoutLoader({ request: await requestAs(userId, "/dashboard"), params: {}, context: {} });
  return answer;
}

async function visitKeysPage(userId: string) {
  await keysLoader({ request: await requestAs(userId, "/export-api-keys"), params: {}, context: {} });
}

describe("notifications du menu", () => {
  it("le menu Admin compte les demandes de clé en attente ; un utilisateur ne voit pas ce compte", async () => {
    const admin = await makeUser({ admin: true });
    const user = await makeUser();
    const before = (await badges(admin.id)).pendingKeyRequests;
    const first = createKeyRequest(user.id, { companyName: "Agence A" });
    createKeyRequest(user.id, { companyName: "Agence B" });
    expect((await badges(admin.id)).pendingKeyRequests).toBe(before + 2);
    expect((await badges(user.id)).pendingKeyRequests).toBe(0);
    approveKeyRequest(first, admin.id);
    expect((await badges(admin.id)).pendingKeyRequests).toBe(before + 1);
  });

  it("« Clés API Export » signale une demande traitée depuis la dernière visite, jusqu'à la visite suivante", async () => {
    const admin = await makeUser({ admin: true });
    const user = await makeUser();
    const request = createKeyRequest(user.id, { companyName: "Agence C" });
    expect((await badges(user.id)).keyDecisionUnseen).toBe(false);

    approveKeyRequest(request, admin.id);
    expect((await badges(user.id)).keyDecisionUnseen).toBe(true);
    await visitKeysPage(user.id);
    expect((await badges(user.id)).keyDecisionUnseen).toBe(false);

    const refused = createKeyRequest(user.id, { companyName: "Agence D" });
    // A decision strictly after the visit (timestamps are in milliseconds).
    await new Promise((resolve) => setTimeout(resolve, 5));
    rejectKeyRequest(refused, admin.id, "Usage non précisé");
    expect((await badges(user.id)).keyDecisionUnseen).toBe(true);
    await visitKeysPage(user.id);
    expect((await badges(user.id)).keyDecisionUnseen).toBe(false);
  });

  it("la décision sur la demande d'un autre utilisateur ne le concerne pas", async () => {
    const admin = await makeUser({ admin: true });
    const [asker, other] = [await makeUser(), await makeUser()];
    approveKeyRequest(createKeyRequest(asker.id, { companyName: "Agence E" }), admin.id);
    expect((await badges(other.id)).keyDecisionUnseen).toBe(false);
  });
});
