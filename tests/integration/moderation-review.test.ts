import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/_app.moderation";
import { formAnswer, makeUser, requestAs } from "../setup/factories";
import { addListings, listingRow, setModeration } from "../setup/moderation-factories";

/** The /moderation screen: its loader (queue, search, filter, pages) and its decisions. */
type ActionAnswer = { ok: boolean; toast: { type: string; message: string } };

async function load(userId: string, search = "") {
  return loader({ request: await requestAs(userId, `/moderation${search}`), params: {}, context: {} });
}

async function decide(userId: string, form: Record<string, string>, ids: number[] = []) {
  const body = new URLSearchParams(form);
  for (const id of ids) body.append("ids", String(id));
  const request = await requestAs(userId, "/moderation", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  return formAnswer<ActionAnswer>(await action({ request, params: {}, context: {} }));
}

/** A user's suspicious listings with varied notes, titles and cities. */
async function reviewQueue() {
  const user = await makeUser();
  const [orleans, lyon, paris, unnoted, low] = addListings(user.id, 5, (index) => ({
    title: ["T2 Centre", "Loft canal", "Studio Marais", "Maison jardin", "T3 gare"][index]!,
    city: ["Orléans", "Lyon", "Paris", "Lyon", "Nice"][index]!,
  }));
  setModeration([orleans!], { status: "suspicious", reason: "Paiement par mandat cash demandé", confidence: 0.9 });
  setModeration([lyon!], { status: "suspicious", reason: "Loyer 46 % sous la médiane de 31 annonces comparables à Lyon", confidence: 0.75 });
  setModeration([paris!], { status: "suspicious", reason: "Mêmes photos qu'une annonce à Nice", confidence: 0.95 });
  setModeration([unnoted!], { status: "suspicious" });
  setModeration([low!], { status: "suspicious", reason: "Propriétaire à l'étranger", confidence: 0.55 });
  addListings(user.id, 2); // pending: never in the queue
  return { user, ids: { orleans: orleans!, lyon: lyon!, paris: paris!, unnoted: unnoted!, low: low! } };
}

describe("/moderation : file des annonces suspectes", () => {
  it("trie par confiance décroissante, les annonces sans note en dernier, avec les compteurs", async () => {
    const { user, ids } = await reviewQueue();
    const data = await load(user.id);
    expect(data.listings.map((listing) => listing.id)).toEqual([ids.paris, ids.orleans, ids.lyon, ids.low, ids.unnoted]);
    expect(data.counts).toEqual({ suspicious: 5, withoutConfidence: 1 });
    expect(data.total).toBe(5);
    expect(data.hasMore).toBe(false);
    expect(data.listings[0]).toMatchObject({ title: "Studio Marais", city: "Paris", confidence: 0.95, reason: "Mêmes photos qu'une annonce à Nice", image: "https://images.example.fr/1.jpg" });
  });

  it("cherche dans la raison, le titre et la ville sans tenir compte des accents ni de la casse", async () => {
    const { user, ids } = await reviewQueue();
    expect((await load(user.id, "?q=orleans")).listings.map((l) => l.id)).toEqual([ids.orleans]);
    expect((await load(user.id, "?q=MANDAT")).listings.map((l) => l.id)).toEqual([ids.orleans]);
    expect((await load(user.id, "?q=loft")).listings.map((l) => l.id)).toEqual([ids.lyon]);
    expect((await load(user.id, "?q=lyon")).listings.map((l) => l.id)).toEqual([ids.lyon, ids.unnoted]);
    expect((await load(user.id, "?q=etranger")).listings.map((l) => l.id)).toEqual([ids.low]);
    expect((await load(user.id, "?q=maison%20lyon")).listings.map((l) => l.id)).toEqual([ids.unnoted]);
    expect((await load(user.id, "?q=100%25")).listings).toEqual([]);
  });

  it("filtre Avec note IA / Sans note IA et ignore un filtre inconnu", async () => {
    const { user, ids } = await reviewQueue();
    expect((await load(user.id, "?filter=with")).listings).toHaveLength(4);
    expect((await load(user.id, "?filter=without")).listings.map((l) => l.id)).toEqual([ids.unnoted]);
    const unknown = await load(user.id, "?filter=n'importe&page=-3");
    expect(unknown.query).toEqual({ q: "", filter: "all", page: 1 });
    expect(unknown.listings).toHaveLength(5);
  });

  it("pagine par 20 avec 'Charger plus'", async () => {
    const user = await makeUser();
    const ids = addListings(user.id, 45);
    setModeration(ids, { status: "suspicious", reason: "Prix anormal", confidence: 0.7 });
    const first = await load(user.id);
    expect(first.listings).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const third = await load(user.id, "?page=3");
    expect(third.listings).toHaveLength(45);
    expect(third.hasMore).toBe(false);
  });

  it("ne montre jamais les annonces suspectes d'un autre utilisateur", async () => {
    const { user } = await reviewQueue();
    const other = await makeUser();
    const data = await load(other.id);
    expect(data.listings).toEqual([]);
    expect(data.counts.suspicious).toBe(0);
    expect((await load(user.id)).listings).toHaveLength(5);
  });
});

describe("/moderation : décisions", () => {
  it("Valider et Blacklister changent le statut d'une annonce suspecte", async () => {
    const { user, ids } = await reviewQueue();
    expect(await decide(user.id, { intent: "validate", id: String(ids.paris) })).toMatchObject({ ok: true, toast: { type: "success", message: "Annonce validée" } });
    expect(listingRow(ids.paris)!.status).toBe("active");
    expect(await decide(user.id, { intent: "blacklist", id: String(ids.orleans) })).toMatchObject({ ok: true, toast: { message: "Annonce blacklistée" } });
    expect(listingRow(ids.orleans)!.status).toBe("rejected");
    const again = await decide(user.id, { intent: "blacklist", id: String(ids.paris) });
    expect(again.status).toBe(409);
    expect(listingRow(ids.paris)!.status).toBe("active");
  });

  it("un utilisateur ne peut pas décider sur l'annonce d'un autre (404, rien ne change)", async () => {
    const { ids } = await reviewQueue();
    const intruder = await makeUser();
    const answer = await decide(intruder.id, { intent: "validate", id: String(ids.paris) });
    expect(answer).toMatchObject({ status: 404, ok: false, toast: { type: "error", message: "Annonce introuvable" } });
    expect(listingRow(ids.paris)!.status).toBe("suspicious");
    const bulk = await decide(intruder.id, { intent: "blacklist-all", q: "", filter: "all" }, Object.values(ids));
    expect(bulk.toast.message).toBe("Aucune annonce à traiter");
    for (const id of Object.values(ids)) expect(listingRow(id)!.status).toBe("suspicious");
  });

  it("rejette un identifiant invalide avec un message clair (400)", async () => {
    const { user } = await reviewQueue();
    const answer = await decide(user.id, { intent: "validate", id: "abc" });
    expect(answer.status).toBe(400);
    expect(answer.toast.type).toBe("error");
    expect((await decide(user.id, { intent: "supprimer" })).status).toBe(400);
  });

  it("Tout valider ne touche que les annonces affichées qui correspondent encore à la recherche", async () => {
    const { user, ids } = await reviewQueue();
    const other = await makeUser();
    const [foreign] = addListings(other.id, 1, () => ({ city: "Lyon" }));
    setModeration([foreign!], { status: "suspicious", reason: "Lyon", confidence: 0.9 });
    // The page shows the two Lyon listings; a forged list adds a Paris one and another user's.
    const answer = await decide(user.id, { intent: "validate-all", q: "lyon", filter: "all" }, [ids.lyon, ids.unnoted, ids.paris, foreign!]);
    expect(answer).toMatchObject({ ok: true, toast: { type: "success", message: "2 annonces validées" } });
    expect(listingRow(ids.lyon)!.status).toBe("active");
    expect(listingRow(ids.unnoted)!.status).toBe("active");
    expect(listingRow(ids.paris)!.status).toBe("suspicious");
    expect(listingRow(foreign!)!.status).toBe("suspicious");
  });

  it("Tout blacklister respecte le filtre, et sans annonce affichée répond 'Aucune annonce à traiter'", async () => {
    const { user, ids } = await reviewQueue();
    const answer = await decide(user.id, { intent: "blacklist-all", q: "", filter: "without" }, Object.values(ids));
    expect(answer.toast.message).toBe("1 annonce blacklistée");
    expect(listingRow(ids.unnoted)!.status).toBe("rejected");
    expect(listingRow(ids.paris)!.status).toBe("suspicious");
    const none = await decide(user.id, { intent: "validate-all", q: "introuvable", filter: "all" });
    expect(none).toMatchObject({ ok: false, toast: { type: "info", message: "Aucune annonce à traiter" } });
  });

  it("une seule annonce affichée suffit (un seul champ ids)", async () => {
    const { user, ids } = await reviewQueue();
    const answer = await decide(user.id, { intent: "validate-all", q: "marais", filter: "all" }, [ids.paris]);
    expect(answer.toast.message).toBe("1 annonce validée");
  });
});
