import { describe, expect, it } from "vitest";
import { isOversizedManifestRequest, MANIFEST_LIMITS } from "./manifest-guard.server";

const manifest = (query: string) => new URL(`http://localhost/__manifest?${query}&version=abc`);

describe("isOversizedManifestRequest (CVE-2026-42342, ADR 009)", () => {
  it("laisse passer ce que le client de l'application demande", () => {
    const links = Array.from({ length: 30 }, (_, i) => `p=/property/${i}`).join("&");
    expect(isOversizedManifestRequest(manifest(`${links}&p=/properties&p=/dashboard`))).toBe(false);
    expect(isOversizedManifestRequest(manifest("p=/auth/reinitialiser/jeton"))).toBe(false);
    expect(isOversizedManifestRequest(new URL("http://localhost/properties?p=" + "/a".repeat(3000)))).toBe(false);
  });

  it.each([
    ["un chemin de 3 700 segments", "p=" + "/a".repeat(3700)],
    ["un chemin de 9 segments", "p=" + "/a".repeat(MANIFEST_LIMITS.maxSegments + 1)],
    ["un chemin de 201 caractères", "p=/" + "a".repeat(200)],
    ["65 chemins distincts", Array.from({ length: MANIFEST_LIMITS.maxPaths + 1 }, (_, i) => `p=/x${i}`).join("&")],
  ])("refuse %s", (_what, query) => {
    expect(isOversizedManifestRequest(manifest(query))).toBe(true);
    expect(isOversizedManifestRequest(new URL(`http://localhost//__manifest/?${query}`))).toBe(true);
  });
});
