import { describe, expect, it, vi } from "vitest";
import type { ModerationListing } from "~/services/moderation/types";
import { action } from "~/routes/resources.file-import";
import { getSqlite } from "~/utils/db.server";
import { waitForImportJob } from "../setup/connections-factories";
import { makeUser, requestAs } from "../setup/factories";

/**
 * Issue 25 section 4: a validated listing whose price or description an import changes is
 * re-scored within that import and stays active unless the engine flags it. A stand-in engine
 * (a description containing ARNAQUE is a scam) checks the flow, not the engine's judgement.
 */
vi.mock("~/services/moderation/engine", () => ({
  createContextBuilder: () => ({ add: () => undefined, build: () => ({ kind: "moderation-context" }) }),
  analyse: (listing: ModerationListing) =>
    listing.description?.includes("ARNAQUE")
      ? { flagged: true, confidence: 0.93, reasons: ["Paiement demandé avant la visite"], favourable: [], engineVersion: "test" }
      : { flagged: false, confidence: 0.05, reasons: [], favourable: [], engineVersion: "test" },
  formatFlagReason: (reasons: string[]) => reasons.join(" · "),
}));
process.env.VIGIMMO_MODERATION_WORKER = "off";

async function importFile(userId: string, content: string) {
  const form = new FormData();
  form.append("file", new File([content], "annonces.csv"));
  const request = await requestAs(userId, "/resources/file-import", { method: "POST", body: form, headers: { Accept: "application/json" } });
  const response = (await action({ request, params: {}, context: {} })) as Response;
  const body = (await response.json()) as { job?: { id: string }; toast: { message: string } };
  expect(response.status, body.toast.message).toBe(200);
  return waitForImportJob(userId, body.job!.id);
}

type Row = { id: number; status: string; ai_checked_at: number | null; ai_confidence: number | null; ai_flag_reason: string | null };
const row = (reference: string) =>
  getSqlite()
    .prepare<[string], Row>("select id, status, ai_checked_at, ai_confidence, ai_flag_reason from properties where source_platform_id = ?")
    .get(reference)!;

const HEADER = "référence;titre;prix;ville;description";

describe("réimport d'annonces validées modifiées", () => {
  it("réanalyse dans le même import : reste active sauf si le moteur la signale, et l'historique le garde", async () => {
    const user = await makeUser();
    await importFile(user.id, `${HEADER}\nA-1;T2 calme;800;Lyon;Bel appartement lumineux.\nA-2;T3 clair;900;Lyon;Séjour double et balcon.\nA-3;T4;1000;Lyon;Inchangée.\n`);
    getSqlite().prepare("update properties set status = 'active', ai_checked_at = 1, ai_confidence = 0.02").run();

    const job = await importFile(
      user.id,
      `${HEADER}\nA-1;T2 calme;750;Lyon;Bel appartement lumineux.\nA-2;T3 clair;900;Lyon;Virement demandé avant visite ARNAQUE.\nA-3;T4;1000;Lyon;Inchangée.\n`,
    );
    expect(job).toMatchObject({ status: "completed", updated: 2, skipped: 1 });

    const kept = row("A-1");
    expect(kept).toMatchObject({ status: "active", ai_confidence: 0.05, ai_flag_reason: null });
    expect(kept.ai_checked_at).toBeGreaterThan(1);
    expect(row("A-2")).toMatchObject({ status: "suspicious", ai_confidence: 0.93, ai_flag_reason: "Paiement demandé avant la visite" });
    expect(row("A-3")).toMatchObject({ status: "active", ai_checked_at: 1 });

    const history = getSqlite()
      .prepare<[], { listing_id: number; import_job_id: string; status: string; confidence: number }>(
        "select listing_id, import_job_id, status, confidence from listing_rechecks order by listing_id",
      )
      .all();
    expect(history).toEqual([
      { listing_id: kept.id, import_job_id: job.id, status: "active", confidence: 0.05 },
      { listing_id: row("A-2").id, import_job_id: job.id, status: "suspicious", confidence: 0.93 },
    ]);
  });
});
