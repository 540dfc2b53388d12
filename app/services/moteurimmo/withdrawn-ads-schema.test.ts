import { describe, expect, it } from "vitest";
import { parseWithdrawnAdsResponse } from "./withdrawn-ads-schema";

describe("réponse de POST /deletedAds", () => {
  it("garde les identifiants et compte toutes les entrées reçues, même inutilisables", () => {
    const parsed = parseWithdrawnAdsResponse({
      ads: [{ uniqueId: " 65f0a1b2c3d4e5f6a7b8c9d0 ", deletionDate: "2026-11-20T10:00:00Z" }, 42, { uniqueId: "" }, { adId: "x" }, { uniqueId: "abc" }],
    });
    expect(parsed).toEqual({ ok: true, value: { ids: ["65f0a1b2c3d4e5f6a7b8c9d0", "abc"], received: 5 } });
  });

  it("refuse une réponse qui n'a pas la forme attendue, avec une raison en français", () => {
    const parsed = parseWithdrawnAdsResponse({ results: [] });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(/ads/);
  });
});
