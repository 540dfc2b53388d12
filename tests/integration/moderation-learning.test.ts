import { beforeEach, describe, expect, it } from "vitest";
import { MODERATION_QUALITY } from "~/config";
import { decideDisplayed, decideListing } from "~/services/moderation/review.server";
import { engineQuality } from "~/services/moderation/learning.server";
import { loader } from "~/routes/_app.moderation";
import { getSqlite } from "~/utils/db.server";
import { makeUser, requestAs } from "../setup/factories";
import { addListings, setModeration } from "../setup/moderation-factories";

/** Agents' decisions become labels, and /moderation shows the engine's measured quality. */
function labels(userId: string) {
  return getSqlite()
    .prepare(
      `select listing_id, decision, engine_version, confidence, flagged from moderation_decisions where user_id = ? order by id`,
    )
    .all(userId) as Array<{
    listing_id: number;
    decision: string;
    engine_version: string | null;
    confidence: number;
    flagged: number;
  }>;
}

describe("décisions des agents gardées comme labels", () => {
  it("Valider et Blacklister (un par un ou en masse) gardent la version et la confiance du moteur", async () => {
    const user = await makeUser();
    const ids = addListings(user.id, 4);
    setModeration(ids, {
      status: "suspicious",
      reason: "Paiement par mandat cash demandé",
      confidence: 0.9,
    });
    getSqlite().prepare(`update properties set ai_engine_version = 'v-test'`).run();
    expect(decideListing({ id: user.id, isAdmin: false }, ids[0]!, "rejected")).toBe("ok");
    expect(decideDisplayed(user.id, { q: "", filter: "all" }, ids.slice(1), "active")).toBe(3);
    const kept = labels(user.id);
    expect(kept.map((l) => l.decision)).toEqual(["rejected", "active", "active", "active"]);
    expect(
      kept.every((l) => l.engine_version === "v-test" && l.confidence === 0.9 && l.flagged === 1),
    ).toBe(true);
  });

  it("la décision d'un administrateur sur l'annonce d'un autre depuis sa page devient un label", async () => {
    const owner = await makeUser();
    const admin = await makeUser({ admin: true });
    const [id] = addListings(owner.id, 1);
    setModeration([id!], { status: "suspicious", reason: "Paiement par coupons", confidence: 0.85 });
    expect(decideListing({ id: admin.id, isAdmin: true }, id!, "rejected", ["suspicious", "pending"])).toBe("ok");
    expect(labels(admin.id)).toMatchObject([{ listing_id: id, decision: "rejected", confidence: 0.85, flagged: 1 }]);
  });

  it("une annonce jamais notée par le moteur ne compte pas dans sa qualité mesurée (elle reste une étiquette de réajustement)", async () => {
    const user = await makeUser();
    const [id] = addListings(user.id, 1);
    setModeration([id!], { status: "suspicious" });
    expect(decideListing({ id: user.id, isAdmin: false }, id!, "rejected")).toBe("ok");
    expect(labels(user.id)).toEqual([]);
  });
});

describe("qualité mesurée sur /moderation", () => {
  // The figures are the engine's, over every agent: start each case from no decision at all.
  beforeEach(() => {
    getSqlite().prepare(`delete from moderation_decisions`).run();
  });

  it(`affiche « pas encore assez de décisions » sous ${MODERATION_QUALITY.minDecisions}`, async () => {
    const user = await makeUser();
    const answer = await loader({
      request: await requestAs(user.id, "/moderation"),
      params: {},
      context: {},
    });
    expect(answer.quality?.figures).toEqual({ enough: false, decisions: 0 });
  });

  it("calcule précision et rappel sur les décisions des 90 derniers jours", async () => {
    const user = await makeUser();
    const ids = addListings(user.id, 40);
    setModeration(ids, {
      status: "suspicious",
      reason: "Argent demandé avant toute visite",
      confidence: 0.8,
    });
    ids.slice(0, 30).forEach((id) => decideListing({ id: user.id, isAdmin: false }, id, "rejected"));
    ids.slice(30).forEach((id) => decideListing({ id: user.id, isAdmin: false }, id, "active"));
    const quality = engineQuality(getSqlite(), Date.now());
    expect(quality).toMatchObject({
      enough: true,
      decisions: 40,
      truePositives: 30,
      falsePositives: 10,
      precision: 0.75,
    });
    const old = Date.now() + (MODERATION_QUALITY.days + 1) * 24 * 60 * 60 * 1000;
    expect(engineQuality(getSqlite(), old)).toEqual({ enough: false, decisions: 0 });
  });
});
