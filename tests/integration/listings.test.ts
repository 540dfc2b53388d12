import { beforeAll, describe, expect, it } from "vitest";
import { loader as propertiesLoader } from "~/routes/_app.properties";
import type { ListingFilters } from "~/services/listings/listing-filters";
import { explainListingQueries } from "~/services/listings/listings.server";
import { toFtsQuery } from "~/services/listings/listing-search";
import { makeUser, requestAs } from "../setup/factories";
import { addListings, setStatus } from "../setup/listings-factories";

type PropertiesData = Awaited<ReturnType<typeof propertiesLoader>>;

async function list(userId: string, search = ""): Promise<PropertiesData> {
  const request = await requestAs(userId, `/properties${search}`);
  return propertiesLoader({ request, params: {}, context: {} });
}

let owner: { id: string };
let other: { id: string };
let ids: number[];

beforeAll(async () => {
  owner = await makeUser();
  other = await makeUser();
  // 120 listings for the owner: 60 pending, 30 suspicious (flagged), 20 active, 10 rejected.
  ids = addListings(owner.id, 120, (i) => ({
    city: i % 4 === 0 ? "Lyon" : i % 4 === 1 ? "Marseille" : "Saint-Étienne",
    propertyType: i % 3 === 0 ? "Maison" : "Appartement",
    transactionType: i % 5 === 0 ? "sale" : "rental",
    title: i === 7 ? "Loft d'artiste à la Croix-Rousse" : `Appartement T2 n°${i}`,
    description: i === 9 ? "Cuisine équipée, très lumineux, proche du métro." : "Bel appartement de deux pièces, proche des commerces.",
  }));
  setStatus(ids.slice(60, 90), "suspicious", "Prix anormalement bas");
  setStatus(ids.slice(90, 110), "active");
  setStatus(ids.slice(110), "rejected", "Arnaque confirmée");
  addListings(other.id, 30, () => ({ city: "Bordeaux", propertyType: "Terrain", title: "Annonce d'un autre utilisateur" }));
});

describe("/properties : portée et compteurs", () => {
  it("ne montre que les annonces de l'utilisateur, toutes par défaut (issue 24 item 4), les plus récentes d'abord", async () => {
    const result = await list(owner.id);
    expect(result.filters.status).toBe("all");
    expect(result.counts).toEqual({ pending: 60, suspicious: 30, active: 20, rejected: 10, all: 120 });
    expect(result.total).toBe(120);
    expect(result.listings).toHaveLength(50);
    expect(result.listings.every((listing) => ids.includes(listing.id))).toBe(true);
    const pending = await list(owner.id, "?status=pending");
    expect(pending.total).toBe(60);
    expect(pending.listings[0]!.id).toBe(ids[59]);
    expect(pending.listings.map((l) => l.id)).toEqual([...ids.slice(10, 60)].reverse());
    expect(result.listings.map((l) => l.id)).toEqual([...ids.slice(70, 120)].reverse());
  });

  it("l'autre utilisateur ne voit que les siennes, et les options de filtre viennent de ses annonces", async () => {
    const result = await list(other.id, "?status=all");
    expect(result.total).toBe(30);
    expect(result.listings.every((l) => !ids.includes(l.id))).toBe(true);
    expect(result.options).toEqual({ cities: ["Bordeaux"], types: ["Terrain"] });
    const mine = await list(owner.id);
    expect(mine.options.cities).toEqual(["Lyon", "Marseille", "Saint-Étienne"]);
    expect(mine.options.types).toEqual(["Appartement", "Maison"]);
  });

  it("filtre par statut, et marque les annonces signalées par l'IA", async () => {
    const suspicious = await list(owner.id, "?status=suspicious");
    expect(suspicious.total).toBe(30);
    expect(suspicious.listings.every((l) => l.status === "suspicious" && l.flagged)).toBe(true);
    expect((await list(owner.id, "?status=active")).listings.every((l) => !l.flagged)).toBe(true);
    expect((await list(owner.id, "?status=rejected")).total).toBe(10);
    expect((await list(owner.id, "?status=all")).total).toBe(120);
  });

  it("filtre par ville, type et transaction, combinés", async () => {
    const lyon = await list(owner.id, "?status=all&city=Lyon");
    expect(lyon.total).toBe(30);
    expect(lyon.listings.every((l) => l.city === "Lyon")).toBe(true);
    const houses = await list(owner.id, "?status=all&type=Maison&transaction=sale");
    expect(houses.total).toBe(8); // i multiple of 15 among 0..119
    expect(houses.listings.every((l) => l.propertyType === "Maison" && l.transactionType === "sale")).toBe(true);
    const accents = await list(owner.id, `?status=all&city=${encodeURIComponent("Saint-Étienne")}&transaction=rental`);
    expect(accents.total).toBe(48);
    expect((await list(owner.id, "?status=all&city=Bordeaux")).total).toBe(0);
  });

  it("des paramètres invalides reprennent leur valeur par défaut (jamais d'erreur)", async () => {
    const result = await list(owner.id, "?status=nimporte&transaction=troc&limit=-5&q=");
    expect(result.filters).toMatchObject({ status: "all", transaction: "all", limit: 50, q: "" });
    expect(result.total).toBe(120);
  });
});

