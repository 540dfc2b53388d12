import { describe, expect, it } from "vitest";
import { action as moderationAction, loader as moderationLoader } from "~/routes/_app.moderation";
import { action as propertyAction, loader as propertyLoader } from "~/routes/_app.property.$id";
import { formAnswer, makeUser, requestAs } from "../setup/factories";
import { addListings, listingRow, setModeration } from "../setup/moderation-factories";

/** Valider / Blacklister on /property/{id} (issue 17): the owner or an administrator, suspicious or pending only. */
type Answer = { ok: boolean; toast?: { type: string; message: string } };

async function decide(userId: string, id: number, intent: string) {
  const request = await requestAs(userId, `/property/${id}`, { form: { intent } });
  return formAnswer<Answer>(await propertyAction({ request, params: { id: String(id) }, context: {} }));
}

async function load(userId: string, id: number) {
  return propertyLoader({ request: await requestAs(userId, `/property/${id}`), params: { id: String(id) }, context: {} });
}

describe("/property/{id} : décision de modération", () => {
  it("le propriétaire valide une annonce suspecte et blackliste une annonce en attente", async () => {
    const user = await makeUser();
    const [suspicious, pending] = addListings(user.id, 2);
    setModeration([suspicious!], { status: "suspicious", reason: "Paiement par mandat cash demandé · Propriétaire à l'étranger", confidence: 0.87 });

    const page = await load(user.id, suspicious!);
    expect(page.listing).toMatchObject({ status: "suspicious", aiConfidence: 0.87, mine: true });

    expect(await decide(user.id, suspicious!, "validate")).toMatchObject({ status: 200, ok: true, toast: { type: "success", message: "Annonce validée" } });
    expect(listingRow(suspicious!)?.status).toBe("active");
    expect(await decide(user.id, pending!, "blacklist")).toMatchObject({ status: 200, ok: true, toast: { message: "Annonce blacklistée" } });
    expect(listingRow(pending!)?.status).toBe("rejected");
  });

  it("refuse une annonce déjà décidée (409) et ne change rien", async () => {
    const user = await makeUser();
    const [active, rejected] = addListings(user.id, 2);
    setModeration([active!], { status: "active" });
    setModeration([rejected!], { status: "rejected" });
    expect(await decide(user.id, active!, "blacklist")).toMatchObject({ status: 409, ok: false, toast: { type: "info" } });
    expect(await decide(user.id, rejected!, "validate")).toMatchObject({ status: 409, ok: false });
    expect(listingRow(active!)?.status).toBe("active");
    expect(listingRow(rejected!)?.status).toBe("rejected");
  });

  it("un autre utilisateur reçoit 404 sans rien changer ; un administrateur décide", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const admin = await makeUser({ admin: true });
    const [id] = addListings(owner.id, 1);
    setModeration([id!], { status: "suspicious", reason: "Loyer très bas", confidence: 0.9 });

    expect(await decide(stranger.id, id!, "validate")).toMatchObject({ status: 404, ok: false, toast: { message: "Annonce introuvable" } });
    expect(listingRow(id!)?.status).toBe("suspicious");
    // Issue 24 item 14: another account's listing is not found.
    await expect(load(stranger.id, id!)).rejects.toMatchObject({ data: { error: "Annonce introuvable" }, init: { status: 404 } });

    // The administrator sees the listing without its owner's edit controls, and decides.
    expect((await load(admin.id, id!)).listing).toMatchObject({ id, mine: false });
    expect(await decide(admin.id, id!, "blacklist")).toMatchObject({ status: 200, ok: true });
    expect(listingRow(id!)?.status).toBe("rejected");
  });

  it("une intention inconnue ou un id invalide répond 400/404 en français, jamais 500", async () => {
    const user = await makeUser();
    const request = await requestAs(user.id, `/property/abc`, { form: { intent: "validate" } });
    const result = (await propertyAction({ request, params: { id: "abc" }, context: {} })) as { data: Answer; init: { status: number } };
    expect(result.init.status).toBe(404);
    expect(result.data.toast?.message).toBe("Annonce introuvable");
    const [id] = addListings(user.id, 1);
    expect(await decide(user.id, id!, "approve")).toMatchObject({ status: 400, ok: false });
  });
});

describe("/moderation : ouvert à tout utilisateur, limité à ses propres annonces", () => {
  it("un utilisateur ordinaire voit et décide ses annonces suspectes, jamais celles d'un autre", async () => {
    const alice = await makeUser();
    const bob = await makeUser();
    const [mine] = addListings(alice.id, 1, () => ({ title: "T2 à Alice" }));
    const [theirs] = addListings(bob.id, 1, () => ({ title: "T2 à Bob" }));
    setModeration([mine!, theirs!], { status: "suspicious", reason: "Prix anormal", confidence: 0.8 });

    const page = await moderationLoader({ request: await requestAs(alice.id, "/moderation"), params: {}, context: {} });
    expect(page.listings.map((listing) => listing.id)).toEqual([mine]);

    const post = async (id: number) =>
      moderationAction({ request: await requestAs(alice.id, "/moderation", { form: { intent: "validate", id: String(id) } }), params: {}, context: {} });
    await post(theirs!);
    expect(listingRow(theirs!)?.status).toBe("suspicious");
    await post(mine!);
    expect(listingRow(mine!)?.status).toBe("active");
  });
});
