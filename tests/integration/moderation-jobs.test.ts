import { describe, expect, it, vi } from "vitest";
import { MODERATION_MAX_BATCHES } from "~/config";
import { cancelJob, findJob, JobBusyError, latestJob } from "~/services/jobs/engine.server";
import { jobQueue } from "~/services/jobs/queue.server";
import type { ModerationListing } from "~/services/moderation/types";
import {
  createModerationJob,
  moderationJobKind,
  moderationResult,
  runModerationJob,
  startModeration,
} from "~/services/moderation/jobs.server";
import { moderateAllPending } from "~/services/moderation/moderate-all.server";
import { capMessage } from "~/services/moderation/moderation-texts";
import { getSqlite } from "~/utils/db.server";
import { makeUser } from "../setup/factories";
import { addListings, listingRow, setModeration, statusCounts } from "../setup/moderation-factories";

/**
 * The job is tested against a stand-in engine with an obvious rule (a title containing ARNAQUE is
 * a scam), so these tests check batches, transitions and scoping, not the engine's judgement.
 * Hooks let a test act in the middle of a run (Stop, a user's decision).
 */
const engine = vi.hoisted(() => ({
  added: [] as string[],
  onAnalyse: null as null | ((listing: { id: string; title: string }) => void),
}));

vi.mock("~/services/moderation/engine", () => ({
  createContextBuilder: () => {
    engine.added = [];
    return {
      add: (listing: ModerationListing) => engine.added.push(listing.id),
      build: () => ({ kind: "moderation-context", size: engine.added.length }),
    };
  },
  analyse: (listing: ModerationListing) => {
    engine.onAnalyse?.(listing);
    return listing.title.includes("ARNAQUE")
      ? { flagged: true, confidence: 0.91, reasons: ["Paiement par mandat cash demandé", "Propriétaire à l'étranger"], favourable: [], engineVersion: "test" }
      : { flagged: false, confidence: 0.04, reasons: [], favourable: [], engineVersion: "test" };
  },
  formatFlagReason: (reasons: string[]) => reasons.join(" · "),
}));

// The stand-in engine lives in this thread: analyse here rather than in the analysis worker.
process.env.VIGIMMO_MODERATION_WORKER = "off";

const scamEvery = (n: number) => (index: number) => ({ title: index % n === 0 ? `ARNAQUE ${index}` : `Appartement ${index}` });

