import { describe, expect, it } from "vitest";
import { loader as adminLoader } from "~/routes/_app.admin";
import { loader as dashboardLoader } from "~/routes/_app.dashboard";
import { getAccountCharts, getPlatformCharts } from "~/services/analytics/charts.server";
import { parisDayOf } from "~/services/analytics/paris-days";
import { refreshPlatformPrices } from "~/services/analytics/platform-prices.server";
import { MSG } from "~/messages";
import { agentDecision, createdAt, engineVerdict, exportCall, pricedActive, signedUpAt } from "../setup/chart-factories";
import { makeExportKey } from "../setup/export-factories";
import { makeUser, requestAs, thrownBy } from "../setup/factories";
import { addListings } from "../setup/listings-factories";

/** Issue 16: the data of the dashboards' charts, per Europe/Paris day. */

const seriesOf = (charts: ReturnType<typeof getAccountCharts>, source: string) =>
  charts.imports.series.find((series) => series.source === source)?.counts;

describe("graphiques du tableau de bord", () => {
  it("compte vide : 30 jours par défaut jusqu'à aujourd'hui (Paris), tout à zéro, aucune ville", async () => {
    const user = await makeUser();
    const { charts } = await dashboardLoader({ request: await requestAs(user.id, "/dashboard"), params: {}, context: {} });
    expect(charts.period).toBe(30);
    expect(charts.days).toHaveLength(30);
    expect(charts.days.at(-1)).toBe(parisDayOf(new Date()));
    expect(charts.imports.series).toEqual([]);
    expect(charts.moderation).toEqual({ validated: Array(30).fill(0), rejected: Array(30).fill(0), suspicious: Array(30).fill(0) });
    expect(charts.exports).toEqual({ calls: Array(30).fill(0), listings: Array(30).fill(0) });
    expect(charts.prices).toEqual({ sale: [], rental: [] });
  });

  it("?periode=7 et 90 changent la période ; une autre valeur répond 400 en français", async () => {
    const user = await makeUser();
    for (const period of [7, 90]) {
      const { charts } = await dashboardLoader({ request: await requestAs(user.id, `/dashboard?periode=${period}`), params: {}, context: {} });
      expect(charts.days).toHaveLength(period);
    }
    for (const bad of ["12", "abc", ""]) {
      const thrown = await dashboardLoader({ request: await requestAs(user.id, `/dashboard?periode=${bad}`), params: {}, context: {} }).catch((error: unknown) => error);
      expect(thrown).toMatchObject({ data: { error: MSG.chartPeriodInvalid }, init: { status: 400 } });
    }
  });

  it("jours de Paris au passage à l'heure d'été : 23 h 59 la veille, minuit le jour même", async () => {
    const user = await makeUser();
    const ids = addListings(user.id, 5, (i) => ({ sourcePlatform: i < 3 ? "moteurimmo" : "fichier" }));
    createdAt([ids[0]!], "2024-03-30T22:59:59.999Z"); // 30 mars, 23:59:59 à Paris (UTC+1)
    createdAt([ids[1]!], "2024-03-30T23:00:00.000Z"); // 31 mars, minuit
    createdAt([ids[2]!], "2024-03-31T21:59:59.999Z"); // 31 mars, 23:59:59 (UTC+2 depuis 3 h)
    createdAt([ids[3]!], "2024-03-31T22:00:00.000Z"); // 1er avril, minuit
    createdAt([ids[4]!], "2024-03-31T23:30:00.000Z"); // 1er avril, 1 h 30 (minuit UTC passé : même jour)
    const charts = getAccountCharts(user.id, 7, new Date("2024-04-01T10:00:00Z"));
    expect(charts.days.slice(-3)).toEqual(["2024-03-30", "2024-03-31", "2024-04-01"]);
    expect(seriesOf(charts, "MoteurImmo")!.slice(-3)).toEqual([1, 2, 0]);
    expect(seriesOf(charts, "Import de fichier")!.slice(-3)).toEqual([0, 0, 2]);
  });

  it("jours de Paris au retour à l'heure d'hiver : le dimanche de 25 heures compte toutes ses heures", async () => {
    const user = await makeUser();
    const ids = addListings(user.id, 4);
    engineVerdict([ids[0]!], "2024-10-26T22:00:00.000Z", false); // 27 oct., minuit (UTC+2)
    engineVerdict([ids[1]!], "2024-10-27T01:30:00.000Z", true); // 27 oct., 2 h 30 la 2e fois (UTC+1)
    engineVerdict([ids[2]!], "2024-10-27T22:59:59.000Z", true); // 27 oct., 23:59:59 (UTC+1)
    engineVerdict([ids[3]!], "2024-10-27T23:00:00.000Z", false); // 28 oct., minuit
    const charts = getAccountCharts(user.id, 7, new Date("2024-10-28T12:00:00Z"));
    expect(charts.days.slice(-2)).toEqual(["2024-10-27", "2024-10-28"]);
    expect(charts.moderation.validated.slice(-2)).toEqual([1, 1]);
    expect(charts.moderation.suspicious.slice(-2)).toEqual([2, 0]);
  });

  it("modération : l'IA valide ou signale, un agent valide ou blacklist, le jour où chacun l'a fait", async () => {
    const user = await makeUser();
    const admin = await makeUser({ admin: true });
    const ids = addListings(user.id, 6);
    engineVerdict(ids.slice(0, 2), "2024-06-10T08:00:00Z", false);
    engineVerdict(ids.slice(2, 6), "2024-06-10T09:00:00Z", true);
    agentDecision(ids[2]!, user.id, "active", "2024-06-11T08:00:00Z");
    agentDecision(ids[3]!, user.id, "rejected", "2024-06-11T09:00:00Z");
    // An administrator's decision on this account's listing counts for the account.
    agentDecision(ids[4]!, admin.id, "rejected", "2024-06-11T10:00:00Z");
    const charts = getAccountCharts(user.id, 7, new Date("2024-06-11T12:00:00Z"));
    expect(charts.moderation.validated.slice(-2)).toEqual([2, 1]);
    expect(charts.moderation.rejected.slice(-2)).toEqual([0, 2]);
    expect(charts.moderation.suspicious.slice(-2)).toEqual([4, 0]);
  });

  it("exports : appels et annonces exportées par jour, y compris par une clé supprimée", async () => {
    const user = await makeUser();
    const key = makeExportKey(user.id);
    exportCall(user.id, key.id, 50, "2024-06-10T08:00:00Z");
    exportCall(user.id, key.id, 20, "2024-06-10T21:59:00Z");
    exportCall(user.id, null, 7, "2024-06-11T06:00:00Z");
    const charts = getAccountCharts(user.id, 7, new Date("2024-06-11T12:00:00Z"));
    expect(charts.exports.calls.slice(-2)).toEqual([2, 1]);
    expect(charts.exports.listings.slice(-2)).toEqual([70, 7]);
  });

  it("prix au m² : quartiles des annonces actives par ville, vente et location séparées", async () => {
    const user = await makeUser();
    const lyon = addListings(user.id, 4, () => ({ city: "Lyon", transactionType: "sale" }));
    lyon.forEach((id, index) => pricedActive([id], (index + 1) * 100_000, 50)); // 2 000, 4 000, 6 000, 8 000 €/m²
    const nantes = addListings(user.id, 1, () => ({ city: "Nantes", transactionType: "sale" }));
    pricedActive(nantes, 150_000, 50);
    const rentals = addListings(user.id, 2, () => ({ city: "Lyon", transactionType: "rental" }));
    pricedActive(rentals, 900, 45);
    // Not counted: a pending listing, one without a surface.
    addListings(user.id, 1, () => ({ city: "Lyon", transactionType: "sale", price: 10_000_000 }));
    const noSurface = addListings(user.id, 1, () => ({ city: "Lyon", transactionType: "sale" }));
    pricedActive(noSurface, 100_000, 0);
    const { prices } = getAccountCharts(user.id, 7);
    expect(prices.sale).toEqual([
      { city: "Lyon", listings: 4, q1: 2000, median: 4000, q3: 6000 },
      { city: "Nantes", listings: 1, q1: 3000, median: 3000, q3: 3000 },
    ]);
    expect(prices.rental).toEqual([{ city: "Lyon", listings: 2, q1: 20, median: 20, q3: 20 }]);
  });

  it("un compte ne voit jamais les chiffres d'un autre ; /admin les additionne", async () => {
    const now = new Date("2024-06-11T12:00:00Z");
    const platformBefore = getPlatformCharts(7, now);
    const user = await makeUser();
    const other = await makeUser({ email: `autre-${Date.now()}@example.fr` });
    const mine = addListings(user.id, 2);
    createdAt(mine, "2024-06-11T08:00:00Z");
    const theirs = addListings(other.id, 3, () => ({ city: "Marseille", transactionType: "sale" }));
    createdAt(theirs, "2024-06-11T08:00:00Z");
    engineVerdict(theirs, "2024-06-11T09:00:00Z", true);
    agentDecision(theirs[0]!, other.id, "rejected", "2024-06-11T10:00:00Z");
    pricedActive(theirs.slice(1), 300_000, 60);
    const theirKey = makeExportKey(other.id, "Portail de l'autre");
    exportCall(other.id, theirKey.id, 500, "2024-06-11T09:00:00Z");
    signedUpAt(user.id, "2024-06-10T10:00:00Z");
    signedUpAt(other.id, "2024-06-11T10:00:00Z");

    const charts = getAccountCharts(user.id, 7, now);
    expect(charts.imports.series).toEqual([{ source: "Import de fichier", counts: [0, 0, 0, 0, 0, 0, 2] }]);
    expect(charts.moderation.suspicious.at(-1)).toBe(0);
    expect(charts.moderation.rejected.at(-1)).toBe(0);
    expect(charts.exports.listings.at(-1)).toBe(0);
    expect(charts.prices.sale.map((city) => city.city)).not.toContain("Marseille");

    // /admin's prices are those of the periodic computation (issue 30): run it as the server would.
    await refreshPlatformPrices();
    const platform = getPlatformCharts(7, now);
    const added = (after: number[], before: number[]) => after.at(-1)! - before.at(-1)!;
    expect(added(platform.imports.series.find((s) => s.source === "Import de fichier")!.counts, platformBefore.imports.series.find((s) => s.source === "Import de fichier")?.counts ?? [0])).toBe(5);
    expect(added(platform.moderation.suspicious, platformBefore.moderation.suspicious)).toBe(3);
    expect(added(platform.moderation.rejected, platformBefore.moderation.rejected)).toBe(1);
    expect(added(platform.exports.listings, platformBefore.exports.listings)).toBe(500);
    expect(platform.signups.slice(-2)).toEqual([platformBefore.signups.at(-2)! + 1, platformBefore.signups.at(-1)! + 1]);
    expect(platform.busiestKeys).toContainEqual({ id: theirKey.id, name: "Portail de l'autre", ownerEmail: expect.stringContaining("autre-"), calls: 1, listings: 500 });
    expect(platform.prices.sale.find((city) => city.city === "Marseille")).toMatchObject({ listings: 2, median: 5000 });
  });

  it("/admin : les prix au m² de toute la plateforme viennent du calcul périodique, daté, pas de la requête", async () => {
    const first = await makeUser({ email: `prix-1-${Date.now()}@example.fr` });
    const second = await makeUser({ email: `prix-2-${Date.now()}@example.fr` });
    // Quartiles over both accounts at once: 1 000, 2 000, 3 000, 4 000 €/m² at Brest (nearest rank).
    pricedActive(addListings(first.id, 2, () => ({ city: "Brest", transactionType: "sale" })), 100_000, 100);
    pricedActive(addListings(second.id, 1, () => ({ city: "Brest", transactionType: "sale" })), 300_000, 100);
    pricedActive(addListings(second.id, 1, () => ({ city: "Brest", transactionType: "sale" })), 400_000, 100);
    const [two] = addListings(first.id, 1, () => ({ city: "Brest", transactionType: "sale" }));
    pricedActive([two!], 200_000, 100);
    const refreshed = await refreshPlatformPrices();
    const brest = { city: "Brest", listings: 5, q1: 1000, median: 2000, q3: 3000 };
    expect(refreshed.sale).toContainEqual(brest);

    // A new listing is not in the figures until the next computation, and the chart says when that ran.
    pricedActive(addListings(first.id, 1, () => ({ city: "Brest", transactionType: "sale" })), 900_000, 100);
    const stale = getPlatformCharts(7);
    expect(stale.prices.sale).toContainEqual(brest);
    expect(stale.pricesComputedAt).toBe(refreshed.computedAt.toISOString());
    await refreshPlatformPrices();
    expect(getPlatformCharts(7).prices.sale.find((city) => city.city === "Brest")).toMatchObject({ listings: 6, median: 2000, q3: 4000 });
  });

  it("/admin : graphiques pour les administrateurs seulement", async () => {
    const user = await makeUser();
    const denied = await thrownBy(async () => adminLoader({ request: await requestAs(user.id, "/admin"), params: {}, context: {} }));
    expect(denied.status).toBe(302);
    const admin = await makeUser({ admin: true });
    const { charts } = await adminLoader({ request: await requestAs(admin.id, "/admin?periode=7"), params: {}, context: {} });
    expect(charts.days).toHaveLength(7);
    expect(charts.signups).toHaveLength(7);
  });
});
