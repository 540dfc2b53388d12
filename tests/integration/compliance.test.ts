import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { complianceJobs, properties } from "#db/schema";
import { action as adminAction, loader as adminLoader } from "~/routes/_app.admin";
import { loader as dashboardLoader } from "~/routes/_app.dashboard";
import { action as propertyAction, loader as propertyLoader } from "~/routes/_app.property.$id";
import { countByCompliance } from "~/services/compliance/compliance-read.server";
import {
  complianceRecheckDue,
  createComplianceJob,
  recheckListingCompliance,
  runComplianceJob,
} from "~/services/compliance/recheck-job.server";
import { getDb, getSqlite } from "~/utils/db.server";
import { callExportApi, makeActiveListings, makeExportKey } from "../setup/export-factories";
import { answerOf, makeUser, requestAs, thrownBy } from "../setup/factories";
import { addListings } from "../setup/listings-factories";

/** A rental in Tours (no rent control) with every mention, class F and its mention. */
const COMPLETE_F =
  "Loyer 850 € CC par mois dont 50 € de provisions sur charges (régularisation annuelle). Dépôt de garantie : 800 €. Location non meublée, 45 m². " +
  "Honoraires charge locataire : 450 € TTC dont 135 € d'état des lieux. DPE F, GES E. Logement à consommation énergétique excessive : classe F. " +
  "Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre 1 900 € et 2 600 € par an (prix de l'énergie indexés au 1er janvier 2021). " +
  "Les informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques : www.georisques.gouv.fr.";
const TOURS = { city: "Tours", postalCode: "37000", energyRating: "F", description: COMPLETE_F };

const verdictOf = (id: number) =>
  getDb()
    .select({ status: properties.complianceStatus, checkedAt: properties.complianceCheckedAt, findings: properties.complianceFindings })
    .from(properties)
    .where(eq(properties.id, id))
    .get()!;

type ExportedListing = { id: number; compliance: { status: string; checked_at: string; findings: Array<{ code: string; message: string }> } | null };

let alice: { id: string };
let bob: { id: string };

beforeAll(async () => {
  alice = await makeUser();
  bob = await makeUser();
});

describe("compliance is computed on import", () => {
  it("stores status, date and findings with message, evidence and reference", () => {
    const [complete, bare] = addListings(alice.id, 2, (i) => (i === 0 ? TOURS : { ...TOURS, description: "Appartement à louer.", energyRating: null }));
    const ok = verdictOf(complete!);
    expect(ok.status).toBe("conforme");
    expect(ok.checkedAt).toBeInstanceOf(Date);
    expect(JSON.parse(ok.findings!)).toEqual([]);
    const missing = verdictOf(bare!);
    expect(missing.status).toBe("a_completer");
    const findings = JSON.parse(missing.findings!) as Array<Record<string, string>>;
    expect(findings.map((f) => f.code)).toContain("location.depot_absent");
    for (const f of findings) expect(Object.keys(f).sort()).toEqual(["code", "evidence", "kind", "message", "reference"]);
  });

  it("a rent-controlled commune is recognised from the import's postal code and city", () => {
    const [lyon] = addListings(alice.id, 1, () => ({ ...TOURS, city: "Lyon 3e", postalCode: "69003", energyRating: "C", description: COMPLETE_F.replace("DPE F, GES E. Logement à consommation énergétique excessive : classe F.", "DPE C, GES C.") }));
    const findings = JSON.parse(verdictOf(lyon!).findings!) as Array<{ code: string; message: string }>;
    // Checked today (after 23 November 2026): the experiment's end makes its rules « à vérifier ».
    expect(findings.map((f) => f.code)).toEqual(["encadrement.fin_experimentation"]);
    expect(findings[0]!.message).toContain("Lyon-Villeurbanne");
  });
});