describe("modération : lots et transitions", () => {
  it("un lancement manuel traite un lot de 100 et laisse le reste en attente", async () => {
    const user = await makeUser();
    addListings(user.id, 250, scamEvery(10));
    const job = await runModerationJob(createModerationJob(user.id, { mode: "pending" }));
    expect(job).toMatchObject({ status: "completed", batches: 1, total: 100, moderated: 100, flagged: 10, remaining: 150 });
    expect(job.message).toBe("✓ 100 annonces analysées - 10 suspecte(s) détectée(s)");
    expect(statusCounts(user.id)).toEqual({ pending: 150, suspicious: 10, active: 90 });
    expect(moderationResult(job)).toEqual({ moderated: 100, flagged: 10, remaining: 150, message: job.message });
  });

  it("une modération auto enchaîne les lots jusqu'à ce qu'il ne reste rien", async () => {
    const user = await makeUser();
    addListings(user.id, 250, () => ({ title: "Studio calme" }));
    const job = await runModerationJob(createModerationJob(user.id, { mode: "pending", auto: true }));
    expect(job).toMatchObject({ status: "completed", batches: 3, total: 250, moderated: 250, flagged: 0, remaining: 0 });
    expect(job.message).toBe("✓ 250 annonces analysées - Aucune arnaque détectée");
  });

  it("suspecte : raison, confiance et date ; non signalée : active avec sa confiance, sans raison", async () => {
    const user = await makeUser();
    const [scam, clean] = addListings(user.id, 2, (index) => ({ title: index === 0 ? "ARNAQUE T2" : "T2 calme" }));
    const before = Date.now();
    await runModerationJob(createModerationJob(user.id, { mode: "pending" }));
    const flagged = listingRow(scam!)!;
    expect(flagged).toMatchObject({ status: "suspicious", ai_flag_reason: "Paiement par mandat cash demandé · Propriétaire à l'étranger", ai_confidence: 0.91 });
    expect(flagged.ai_checked_at).toBeGreaterThanOrEqual(before);
    const active = listingRow(clean!)!;
    expect(active).toMatchObject({ status: "active", ai_flag_reason: null, ai_confidence: 0.04 });
    expect(active.ai_checked_at).toBeGreaterThanOrEqual(before);
  });

  it("ne touche ni les annonces déjà décidées ni celles d'un autre utilisateur, mais s'appuie sur tout le marché", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const [active, rejected, suspicious] = addListings(user.id, 3, () => ({ title: "ARNAQUE décidée" }));
    setModeration([active!], { status: "active", confidence: 0.1, checkedAt: 1 });
    setModeration([rejected!], { status: "rejected", reason: "Arnaque confirmée", confidence: 0.9, checkedAt: 1 });
    setModeration([suspicious!], { status: "suspicious", reason: "Ancienne raison", confidence: 0.7, checkedAt: 1 });
    const pending = addListings(user.id, 5);
    const foreign = addListings(other.id, 4, () => ({ title: "ARNAQUE ailleurs" }));
    const job = await runModerationJob(createModerationJob(user.id, { mode: "pending" }));
    expect(job.moderated).toBe(5);
    expect(listingRow(active!)).toMatchObject({ status: "active", ai_confidence: 0.1, ai_checked_at: 1 });
    expect(listingRow(rejected!)).toMatchObject({ status: "rejected", ai_flag_reason: "Arnaque confirmée" });
    expect(listingRow(suspicious!)).toMatchObject({ status: "suspicious", ai_flag_reason: "Ancienne raison" });
    expect(statusCounts(other.id)).toEqual({ pending: 4 });
    // Comparables are market data: the context holds every listing of the platform.
    for (const id of [...pending, ...foreign, active!, rejected!]) expect(engine.added).toContain(String(id));
  });

  it("n'écrase pas une annonce que l'utilisateur a décidée pendant l'analyse", async () => {
    const user = await makeUser();
    const ids = addListings(user.id, 3, () => ({ title: "ARNAQUE" }));
    engine.onAnalyse = (listing) => {
      if (listing.id === String(ids[1])) getSqlite().prepare(`update properties set status = 'active' where id = ?`).run(ids[1]);
    };
    try {
      const job = await runModerationJob(createModerationJob(user.id, { mode: "pending" }));
      expect(job).toMatchObject({ moderated: 2, flagged: 2, remaining: 0 });
      expect(listingRow(ids[1]!)).toMatchObject({ status: "active", ai_flag_reason: null, ai_confidence: null });
    } finally {
      engine.onAnalyse = null;
    }
  });

  it("sans annonce en attente, la modération répond 'Aucune annonce à modérer'", async () => {
    const user = await makeUser();
    expect(startModeration(user.id, { mode: "pending", auto: false })).toEqual({ nothing: "Aucune annonce à modérer" });
    const job = await runModerationJob(createModerationJob(user.id, { mode: "pending", auto: true }));
    expect(job).toMatchObject({ status: "completed", moderated: 0, remaining: 0, message: "Aucune annonce à modérer" });
  });
});

