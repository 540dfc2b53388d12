import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { properties, propertyOwners } from "#db/schema";
import { action as propertyAction, loader as propertyLoader } from "~/routes/_app.property.$id";
import { listingCsvStream } from "~/services/listings/listing-csv-export.server";
import { assignOwnersToAllListings, generateOwner } from "~/services/listings/fictitious-owners.server";
import { getDb, getSqlite } from "~/utils/db.server";
import { makeUser, requestAs, SESSION_INVALID_REDIRECT, thrownBy } from "../setup/factories";
import { addListings } from "../setup/listings-factories";

type ActionResult = { ok: boolean; toast?: { type: string; message: string }; reload?: boolean };
type DataResult = { data: ActionResult; init: ResponseInit | null };

async function load(userId: string, id: string) {
  const request = await requestAs(userId, `/property/${id}`);
  return propertyLoader({ request, params: { id }, context: {} });
}

async function post(userId: string, id: string, form: Record<string, string>) {
  const request = await requestAs(userId, `/property/${id}`, { form });
  const result = (await propertyAction({ request, params: { id }, context: {} })) as unknown;
  // A plain object is a 200 answer; data() gives {data, init}.
  return result && typeof result === "object" && "init" in result
    ? (result as DataResult)
    : { data: result as ActionResult, init: { status: 200 } };
}

/** Issue 24, item 14: a 404 that says "Annonce introuvable", not a redirect with a loading error. */
async function expectNotFound(userId: string, id: string) {
  const thrown = await load(userId, id).then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown, id).toMatchObject({ data: { error: "Annonce introuvable" }, init: { status: 404 } });
}

const descriptionOf = (id: number) => getDb().select({ d: properties.description }).from(properties).where(eq(properties.id, id)).get()?.d;
const ownerOf = (id: number) => getDb().select().from(propertyOwners).where(eq(propertyOwners.propertyId, id)).get();

let alice: { id: string };
let bob: { id: string };
let aliceIds: number[];
let bobIds: number[];

beforeAll(async () => {
  alice = await makeUser();
  bob = await makeUser();
  aliceIds = addListings(alice.id, 3, (i) => ({
    owner: i === 0 ? { firstName: "Jeanne", lastName: "Durand", email: "jeanne.durand@example.fr" } : null,
    images: ["https://images.example.fr/a.jpg", "https://images.example.fr/b.jpg"],
    features: ["Balcon", "Cave"],
    sourceUrl: "https://www.leboncoin.fr/annonce/1",
  }));
  bobIds = addListings(bob.id, 2);
});

describe("/property/{id} : chargement", () => {
  it("renvoie l'annonce de l'utilisateur avec son propriétaire et ses détails", async () => {
    const { listing } = await load(alice.id, String(aliceIds[0]));
    expect(listing).toMatchObject({
      id: aliceIds[0],
      transactionType: "rental",
      images: ["https://images.example.fr/a.jpg", "https://images.example.fr/b.jpg"],
      features: ["Balcon", "Cave"],
      owner: { firstName: "Jeanne", lastName: "Durand", email: "jeanne.durand@example.fr" },
      floor: 2,
      totalFloors: 5,
      energyRating: "D",
    });
    expect((await load(alice.id, String(aliceIds[1]))).listing.owner).toBeNull();
  });

  it("une annonce inconnue, mal formée ou d'un autre utilisateur répond 404 « Annonce introuvable »", async () => {
    for (const id of [String(bobIds[0]), "999999", "abc", "0", "-1", "1.5", "99999999999999999999", "1e3"]) {
      await expectNotFound(alice.id, id);
    }
  });
});