describe("editing a listing checks it again", () => {
  it("the owner's description edit recomputes the verdict", async () => {
    const [id] = addListings(alice.id, 1, () => ({ ...TOURS, description: "Appartement à louer, sans détails." }));
    expect(verdictOf(id!).status).toBe("a_completer");
    const request = await requestAs(alice.id, `/property/${id}`, { form: { intent: "update-description", description: COMPLETE_F } });
    await propertyAction({ request, params: { id: String(id) }, context: {} });
    expect(verdictOf(id!).status).toBe("conforme");
  });

  it("another user's edit is refused and leaves the verdict alone", async () => {
    const [id] = addListings(alice.id, 1, () => ({ ...TOURS, description: "Appartement à louer, sans détails." }));
    const before = verdictOf(id!);
    const request = await requestAs(bob.id, `/property/${id}`, { form: { intent: "update-description", description: COMPLETE_F } });
    const answer = (await propertyAction({ request, params: { id: String(id) }, context: {} })) as { init: ResponseInit | null };
    expect(answer.init?.status).toBe(404);
    expect(verdictOf(id!)).toEqual(before);
  });
});

describe("the export carries the verdict", () => {
  it("a checked listing's export has { status, checked_at, findings: [{ code, message }] }, updated by an edit", async () => {
    const owner = await makeUser();
    const [id] = makeActiveListings(owner.id, 1, { ...TOURS, description: "Appartement à louer, sans détails." });
    const { apiKey } = makeExportKey(owner.id);
    const read = async () => {
      const answer = await callExportApi({ apiKey });
      return (answer.json as { properties: ExportedListing[] }).properties.find((p) => p.id === id)!;
    };
    const before = (await read()).compliance!;
    expect(before.status).toBe("a_completer");
    expect(before.checked_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(before.findings.length).toBeGreaterThan(0);
    for (const f of before.findings) expect(Object.keys(f).sort()).toEqual(["code", "message"]);
    const request = await requestAs(owner.id, `/property/${id}`, { form: { intent: "update-description", description: COMPLETE_F } });
    await propertyAction({ request, params: { id: String(id) }, context: {} });
    expect((await read()).compliance).toMatchObject({ status: "conforme", findings: [] });
  });
});

describe("the date-driven re-check job", () => {
  it("an F rental checked in 2027 as compliant becomes non-compliant on 1 January 2028, untouched", async () => {
    const ids = addListings(bob.id, 3, () => TOURS);
    const in2027 = new Date("2027-06-01T10:00:00Z").getTime();
    for (const id of ids) recheckListingCompliance(id, in2027);
    expect(ids.map((id) => verdictOf(id).status)).toEqual(["conforme", "conforme", "conforme"]);
    const before2028 = createComplianceJob(bob.id, new Date("2027-06-01T10:00:00Z"));
    await runComplianceJob(before2028);

    expect(complianceRecheckDue(new Date("2027-12-31T12:00:00Z"))).toBe(false);
    const newYear = new Date("2027-12-31T23:00:00Z"); // midnight in Paris
    expect(complianceRecheckDue(newYear)).toBe(true);
    // The job checks against the day it runs: 2028 here, so the clock is moved to that day.
    const realNow = Date.now;
    Date.now = () => newYear.getTime() + 60_000;
    try {
      const job = await runComplianceJob(createComplianceJob(bob.id, newYear));
      expect(job.status).toBe("completed");
      expect(job.checked).toBeGreaterThanOrEqual(ids.length);
      expect(job.changed).toBeGreaterThanOrEqual(ids.length);
    } finally {
      Date.now = realNow;
    }
    for (const id of ids) {
      const verdict = verdictOf(id);
      expect(verdict.status).toBe("non_conforme");
      expect(JSON.parse(verdict.findings!)[0]).toMatchObject({ code: "energie.location_interdite", reference: expect.stringContaining("1er janvier 2028") });
    }
    expect(complianceRecheckDue(new Date("2028-01-02T12:00:00Z"))).toBe(false);
  });

  it("a new checker version or a listing never checked makes a re-check due", () => {
    const last = getDb().select().from(complianceJobs).where(eq(complianceJobs.status, "completed")).all().at(-1)!;
    getDb().update(complianceJobs).set({ checkerVersion: "ancienne" }).where(eq(complianceJobs.id, last.id)).run();
    expect(complianceRecheckDue(new Date("2028-01-02T12:00:00Z"))).toBe(true);
    getDb().update(complianceJobs).set({ checkerVersion: last.checkerVersion }).where(eq(complianceJobs.id, last.id)).run();
    const [id] = addListings(bob.id, 1, () => TOURS);
    getSqlite().prepare("update properties set compliance_status = null where id = ?").run(id);
    expect(complianceRecheckDue(new Date("2028-01-02T12:00:00Z"))).toBe(true);
    getDb().delete(properties).where(inArray(properties.id, [id!])).run();
  });

  it("only one re-check runs at a time for the platform", () => {
    const open = createComplianceJob(alice.id);
    expect(() => createComplianceJob(bob.id)).toThrow("Une vérification de conformité est déjà en cours.");
    getDb().update(complianceJobs).set({ status: "cancelled" }).where(eq(complianceJobs.id, open.id)).run();
  });
});

describe("screens and permissions", () => {
  it("/property/{id} shows its owner the verdict, and nobody else", async () => {
    const [id] = addListings(alice.id, 1, () => ({ ...TOURS, description: "Appartement à louer." }));
    const own = await propertyLoader({ request: await requestAs(alice.id, `/property/${id}`), params: { id: String(id) }, context: {} });
    expect(own.compliance.status).toBe("a_completer");
    expect(own.compliance.findings[0]).toMatchObject({ code: expect.any(String), message: expect.any(String), evidence: expect.any(String), reference: expect.stringContaining("depuis le") });
    // Another account's listing is not found (issue 24 item 14).
    const other = await propertyLoader({ request: await requestAs(bob.id, `/property/${id}`), params: { id: String(id) }, context: {} }).catch((thrown: unknown) => thrown);
    expect(other).toMatchObject({ data: { error: "Annonce introuvable" }, init: { status: 404 } });
  });

  it("the dashboard counts the user's own listings by verdict; /admin counts the platform's", async () => {
    const carol = await makeUser();
    addListings(carol.id, 2, () => TOURS);
    addListings(carol.id, 1, () => ({ ...TOURS, description: "Appartement à louer." }));
    const dashboard = await dashboardLoader({ request: await requestAs(carol.id, "/dashboard"), params: {}, context: {} });
    expect(dashboard.compliance).toEqual({ conforme: 2, a_completer: 1, non_conforme: 0, unchecked: 0 });
    const admin = await makeUser({ admin: true });
    const platform = await adminLoader({ request: await requestAs(admin.id, "/admin"), params: {}, context: {} });
    expect(platform.compliance).toEqual(countByCompliance(null));
    expect(platform.compliance.conforme).toBeGreaterThanOrEqual(2);
  });

  it("only an administrator starts 'Revérifier la conformité'", async () => {
    const denied = await thrownBy(async () => adminAction({ request: await requestAs(alice.id, "/admin", { form: { intent: "recheck-compliance" } }), params: {}, context: {} }));
    expect(denied.status).toBe(403);
    const admin = await makeUser({ admin: true });
    const answer = await adminAction({ request: await requestAs(admin.id, "/admin", { form: { intent: "recheck-compliance" } }), params: {}, context: {} });
    expect(await answerOf(answer)).toMatchObject({ status: 302, location: "/admin", toast: { type: "success", message: "Vérification de conformité lancée." } });
    const again = await adminAction({ request: await requestAs(admin.id, "/admin", { form: { intent: "recheck-compliance" } }), params: {}, context: {} });
    const second = await answerOf(again);
    // The first run may already be over on a fast machine; otherwise the second is refused.
    expect(["Vérification de conformité lancée.", "Une vérification de conformité est déjà en cours."]).toContain(second.toast?.message);
    await new Promise<void>((resolve) => {
      const wait = () => (getDb().select().from(complianceJobs).where(inArray(complianceJobs.status, ["pending", "processing"])).all().length ? setTimeout(wait, 20) : resolve());
      wait();
    });
  });
});