describe("modération : plafond, arrêt, erreurs, exclusivité", () => {
  it("s'arrête au plafond de lots avec le message de SPEC", async () => {
    expect(capMessage(MODERATION_MAX_BATCHES)).toBe("⚠️ Limite de 200 lots atteinte. Relancez pour continuer.");
    const user = await makeUser();
    addListings(user.id, 250);
    const job = await runModerationJob(createModerationJob(user.id, { mode: "pending", auto: true }), { maxBatches: 2 });
    expect(job).toMatchObject({ status: "completed", batches: 2, total: 200, moderated: 200, remaining: 50 });
    expect(job.message).toBe("⚠️ Limite de 2 lots atteinte. Relancez pour continuer.");
  });

  it("Stop : rien n'est plus écrit après l'arrêt et le job finit annulé avec le nombre réellement traité", async () => {
    const user = await makeUser();
    const ids = addListings(user.id, 300);
    const job = createModerationJob(user.id, { mode: "pending", auto: true });
    engine.onAnalyse = (listing) => {
      if (listing.id === String(ids[150])) expect(cancelJob(moderationJobKind, user.id, job.id)).toBe(true);
    };
    try {
      const final = await runModerationJob(job);
      // Batch 1 may or may not have been written before Stop (writes are grouped); batch 2 never is.
      const decided = 300 - (statusCounts(user.id).pending ?? 0);
      expect(final).toMatchObject({ status: "cancelled", moderated: decided, remaining: 300 - decided });
      expect(decided).toBeLessThanOrEqual(100);
      // French agreement: 0 and 1 take the singular.
      expect(final.message).toBe(decided === 0 ? "Analyse arrêtée : 0 annonce traitée" : `Analyse arrêtée : ${decided} annonces traitées`);
      for (const id of ids.slice(100)) expect(listingRow(id)!.status).toBe("pending");
    } finally {
      engine.onAnalyse = null;
    }
  });

  it("écrit les lots regroupés : 25 lots, compteurs exacts", async () => {
    const user = await makeUser();
    addListings(user.id, 2_450, scamEvery(50));
    const job = await runModerationJob(createModerationJob(user.id, { mode: "pending", auto: true }));
    expect(job).toMatchObject({ status: "completed", batches: 25, total: 2_450, moderated: 2_450, flagged: 49, remaining: 0 });
    expect(statusCounts(user.id)).toEqual({ suspicious: 49, active: 2_401 });
  });

  it("refuse une deuxième modération ouverte pour le même utilisateur, pas pour un autre", async () => {
    const user = await makeUser();
    const other = await makeUser();
    createModerationJob(user.id, { mode: "pending" });
    expect(() => createModerationJob(user.id, { mode: "pending" })).toThrow(JobBusyError);
    expect(() => createModerationJob(user.id, { mode: "pending" })).toThrow(
      "Une modération est déjà en cours pour votre compte. Attendez sa fin ou arrêtez-la.",
    );
    expect(() => createModerationJob(other.id, { mode: "pending" })).not.toThrow();
  });

  it("un autre utilisateur ne peut ni lire ni arrêter le job", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const job = createModerationJob(user.id, { mode: "pending" });
    expect(findJob(moderationJobKind, other.id, job.id)).toBeUndefined();
    expect(cancelJob(moderationJobKind, other.id, job.id)).toBe(false);
    expect(findJob(moderationJobKind, user.id, job.id)?.status).toBe("pending");
  });

  it("une erreur du moteur échoue le job avec le message français et garde les lots écrits", async () => {
    const user = await makeUser();
    const ids = addListings(user.id, 150);
    engine.onAnalyse = (listing) => {
      if (listing.id === String(ids[120])) throw new Error("contexte corrompu");
    };
    try {
      const job = await runModerationJob(createModerationJob(user.id, { mode: "pending", auto: true }));
      expect(job).toMatchObject({ status: "failed", moderated: 100, remaining: 50 });
      expect(job.message).toBe("Erreur lors de la modération: contexte corrompu");
      expect(job.errors).toEqual(["Erreur sur le lot 2 : contexte corrompu"]);
    } finally {
      engine.onAnalyse = null;
    }
  });

  it("pendant l'écriture, les checkpoints du WAL quittent le thread principal puis reviennent", async () => {
    const user = await makeUser();
    addListings(user.id, 5);
    const seen: number[] = [];
    engine.onAnalyse = () => {
      seen.push(Number(getSqlite().pragma("wal_autocheckpoint", { simple: true })));
    };
    try {
      await runModerationJob(createModerationJob(user.id, { mode: "pending", auto: true }));
      expect(seen).toEqual([0, 0, 0, 0, 0]);
      // Back once the checkpoint thread has caught up with what the run wrote.
      await vi.waitFor(() => expect(getSqlite().pragma("wal_autocheckpoint", { simple: true })).toBe(1000), { timeout: 15_000 });
    } finally {
      engine.onAnalyse = null;
    }
  });

  it("passe par la file : le job démarré est visible puis terminé", async () => {
    const user = await makeUser();
    addListings(user.id, 30, scamEvery(3));
    const started = startModeration(user.id, { mode: "pending", auto: true });
    expect(started.job?.status).toBe("pending");
    await jobQueue().onIdle();
    expect(latestJob(moderationJobKind, user.id)).toMatchObject({ id: started.job!.id, status: "completed", moderated: 30, flagged: 10 });
  });
});

