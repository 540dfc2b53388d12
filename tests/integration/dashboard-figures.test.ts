import { describe, expect, it } from "vitest";
import { action as fileImportAction } from "~/routes/resources.file-import";
import { loader as dashboardLoader } from "~/routes/_app.dashboard";
import { seedListings } from "~/services/platform/demo-data.server";
import { waitForImportJob } from "../setup/connections-factories";
import { makeUser, requestAs } from "../setup/factories";
import { addListings, logExport, setStatus, setUserStatistics } from "../setup/listings-factories";

/** Issue 17, item 5: each card of /dashboard on the accounts where they used to contradict each other. */

async function dashboard(userId: string) {
  const { stats } = await dashboardLoader({ request: await requestAs(userId, "/dashboard"), params: {}, context: {} });
  return stats!;
}

async function importFile(userId: string, csv: string) {
  const form = new FormData();
  form.append("file", new File([csv], "annonces.csv"));
  const request = await requestAs(userId, "/resources/file-import", { method: "POST", body: form, headers: { Accept: "application/json" } });
  const response = (await fileImportAction({ request, params: {}, context: {} })) as Response;
  const body = (await response.json()) as { job: { id: string } };
  return waitForImportJob(userId, body.job.id);
}

describe("cartes du tableau de bord", () => {
  it("compte vide : zéro partout, « Aucun » pour les dates, taux à 0", async () => {
    const user = await makeUser();
    expect(await dashboard(user.id)).toMatchObject({
      counts: { all: 0, pending: 0, suspicious: 0, active: 0, rejected: 0 },
      importedViaApi: 0,
      lastImportDate: null,
      lastExportDate: null,
      activeRate: 0,
      exportedRate: 0,
    });
  });

  it("seulement des imports de fichier : aucune annonce « via API » et pas de « Dernier import API »", async () => {
    const user = await makeUser();
    const job = await importFile(user.id, "titre;prix;ville;type de transaction\nT2 lumineux;850;Lyon;location\nMaison;320000;Nantes;vente\n");
    expect(job.status).toBe("completed");
    expect(await dashboard(user.id)).toMatchObject({ counts: { all: 2 }, importedViaApi: 0, lastImportDate: null });
  });

  it("annonces de démonstration : « Dernier import API » daté à côté de « Importées via API »", async () => {
    const user = await makeUser();
    seedListings(user.id, 40, 3);
    const stats = await dashboard(user.id);
    expect(stats.importedViaApi).toBe(40);
    expect(stats.lastImportDate).toBeInstanceOf(Date);
  });

  it("rien d'exporté : 0 % ; des exports sans annonce active : 0 % aussi", async () => {
    const user = await makeUser();
    const ids = addListings(user.id, 4);
    setStatus(ids.slice(0, 2), "active");
    expect(await dashboard(user.id)).toMatchObject({ activeRate: 50, exportedRate: 0, lastExportDate: null });

    const idle = await makeUser();
    addListings(idle.id, 3);
    logExport(idle.id, 120);
    setUserStatistics(idle.id, { propertiesExported: 120, lastExportDate: new Date() });
    expect(await dashboard(idle.id)).toMatchObject({ activeRate: 0, exportedRate: 0, propertiesExported: 120 });
  });
});