describe("/properties : recherche plein texte", () => {
  it("cherche par préfixe dans le titre, la description, la ville et l'adresse, sans tenir compte des accents", async () => {
    expect((await list(owner.id, "?status=all&q=croix-rou")).listings.map((l) => l.id)).toEqual([ids[7]]);
    expect((await list(owner.id, "?status=all&q=equipee%20LUMIN")).listings.map((l) => l.id)).toEqual([ids[9]]);
    expect((await list(owner.id, "?status=all&q=saint%20etienne")).total).toBe(60);
    expect((await list(owner.id, "?status=all&q=republique")).total).toBe(120);
    // Words are ANDed; the other user's matching listings are never found.
    expect((await list(owner.id, "?status=all&q=lyon%20inexistant")).total).toBe(0);
    expect((await list(owner.id, "?status=all&q=autre%20utilisateur")).total).toBe(0);
  });

  it("la recherche se combine au statut et aux autres filtres", async () => {
    const result = await list(owner.id, "?status=pending&q=appartement&city=Lyon");
    expect(result.total).toBe(15);
    expect(result.listings.every((l) => l.status === "pending" && l.city === "Lyon")).toBe(true);
  });

  it("la syntaxe FTS tapée par l'utilisateur est neutralisée, la ponctuation seule ne filtre pas", async () => {
    for (const q of ['"', "NEAR(lyon", "lyon OR marseille", "*", "title:lyon", "^lyon", "lyon AND", "'); drop table properties; --"]) {
      await expect(list(owner.id, `?status=all&q=${encodeURIComponent(q)}`), q).resolves.toMatchObject({ listings: expect.any(Array) });
    }
    expect((await list(owner.id, `?status=all&q=${encodeURIComponent("!!! ... ???")}`)).total).toBe(120);
    expect(toFtsQuery('lyon" OR "x')).toBe('"lyon"* "or"* "x"');
    expect(toFtsQuery("  ")).toBeNull();
    expect(toFtsQuery("Lyon lyon t")).toBe('"lyon"* "t"');
  });
});

describe("/properties : pagination", () => {
  it("charge 50 annonces de plus par le paramètre limit", async () => {
    const first = await list(owner.id, "?status=all");
    expect(first.listings).toHaveLength(50);
    const second = await list(owner.id, "?status=all&limit=100");
    expect(second.listings).toHaveLength(100);
    expect(second.listings.slice(0, 50)).toEqual(first.listings);
    const last = await list(owner.id, "?status=all&limit=150");
    expect(last.listings).toHaveLength(120);
    expect(new Set(last.listings.map((l) => l.id)).size).toBe(120);
    expect((await list(owner.id, "?status=all&limit=999999")).filters.limit).toBe(2000);
  });

  it("une annonce sans photo ou avec une adresse d'image douteuse n'a pas d'image", async () => {
    const [noPicture, badPicture] = addListings(owner.id, 2, (i) => ({ images: i === 0 ? [] : ["javascript:alert(1)"], title: `Sans photo ${i}` }));
    const result = await list(owner.id, "?q=sans%20photo");
    const byId = new Map(result.listings.map((l) => [l.id, l]));
    expect(byId.get(noPicture!)?.image).toBeNull();
    expect(byId.get(badPicture!)?.image).toBeNull();
    expect((await list(owner.id, "?status=pending")).listings.find((l) => l.id === ids[59])?.image).toBe("https://images.example.fr/1.jpg");
  });
});

describe("/properties : valeurs rares parmi beaucoup d'annonces", () => {
  it("une ville ou un type rare passe par les index et garde l'ordre et le compte exacts", async () => {
    const agency = await makeUser();
    const many = addListings(agency.id, 1500, (i) => ({
      city: i % 500 === 7 ? "Brest" : "Nantes",
      propertyType: i % 700 === 3 ? "Terrain" : "Appartement",
      description: i % 500 === 7 ? "Vue sur la rade, lumineux." : "Proche du tramway.",
    }));
    const brest = [7, 507, 1007].map((i) => many[i]!).reverse();
    const result = await list(agency.id, "?city=Brest");
    expect(result.total).toBe(3);
    expect(result.listings.map((l) => l.id)).toEqual(brest);
    expect((await list(agency.id, "?city=Brest&q=rade")).listings.map((l) => l.id)).toEqual(brest);
    expect((await list(agency.id, "?type=Terrain&status=all")).listings.map((l) => l.id)).toEqual([1403, 703, 3].map((i) => many[i]!));
    expect((await list(agency.id, "?type=Terrain&city=Brest&status=all")).total).toBe(0);
    // Dense values take the other road (checked on the rows), with the same exactness.
    const nantes = await list(agency.id, "?city=Nantes&limit=100");
    expect(nantes.total).toBe(1497);
    expect(nantes.listings.map((l) => l.id)).toEqual([...many].reverse().filter((id) => !brest.includes(id)).slice(0, 100));
  });

  it("la table temporaire des résultats de recherche est vidée après chaque requête", async () => {
    await list(owner.id, "?q=lyon");
    const { getSqlite } = await import("~/utils/db.server");
    expect(getSqlite().prepare("select count(*) from temp.listing_search_hits").pluck().get()).toBe(0);
  });
});

describe("plans de requête", () => {
  it("la liste filtrée et son compte passent par des index, jamais par un parcours complet de properties", () => {
    const base: ListingFilters = { q: "", city: "", type: "", transaction: "all", status: "pending", limit: 50 };
    const cases: ListingFilters[] = [
      base,
      { ...base, status: "all" },
      { ...base, city: "Lyon" },
      { ...base, type: "Maison", status: "all" },
      { ...base, transaction: "sale" },
      { ...base, q: "lumineux" },
      { ...base, q: "lumineux", status: "all", city: "Lyon" },
    ];
    for (const filters of cases) {
      const plans = explainListingQueries(owner.id, filters);
      for (const line of [...plans.list, ...plans.listRare, ...plans.count]) {
        expect(line, JSON.stringify(filters)).not.toMatch(/^SCAN properties( |$)(?!USING)/);
      }
      expect(plans.list.join(" ")).toMatch(/SEARCH properties USING/);
      expect(plans.listRare.join(" ")).toMatch(/SEARCH properties USING/);
    }
  });
});
