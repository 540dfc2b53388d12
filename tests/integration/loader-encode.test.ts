import { beforeAll, describe, expect, it } from "vitest";
import { buildEncodeCases, type EncodeCase } from "../../scripts/bench/encode-cases";
import { encodeAsSingleFetch } from "../../scripts/bench/single-fetch-encode";

// Every route with a growing list, filled past its bound with the longest values the app accepts
// (docs/decisions/009-dependency-audit.md). Its encode time is measured by `npm run bench:encode`,
// not here: this file checks the bounds, the shape, and that Remix's encoder gets through the data.

/** Nesting depth of loader data, without recursion (what the single-fetch encoder recurses on). */
function depth(value: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [item, level] = pending.pop()!;
    if (item === null || typeof item !== "object" || item instanceof Date) continue;
    deepest = Math.max(deepest, level + 1);
    for (const child of Object.values(item)) pending.push([child, level + 1]);
  }
  return deepest;
}

/**
 * The deepest shape our screens build (`{ routeId: { data: { users: { rows: [ { ... } ] } } } }`):
 * anything deeper would be nesting that came from a user.
 */
const MAX_DEPTH = 6;

let cases: EncodeCase[] = [];
beforeAll(async () => {
  cases = await buildEncodeCases();
}, 120_000);

describe("données des loaders au pire cas", () => {
  it("couvre chaque écran dont une liste grandit", () => {
    expect(cases.map((c) => c.route)).toEqual([
      "/properties",
      "/moderation",
      "/property/:id",
      "/admin-panel",
      "/admin-api-requests",
      "/request-api-key",
      "/export-api-keys",
      "/api-connections",
    ]);
  });

  it("rend chaque liste coupée à sa borne alors que la base en contient davantage", () => {
    for (const { route, rows, max } of cases) expect({ route, rows }).toEqual({ route, rows: max });
  });

  it("ne contient aucune imbrication venue d'un utilisateur", () => {
    for (const { route, data } of cases) expect({ route, depth: depth(data) <= MAX_DEPTH }).toEqual({ route, depth: true });
  });

  it("s'encode entièrement avec l'encodeur de single fetch de Remix", async () => {
    for (const { route, data } of cases) {
      const bytes = await encodeAsSingleFetch(data);
      expect({ route, encoded: bytes > 0 }).toEqual({ route, encoded: true });
    }
  });
});
