import { afterEach, describe, expect, it } from "vitest";
import { startFakeMoteurImmo, type FakeMoteurImmo } from "../../testing/fake-moteurimmo";

/** The fake partner itself: other teams' tests rely on these behaviours. */
let partner: FakeMoteurImmo;

async function post(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${partner.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

afterEach(async () => {
  await partner?.close();
});

describe("fake MoteurImmo partner", () => {
  it("refuses a wrong key with 401", async () => {
    partner = await startFakeMoteurImmo();
    expect(await post("/ads", { apiKey: "nope" })).toEqual({
      status: 401,
      json: { error: "Invalid API key" },
    });
  });

  it("pages with a default page length of 50 and counts on demand", async () => {
    partner = await startFakeMoteurImmo({ total: 60 });
    const first = await post("/ads", { apiKey: "test-key", withCount: true });
    const second = await post("/ads", { apiKey: "test-key", page: 2 });
    expect(first.json).toMatchObject({ count: 60 });
    expect((first.json as { ads: unknown[] }).ads).toHaveLength(50);
    expect(second.json).not.toHaveProperty("count");
    expect((second.json as { ads: unknown[] }).ads).toHaveLength(10);
    expect(partner.requests.map((request) => request.page)).toEqual([null, 2]);
  });

  it("nextRun withdraws ads to deletedAds (paged) and reprices others, as a later run sees them", async () => {
    const ads = Array.from({ length: 5 }, (_, index) => ({ uniqueId: `id-${index}`, price: 1000 + index }));
    partner = await startFakeMoteurImmo({ ads });
    partner.nextRun({ withdraw: ["id-0", "id-1", "id-2"], prices: { "id-3": 900 } });
    const search = (await post("/ads", { apiKey: "test-key", maxLength: 10 })).json as { ads: Array<{ uniqueId: string; price: number }> };
    expect(search.ads).toEqual([
      { uniqueId: "id-3", price: 900 },
      { uniqueId: "id-4", price: 1004 },
    ]);
    const firstPage = (await post("/deletedAds", { apiKey: "test-key", page: 1, maxLength: 2 })).json as { ads: Array<{ uniqueId: string }> };
    const secondPage = (await post("/deletedAds", { apiKey: "test-key", page: 2, maxLength: 2 })).json as { ads: Array<{ uniqueId: string }> };
    expect([...firstPage.ads, ...secondPage.ads].map((ad) => ad.uniqueId)).toEqual(["id-0", "id-1", "id-2"]);
    expect(firstPage.ads[0]).toHaveProperty("deletionDate");
  });

  it("serves given ads, includedIds and deleted ads", async () => {
    partner = await startFakeMoteurImmo({
      ads: [{ uniqueId: "a" }, { uniqueId: "b" }, { uniqueId: "c" }],
      deletedAds: [{ uniqueId: "z", deletionDate: "2025-06-01T00:00:00Z" }],
    });
    expect((await post("/ads", { apiKey: "test-key", includedIds: ["c", "a"] })).json).toEqual({
      ads: [{ uniqueId: "a" }, { uniqueId: "c" }],
    });
    expect((await post("/deletedAds", { apiKey: "test-key" })).json).toEqual({
      ads: [{ uniqueId: "z", deletionDate: "2025-06-01T00:00:00Z" }],
    });
    partner.setAds([{ uniqueId: "d" }]);
    expect((await post("/ads", { apiKey: "test-key", withCount: true })).json).toEqual({
      ads: [{ uniqueId: "d" }],
      count: 1,
    });
  });

  it("refuses pages past maxResults and invalid paging", async () => {
    partner = await startFakeMoteurImmo({ total: 5, maxResults: 100 });
    expect((await post("/ads", { apiKey: "test-key", page: 3, maxLength: 50 })).status).toBe(400);
    expect((await post("/ads", { apiKey: "test-key", page: 2, maxLength: 50 })).status).toBe(200);
    expect((await post("/ads", { apiKey: "test-key", maxLength: 1001 })).status).toBe(400);
    expect((await post("/ads", { apiKey: "test-key", page: 0 })).status).toBe(400);
    expect((await post("/nope", { apiKey: "test-key" })).status).toBe(404);
  });

  it("injects faults by request number and page, consuming them", async () => {
    partner = await startFakeMoteurImmo({ total: 5 });
    partner.setFaults([
      { request: 1, type: "status", status: 502 },
      { page: 2, type: "rateLimit", retryAfter: 4, times: 2 },
    ]);
    expect((await post("/ads", { apiKey: "test-key", page: 1 })).status).toBe(502);
    expect((await post("/ads", { apiKey: "test-key", page: 1 })).status).toBe(200);
    const limited = await fetch(`${partner.url}/ads`, {
      method: "POST",
      body: JSON.stringify({ apiKey: "test-key", page: 2 }),
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("4");
    expect((await post("/ads", { apiKey: "test-key", page: 2 })).status).toBe(429);
    expect((await post("/ads", { apiKey: "test-key", page: 2 })).status).toBe(200);
  });

  it("closes even with a request left hanging", async () => {
    partner = await startFakeMoteurImmo({ faults: [{ type: "hang" }] });
    const pending = fetch(`${partner.url}/ads`, { method: "POST", body: "{}" }).catch(
      (error: unknown) => error,
    );
    await expect.poll(() => partner.requests.length, { timeout: 10_000 }).toBe(1);
    await partner.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});
