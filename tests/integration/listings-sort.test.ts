import { describe, expect, it } from "vitest";
import { loader as propertiesLoader } from "~/routes/_app.properties";
import type { ListingFilters } from "~/services/listings/listing-filters";
import { explainListingQueries } from "~/services/listings/listings.server";
import { makeUser, requestAs } from "../setup/factories";
import { addListings } from "../setup/listings-factories";

/** Issue 17, item 9: the /properties orders, read from the query string. */
async function titles(userId: string, search: string) {
  const request = await requestAs(userId, `/properties${search}`);
  const data = await propertiesLoader({ request, params: {}, context: {} });
  return { titles: data.listings.map((listing) => listing.title), sort: data.filters.sort, total: data.total };
}

async function agency() {
  const user = await makeUser();
  const rows = [
    { title: "A 900 € 18 m²", price: 900, surfaceArea: 18, city: "Lyon" },
    { title: "B 1500 € 95,5 m²", price: 1500, surfaceArea: 95.5, city: "Lyon" },
    { title: "C 600 € 40 m²", price: 600, surfaceArea: 40, city: "Nantes" },
    { title: "D sans prix", price: null, surfaceArea: 30, city: "Lyon" },
    { title: "E surface 0", price: 700, surfaceArea: 0, city: "Lyon" },
    { title: "F 600 € sans surface", price: 600, surfaceArea: null, city: "Lyon" },
  ];
  addListings(user.id, rows.length, (index) => rows[index]!);
  return user;
}

describe("tri de /properties", () => {
  it("prix, surface et prix au m² : les valeurs manquantes en dernier, l'id départage", async () => {
    const user = await agency();
    expect((await titles(user.id, "?sort=price_asc")).titles).toEqual(["F 600 € sans surface", "C 600 € 40 m²", "E surface 0", "A 900 € 18 m²", "B 1500 € 95,5 m²", "D sans prix"]);
    expect((await titles(user.id, "?sort=price_desc")).titles).toEqual(["B 1500 € 95,5 m²", "A 900 € 18 m²", "E surface 0", "F 600 € sans surface", "C 600 € 40 m²", "D sans prix"]);
    expect((await titles(user.id, "?sort=surface_desc")).titles).toEqual(["B 1500 € 95,5 m²", "C 600 € 40 m²", "D sans prix", "A 900 € 18 m²", "E surface 0", "F 600 € sans surface"]);
    // 15 €/m², 15,7 €/m², 50 €/m²; no price, a surface of 0 or none: no price per m², last.
    expect((await titles(user.id, "?sort=price_per_m2_asc")).titles).toEqual(["C 600 € 40 m²", "B 1500 € 95,5 m²", "A 900 € 18 m²", "F 600 € sans surface", "E surface 0", "D sans prix"]);
  });

  it("se combine avec les filtres et « Charger plus », et retombe sur « Plus récentes » si la valeur est inconnue", async () => {
    const user = await agency();
    const lyon = await titles(user.id, "?sort=price_asc&city=Lyon");
    expect(lyon.titles).toEqual(["F 600 € sans surface", "E surface 0", "A 900 € 18 m²", "B 1500 € 95,5 m²", "D sans prix"]);
    expect(lyon.total).toBe(5);
    expect((await titles(user.id, "?sort=price_asc&q=sans")).titles).toEqual(["F 600 € sans surface", "D sans prix"]);
    const unknown = await titles(user.id, "?sort=n'importe-quoi");
    expect(unknown.sort).toBe("recent");
    expect(unknown.titles[0]).toBe("F 600 € sans surface");
  });

  it("classe la page sur l'index couvrant, sans lire toutes les lignes ni parcourir la table", async () => {
    const user = await agency();
    const base: ListingFilters = { q: "", city: "", type: "", transaction: "all", status: "pending", limit: 50 };
    for (const sort of ["price_asc", "price_desc", "surface_desc", "price_per_m2_asc"] as const) {
      for (const filters of [{ ...base, sort }, { ...base, sort, status: "all" as const }, { ...base, sort, city: "Lyon" }]) {
        const { list } = explainListingQueries(user.id, filters);
        expect(list.join(" → "), JSON.stringify(filters)).toMatch(/USING COVERING INDEX properties_owner_status_confidence_sort_idx/);
        for (const line of list) expect(line).not.toMatch(/^SCAN properties( |$)(?!USING)/);
      }
    }
  });
});