describe("/property/{id} : description", () => {
  it("met à jour la description, taillée", async () => {
    const result = await post(alice.id, String(aliceIds[1]), { intent: "update-description", description: "   Une toute nouvelle description.  " });
    expect(result.data).toEqual({ ok: true, toast: { type: "success", message: "Description mise à jour avec succès" } });
    expect(descriptionOf(aliceIds[1]!)).toBe("Une toute nouvelle description.");
  });

  it("refuse une description trop courte (après taille), vide ou trop longue avec les messages exacts", async () => {
    const cases: Array<[string | undefined, string]> = [
      ["  court    ", "La description doit contenir au moins 10 caractères"],
      ["", "La description doit contenir au moins 10 caractères"],
      [undefined, "La description doit contenir au moins 10 caractères"],
      ["x".repeat(5001), "La description ne peut pas dépasser 5000 caractères"],
    ];
    for (const [description, message] of cases) {
      const form: Record<string, string> = { intent: "update-description" };
      if (description !== undefined) form.description = description;
      const result = await post(alice.id, String(aliceIds[2]), form);
      expect(result.init?.status).toBe(400);
      expect(result.data.toast).toEqual({ type: "error", message });
    }
    const exact = await post(alice.id, String(aliceIds[2]), { intent: "update-description", description: ` ${"y".repeat(5000)} ` });
    expect(exact.data.ok).toBe(true);
    expect(descriptionOf(aliceIds[2]!)).toHaveLength(5000);
  });

  it("ne modifie jamais l'annonce d'un autre utilisateur", async () => {
    const before = descriptionOf(bobIds[0]!);
    const result = await post(alice.id, String(bobIds[0]), { intent: "update-description", description: "Tentative de modification" });
    expect(result.init?.status).toBe(404);
    expect(result.data.toast).toEqual({ type: "error", message: "Erreur lors de la mise à jour de la description" });
    expect(descriptionOf(bobIds[0]!)).toBe(before);
    const unknownIntent = await post(alice.id, String(aliceIds[0]), { intent: "supprimer" });
    expect(unknownIntent.init?.status).toBe(400);
    expect(unknownIntent.data.toast?.message).toBe("Erreur lors de la mise à jour");
  });

  it("refuse une action sans session : retour à /auth avec « Session invalide »", async () => {
    const request = new Request(`http://localhost/property/${aliceIds[0]}`, { method: "POST", body: new URLSearchParams({ intent: "create-owner" }) });
    expect(await thrownBy(() => propertyAction({ request, params: { id: String(aliceIds[0]) }, context: {} }))).toEqual(SESSION_INVALID_REDIRECT);
  });
});

