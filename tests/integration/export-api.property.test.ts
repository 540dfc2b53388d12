import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { resetExportApiGuards } from "~/services/export/export-api.server";
import type { ExportChangesResponse, ExportResponse } from "~/services/export/export-api-contract";
import { toggleExportKey } from "~/services/keys/export-keys.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { makeUser } from "../setup/factories";
import { callExportApi, makeActiveListings, makeExportKey } from "../setup/export-factories";

let activeKey = "";
let inactiveKey = "";
const TOTAL = 25;

beforeAll(async () => {
  const user = await makeUser();
  makeActiveListings(user.id, TOTAL);
  activeKey = makeExportKey(user.id).apiKey;
  const inactive = makeExportKey(user.id, "Inactive");
  toggleExportKey(user.id, inactive.id);
  inactiveKey = inactive.apiKey;
});

const weird = fc.constantFrom(0, -0, 1.5, -1, 1e21, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, "10", "", null, true, [], {});
const value = fc.oneof(
  { arbitrary: fc.integer({ min: -2, max: 2 * TOTAL }), weight: 6 },
  { arbitrary: weird, weight: 2 },
  { arbitrary: fc.jsonValue(), weight: 1 },
);
const apiKeyValue = fc.oneof(
  { arbitrary: fc.constantFrom("active", "inactive"), weight: 6 },
  { arbitrary: fc.oneof(fc.constant(null), fc.string(), fc.jsonValue()), weight: 1 },
);
const instant = fc.oneof(value, fc.constantFrom("2026-01-01T00:00:00Z", "2020-02-30T10:00:00+01:00", "hier", "2026-01-01", "1970-01-01T00:00:00.000Z"));
const cursor = fc.oneof(value, fc.string({ maxLength: 250 }), fc.constantFrom("e30.AAAAAAAAAAAAAAAAAAAAAA", "a.b.c"));
const field = fc.oneof(fc.constantFrom("apiKey", "limit", "offset", "updatedSince", "cursor"), fc.string({ maxLength: 12 }), fc.constantFrom("__proto__", "constructor"));
const body = fc.oneof(
  // Mostly well-formed objects with random values, so that the listing paths are reached too.
  { arbitrary: fc.record({ apiKey: apiKeyValue, limit: value, offset: value, updatedSince: instant, cursor }, { requiredKeys: [] }), weight: 6 },
  { arbitrary: fc.dictionary(field, value, { maxKeys: 5 }), weight: 1 },
  { arbitrary: fc.jsonValue(), weight: 1 },
);
const withKeys = (b: unknown) =>
  JSON.stringify(b, (key, v) => (key === "apiKey" && v === "active" ? activeKey : key === "apiKey" && v === "inactive" ? inactiveKey : v)) ?? "";
const raw = fc.oneof(
  { arbitrary: body.map(withKeys), weight: 8 },
  { arbitrary: fc.string({ maxLength: 200 }), weight: 1 },
  { arbitrary: fc.string({ minLength: 10_000, maxLength: 12_000 }), weight: 1 },
);

it("aucun corps aléatoire ne provoque de 500 ; chaque réponse est un JSON cohérent", async () => {
  await fc.assert(
    fc.asyncProperty(raw, fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded"), async (text, contentType) => {
      resetRateLimits();
      resetExportApiGuards();
      const answer = await callExportApi(null, { raw: text, headers: { "Content-Type": contentType } });
      expect([200, 400, 401, 403, 413, 429]).toContain(answer.status);
      expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("*");
      const json = answer.json as { success: boolean; error?: string };
      expect(typeof json.success).toBe("boolean");
      if (answer.status !== 200) {
        expect(json.success).toBe(false);
        expect(typeof json.error).toBe("string");
        return;
      }
      if ("removed" in json) {
        const feed = json as unknown as ExportChangesResponse;
        expect(feed.count).toBe(feed.properties.length);
        expect(feed.count).toBeLessThanOrEqual(feed.limit);
        return;
      }
      const ok = json as unknown as ExportResponse;
      expect(ok.total).toBe(TOTAL);
      expect(ok.count).toBe(ok.properties.length);
      expect(ok.count).toBe(Math.max(0, Math.min(ok.limit ?? Infinity, TOTAL - (ok.offset ?? 0))));
    }),
    { numRuns: 400 },
  );
});
