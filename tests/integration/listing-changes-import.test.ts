import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { priceChanges, properties } from "#db/schema";
import { generateDemoAds } from "~/services/moteurimmo/demo-feed.server";
import { getDb } from "~/utils/db.server";
import type { FakeMoteurImmo } from "../../testing/fake-moteurimmo";
import { makeUser } from "../setup/factories";
import { listingsOf, resetPartnerEnv, runMoteurImmoImport, useFakePartner } from "../setup/import-factories";

let partner: FakeMoteurImmo | undefined;
afterEach(async () => {
  await partner?.close();
  partner = undefined;
  resetPartnerEnv();
});

const ADS = generateDemoAds(30, 7);
const idOf = (index: number) => ADS[index]!.uniqueId;
const priceOf = (index: number) => ADS[index]!.price as number;

function listingBySource(userId: string, uniqueId: string) {
  return listingsOf(userId).find((listing) => listing.sourcePlatformId === uniqueId)!;
}

describe("annonces retirées et baisses de prix entre deux imports", () => {
  it("lit POST /deletedAds avec le même corps de recherche et marque les annonces retirées du compte", async () => {
    partner = await useFakePartner({ ads: ADS });
    const user = await makeUser({ admin: true });
    const other = await makeUser({ admin: true });
    await runMoteurImmoImport(user.id, { pages: 1, perPage: 100 });
    await runMoteurImmoImport(other.id, { pages: 1, perPage: 100 });

    partner.nextRun({ withdraw: [idOf(0), idOf(1)] });
    const job = await runMoteurImmoImport(user.id, { pages: 1, perPage: 100 });

    expect(job).toMatchObject({ status: "completed", withdrawn: 2, imported: 0 });
    const search = partner.requests.filter((r) => r.path === "/ads").at(-1)!.body;
    const deleted = partner.requests.filter((r) => r.path === "/deletedAds").at(-1)!.body;
    const filter = (body: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(body).filter(([key]) => !["page", "maxLength", "withCount"].includes(key)));
    expect(filter(deleted)).toEqual(filter(search));
    expect(deleted).toMatchObject({ page: 1, maxLength: 1000 });

    const withdrawn = listingBySource(user.id, idOf(0));
    expect(withdrawn.withdrawnAt).toBeInstanceOf(Date);
    expect(withdrawn.status).toBe("pending");
    expect(listingBySource(user.id, idOf(2)).withdrawnAt).toBeNull();
    // Another account's copies are its own: only its own imports mark them.
    expect(listingBySource(other.id, idOf(0)).withdrawnAt).toBeNull();

    // Read again on the next run, already marked listings are not counted twice.
    const again = await runMoteurImmoImport(user.id, { pages: 1, perPage: 100 });
    expect(again.withdrawn).toBe(0);
  });

  it("une annonce retirée revue dans les résultats n'est plus retirée", async () => {
    partner = await useFakePartner({ ads: ADS });
    const user = await makeUser({ admin: true });
    await runMoteurImmoImport(user.id, { pages: 1, perPage: 100 });
    partner.nextRun({ withdraw: [idOf(3)] });
    await runMoteurImmoImport(user.id, { pages: 1, perPage: 100 });
    expect(listingBySource(user.id, idOf(3)).withdrawnAt).toBeInstanceOf(Date);

    await partner.close();
    partner = await useFakePartner({ ads: ADS });
    const job = await runMoteurImmoImport(user.id, { pages: 1, perPage: 100 });
    expect(job).toMatchObject({ status: "completed", withdrawn: 0, updated: 1 });
    expect(listingBySource(user.id, idOf(3)).withdrawnAt).toBeNull();
  });

  it("enregistre chaque nouveau prix d'une annonce connue et compte les baisses du passage", async () => {
    partner = await useFakePartner({ ads: ADS });
    const user = await makeUser({ admin: true });
    await runMoteurImmoImport(user.id, { pages: 1, perPage: 100 });

    partner.nextRun({ prices: { [idOf(4)]: priceOf(4) - 50, [idOf(5)]: priceOf(5) - 20, [idOf(6)]: priceOf(6) + 30 } });
    const job = await runMoteurImmoImport(user.id, { pages: 1, perPage: 100 });
    expect(job).toMatchObject({ status: "completed", priceDrops: 2, updated: 3, imported: 0 });

    const dropped = listingBySource(user.id, idOf(4));
    expect(dropped.price).toBe(priceOf(4) - 50);
    const history = getDb().select().from(priceChanges).where(eq(priceChanges.propertyId, dropped.id)).all();
    expect(history).toEqual([
      expect.objectContaining({ userId: user.id, oldPrice: priceOf(4), newPrice: priceOf(4) - 50, changedAt: expect.any(Date) }),
    ]);
    const rise = listingBySource(user.id, idOf(6));
    expect(getDb().select().from(priceChanges).where(eq(priceChanges.propertyId, rise.id)).all()).toHaveLength(1);

    // The same prices again: no new history, no drop.
    const same = await runMoteurImmoImport(user.id, { pages: 1, perPage: 100 });
    expect(same).toMatchObject({ priceDrops: 0, updated: 0 });
    expect(getDb().select().from(priceChanges).all()).toHaveLength(3);

    // The history goes with the listing.
    getDb().delete(properties).where(eq(properties.id, dropped.id)).run();
    expect(getDb().select().from(priceChanges).where(eq(priceChanges.propertyId, dropped.id)).all()).toHaveLength(0);
  });

  it("une erreur du partenaire sur les annonces retirées n'annule pas l'import", async () => {
    partner = await useFakePartner({ ads: ADS });
    partner.setFaults([{ path: "/deletedAds", type: "status", status: 400, body: '{"error":"bad"}' }]);
    const user = await makeUser({ admin: true });
    const job = await runMoteurImmoImport(user.id, { pages: 1, perPage: 100 });
    expect(job).toMatchObject({ status: "completed", imported: 30, withdrawn: 0 });
    expect(job.errors.some((line) => line.startsWith("Annonces retirées non lues"))).toBe(true);
  });
});
