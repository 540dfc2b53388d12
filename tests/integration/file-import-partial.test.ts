import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { properties } from "#db/schema";
import { action } from "~/routes/resources.file-import";
import { toImportJobView } from "~/services/imports/import-job-view";
import { getDb } from "~/utils/db.server";
import { waitForImportJob } from "../setup/connections-factories";
import { makeUser, requestAs } from "../setup/factories";

/**
 * Issue 24 item 2: a re-import of a file holding only some columns updates those and nothing
 * else, through the real upload route, parsing worker and job.
 */
async function importFile(userId: string, content: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new File([content], "annonces.csv"));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = await requestAs(userId, "/resources/file-import", { method: "POST", body: form, headers: { Accept: "application/json" } });
  const response = (await action({ request, params: {}, context: {} })) as Response;
  const body = (await response.json()) as { ok: boolean; job?: { id: string }; toast: { message: string } };
  expect(response.status, body.toast.message).toBe(200);
  return waitForImportJob(userId, body.job!.id);
}

function listing(userId: string, reference: string) {
  return getDb()
    .select()
    .from(properties)
    .where(and(eq(properties.createdBy, userId), eq(properties.sourcePlatformId, reference)))
    .get()!;
}

const FULL = [
  "référence;titre;prix;transaction;adresse;ville;code postal;surface;pièces;chambres;dpe;caractéristiques;photos;étage",
  "APT-1;T3 lumineux;1 250;vente;12 rue de la République;Lyon;69002;65;3;2;C;Balcon|Cave;https://exemple.fr/1.jpg;3",
].join("\n");

describe("réimport partiel d'un fichier", () => {
  it("laisse intactes les colonnes absentes du fichier et dit quels champs ont changé", async () => {
    const user = await makeUser();
    await importFile(user.id, FULL);
    const job = await importFile(user.id, "référence;titre;prix;ville;surface\nAPT-1;T3 lumineux;1 190;Lyon;65\n");
    expect(job).toMatchObject({ status: "completed", imported: 0, updated: 1 });
    expect(listing(user.id, "APT-1")).toMatchObject({
      price: 1190,
      transactionType: "sale",
      address: "12 rue de la République",
      postalCode: "69002",
      rooms: 3,
      bedrooms: 2,
      energyRating: "C",
      features: ["Balcon", "Cave"],
      images: ["https://exemple.fr/1.jpg"],
      floor: 3,
    });
    expect(job.changedFields).toEqual({ price: 1 });
    expect(toImportJobView(job).changedFields).toEqual([{ field: "price", label: "prix", count: 1 }]);
  });

  it("une cellule vide d'une colonne présente garde la valeur, sauf si l'import demande d'effacer", async () => {
    const user = await makeUser();
    await importFile(user.id, FULL);
    const blanks = "référence;titre;prix;ville;adresse;dpe\nAPT-1;T3 lumineux;1 250;Lyon;;\n";
    const kept = await importFile(user.id, blanks);
    expect(kept).toMatchObject({ updated: 0, skipped: 1 });
    expect(listing(user.id, "APT-1")).toMatchObject({ address: "12 rue de la République", energyRating: "C" });

    const cleared = await importFile(user.id, blanks, { clearEmptyCells: "on" });
    expect(cleared).toMatchObject({ updated: 1 });
    expect(cleared.changedFields).toEqual({ address: 1, energy_rating: 1 });
    // Columns absent from the file stay, even with the option.
    expect(listing(user.id, "APT-1")).toMatchObject({ address: null, energyRating: null, rooms: 3, transactionType: "sale" });
  });
});
