import { execFile } from "node:child_process";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { importJobs } from "#db/schema";
import { createZone } from "~/services/prospecting/zones.server";
import { zoneFormSchema } from "~/services/prospecting/zone-form";
import { getDb } from "~/utils/db.server";
import { makeUser } from "../setup/factories";
import { listingsOf } from "../setup/import-factories";

// `npm run import` with criteria and `npm run prospect`, in their own process on this test's
// database, in demo mode (the demo feed answers a zone's filters as the partner would).

type Result = { code: number | null; stdout: string; stderr: string };

function cli(script: string, argv: string[]): Promise<Result> {
  const env: NodeJS.ProcessEnv = { ...process.env, VIGIMMO_SILENT_LOGS: "true" };
  delete env.MOTEURIMMO_API_KEY;
  delete env.DEBUG;
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...argv], { env, timeout: 90_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

describe("npm run import avec des critères", () => {
  it.each([
    [["--departments", "999"], "--departments : département inconnu(e) « 999 »"],
    [["--communes", "99999"], "--communes : commune (code INSEE) inconnu(e) « 99999 »"],
    [["--transaction", "achat"], "--transaction doit valoir vente, location"],
    [["--price-max", "beaucoup"], "--price-max doit être un nombre entier d'euros"],
  ])("refuse %j en français, sortie 2", async (argv, message) => {
    const result = await cli("import", ["--email", "personne@example.fr", ...argv]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr.trim()).toContain(message);
  });

  it("n'importe que la commune, la transaction et le budget demandés", async () => {
    const user = await makeUser();
    const result = await cli("import", ["--email", user.email, "--communes", "69123", "--transaction", "location", "--price-max", "1500", "--pages", "3"]);
    expect(result.code, result.stderr).toBe(0);
    const listings = listingsOf(user.id);
    expect(listings.length).toBeGreaterThan(0);
    expect(new Set(listings.map((listing) => listing.city))).toEqual(new Set(["Lyon"]));
    expect(listings.every((listing) => listing.transactionType === "rental" && listing.price! <= 1500)).toBe(true);
  });
});

describe("npm run prospect", () => {
  it("lance les zones dues du compte, une fois, puis s'arrête", async () => {
    const user = await makeUser();
    const form = zoneFormSchema.parse({ name: "Rhône", departments: "69", frequency: "1" });
    const zone = createZone(user.id, form, new Date(Date.now() - 3 * 60 * 60 * 1000));
    const first = await cli("prospect", ["--email", user.email]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Rhône — Import terminé/m);
    const runs = getDb().select().from(importJobs).where(eq(importJobs.zoneId, zone.id)).all();
    expect(runs).toHaveLength(1);
    expect(runs[0]!.imported).toBeGreaterThan(0);
    const second = await cli("prospect", ["--email", user.email]);
    expect(second.stdout).toContain(`Aucune zone à lancer pour ${user.email}.`);
  });
});