describe("modération : modes", () => {
  it("reanalyzeSuspicious analyse seulement les suspectes sans note IA", async () => {
    const user = await makeUser();
    const [noted, scam, clean] = addListings(user.id, 3, (index) => ({ title: index === 2 ? "T3 clair" : "ARNAQUE" }));
    setModeration([noted!], { status: "suspicious", reason: "Déjà notée", confidence: 0.66, checkedAt: 5 });
    setModeration([scam!, clean!], { status: "suspicious", reason: null, confidence: null });
    addListings(user.id, 2);
    const job = await runModerationJob(createModerationJob(user.id, { mode: "reanalyze", auto: true }));
    expect(job).toMatchObject({ status: "completed", moderated: 2, flagged: 1, remaining: 0 });
    expect(listingRow(noted!)).toMatchObject({ status: "suspicious", ai_confidence: 0.66, ai_checked_at: 5 });
    expect(listingRow(scam!)).toMatchObject({ status: "suspicious", ai_confidence: 0.91 });
    expect(listingRow(clean!)).toMatchObject({ status: "active", ai_confidence: 0.04 });
    expect(statusCounts(user.id).pending).toBe(2);
    expect(startModeration(user.id, { mode: "reanalyze", auto: true })).toEqual({ nothing: "Aucune annonce suspecte sans analyse IA" });
  });

  it("les ids donnés : seulement les annonces de l'utilisateur encore à décider", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const mine = addListings(user.id, 3);
    const [validated] = addListings(user.id, 1);
    setModeration([validated!], { status: "active" });
    const [foreign] = addListings(other.id, 1);
    const job = await runModerationJob(createModerationJob(user.id, { mode: "ids", ids: [mine[0]!, mine[2]!, validated!, foreign!] }));
    expect(job).toMatchObject({ status: "completed", moderated: 2, remaining: 0 });
    expect(listingRow(mine[1]!)!.status).toBe("pending");
    expect(listingRow(validated!)).toMatchObject({ status: "active", ai_confidence: null });
    expect(listingRow(foreign!)!.status).toBe("pending");
  });

  it("moderateAllPending (CLI) relance les lots plafonnés jusqu'à tout modérer", async () => {
    const user = await makeUser();
    addListings(user.id, 350, scamEvery(7));
    const runs: number[] = [];
    const result = await moderateAllPending(user.id, { maxBatches: 2, onRun: (job) => runs.push(job.moderated) });
    expect(runs).toEqual([200, 150]);
    expect(result).toMatchObject({ moderated: 350, flagged: 50, remaining: 0, runs: 2, status: "completed" });
    expect(result.message).toBe("✓ 350 annonces analysées - 50 suspecte(s) détectée(s)");
  });
});