describe("propriétaires fictifs", () => {
  it("génère des noms français et des emails sous example.fr ou example.com", () => {
    for (let i = 0; i < 50; i++) {
      const owner = generateOwner();
      expect(owner.first_name).toMatch(/^\p{Lu}[\p{L}-]+$/u);
      expect(owner.last_name).toMatch(/^\p{Lu}[\p{L}-]+$/u);
      expect(owner.email).toMatch(/^[a-z0-9.-]+@example\.(fr|com)$/);
    }
  });

  it("Créer propriétaire enregistre le vrai propriétaire saisi, une seule fois, et seulement sur ses annonces (issue 24 item 3)", async () => {
    const id = String(aliceIds[2]);
    const owner = { intent: "create-owner", firstName: " Hélène ", lastName: "Dupré-Lefèvre", email: "Helene.Dupre@Orange.fr", phone: "06 12 34 56 78" };
    const created = await post(alice.id, id, owner);
    expect(created.data).toMatchObject({ ok: true, toast: { type: "success", message: "Propriétaire enregistré" } });
    expect(ownerOf(aliceIds[2]!)).toMatchObject({ firstName: "Hélène", lastName: "Dupré-Lefèvre", email: "helene.dupre@orange.fr", phone: "0612345678", fictitious: false });
    const again = await post(alice.id, id, owner);
    expect(again.data).toMatchObject({ ok: false, toast: { type: "info", message: "Cette annonce a déjà un propriétaire" } });
    const foreign = await post(alice.id, String(bobIds[1]), owner);
    expect(foreign.init?.status).toBe(404);
    expect(ownerOf(bobIds[1]!)).toBeUndefined();
  });

  it("Créer propriétaire refuse un nom manquant, un e-mail ou un téléphone invalide, ou aucun moyen de contact (400, messages en français)", async () => {
    const [listing] = addListings(alice.id, 1);
    const id = String(listing);
    const answer = async (form: Record<string, string>) => (await post(alice.id, id, { intent: "create-owner", ...form })) as { init?: { status: number }; data: { result?: { error?: Record<string, string[]> } } };
    const missing = await answer({ firstName: "Jules" });
    expect(missing.init?.status).toBe(400);
    expect(missing.data.result?.error).toMatchObject({ lastName: ["Le nom du propriétaire est requis."] });
    const noContact = await answer({ lastName: "Roux" });
    expect(noContact.data.result?.error).toMatchObject({ email: ["Indiquez au moins un e-mail ou un téléphone pour joindre le propriétaire."] });
    const invalid = await answer({ lastName: "Roux", email: "pas-un-email", phone: "12 34" });
    expect(invalid.data.result?.error).toMatchObject({ email: ["Adresse e-mail invalide."], phone: [expect.stringContaining("Numéro de téléphone invalide")] });
    expect(ownerOf(listing!)).toBeUndefined();
    expect((await answer({ lastName: "Roux", phone: "+33 6 12 34 56 78" })).data).toMatchObject({ ok: true });
  });

  it("un propriétaire fictif ne quitte jamais l'application : ni l'export API, ni le fichier CSV (issue 24 item 3)", async () => {
    const dave = await makeUser();
    const [real, fake] = addListings(dave.id, 2, (i) => ({ owner: i === 0 ? { firstName: "Anne", lastName: "Vrai", email: "anne.vrai@agence.fr" } : null }));
    await assignOwnersToAllListings(dave.id);
    getSqlite().prepare("update properties set status = 'active' where created_by = ?").run(dave.id);
    const doc = (id: number) => JSON.parse(getSqlite().prepare<[number], string>("select cast(doc as text) from export_documents where property_id = ?").pluck().get(id)!) as { owner: unknown };
    expect(doc(real!).owner).toEqual({ first_name: "Anne", last_name: "Vrai", email: "anne.vrai@agence.fr" });
    expect(doc(fake!).owner).toBeNull();
    const csv = await new Response(listingCsvStream(dave.id, { q: "", city: "", type: "", transaction: "all", status: "all" })).text();
    const fakeEmail = ownerOf(fake!)!.email!;
    expect(csv).toContain("anne.vrai@agence.fr");
    expect(csv).not.toContain(fakeEmail);
  });

  it("assignOwnersToAllListings n'assigne que les annonces sans propriétaire de l'utilisateur", async () => {
    const carol = await makeUser();
    const carolIds = addListings(carol.id, 2500, (i) => ({ owner: i < 3 ? { firstName: "Paul", lastName: "Roux", email: "paul@example.com" } : null }));
    const result = await assignOwnersToAllListings(carol.id);
    expect(result).toEqual({ assigned: 2497, message: "2\u00a0497 propriétaires fictifs assignés" });
    const owned = getDb().select({ id: propertyOwners.propertyId }).from(propertyOwners).where(inArray(propertyOwners.propertyId, carolIds)).all();
    expect(owned).toHaveLength(2500);
    expect(ownerOf(carolIds[0]!)?.firstName).toBe("Paul");
    expect(ownerOf(bobIds[0]!)).toBeUndefined();
    expect(await assignOwnersToAllListings(carol.id)).toEqual({ assigned: 0, message: "Toutes vos annonces ont déjà un propriétaire" });
    // The generated owners are marked fictitious; the owners that came with the listings are not.
    expect(ownerOf(carolIds[3]!)?.fictitious).toBe(true);
    expect(ownerOf(carolIds[0]!)?.fictitious).toBe(false);
  });
});
