import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetExportApiGuards } from "~/services/export/export-api.server";
import {
  EXPORT_API_ERRORS,
  EXPORT_API_KEY_STREAM_RETRY_S,
} from "~/services/export/export-api-contract";
import { openListingsExport } from "~/services/export/export-api-listings.server";
import { getSqlite } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { makeUser } from "../setup/factories";
import {
  callExportApi,
  exportApiResponse,
  makeActiveListings,
  makeExportKey,
} from "../setup/export-factories";

/**
 * What one key's full exports may cost everyone else (issue 23 item 4): one stream per key, a
 * throughput floor, and no read transaction held open behind a slow reader.
 */

const TOTAL = 700;
let userId = "";
let apiKey = "";

beforeAll(async () => {
  const user = await makeUser();
  userId = user.id;
  makeActiveListings(userId, TOTAL);
  apiKey = makeExportKey(userId).apiKey;
});

beforeEach(() => {
  resetRateLimits();
  resetExportApiGuards();
});

describe("exports complets d'une même clé", () => {
  it("un seul export complet à la fois par clé : le deuxième reçoit 429, Retry-After et un message en français ; une autre clé passe", async () => {
    const first = await exportApiResponse({ apiKey });
    expect(first.status).toBe(200);
    const second = await callExportApi({ apiKey });
    expect(second.status).toBe(429);
    expect(second.headers.get("Retry-After")).toBe(String(EXPORT_API_KEY_STREAM_RETRY_S));
    expect(second.json).toEqual({
      success: false,
      error: EXPORT_API_ERRORS.streamForKey(EXPORT_API_KEY_STREAM_RETRY_S),
    });
    // A page of the same key is not a stream: it still answers.
    expect((await callExportApi({ apiKey, limit: 10 })).status).toBe(200);
    const otherKey = makeExportKey(userId, "Autre client").apiKey;
    const other = await exportApiResponse({ apiKey: otherKey });
    expect(other.status).toBe(200);
    await other.body!.cancel();
    // Once the first one ends, the key may start another.
    expect(((await first.json()) as { count: number }).count).toBe(TOTAL);
    expect((await callExportApi({ apiKey })).status).toBe(200);
  });
});

describe("un lecteur lent", () => {
  it("ne retient aucune transaction de lecture : le WAL se recopie entièrement pendant l'export", async () => {
    const sqlite = getSqlite();
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
    const response = await exportApiResponse({ apiKey });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // Writes land while the client has stopped reading.
    sqlite.prepare("update properties set price = price + 1 where created_by = ?").run(userId);
    const [checkpoint] = sqlite.pragma("wal_checkpoint(TRUNCATE)") as Array<{
      busy: number;
      log: number;
      checkpointed: number;
    }>;
    expect(checkpoint).toEqual({ busy: 0, log: 0, checkpointed: 0 });
    // The export still ends as valid JSON.
    const chunks: Uint8Array[] = [first.value!];
    for (let next = await reader.read(); !next.done; next = await reader.read())
      chunks.push(next.value);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
      count: number;
      properties: Array<{ id: number }>;
    };
    expect(body.properties).toHaveLength(body.count);
    expect(new Set(body.properties.map((listing) => listing.id)).size).toBe(TOTAL);
  });

  it("est coupé quand il lit sous le plancher de débit, et rend sa place", async () => {
    let released = false;
    const exported = openListingsExport(0, null, userId, () => {
      released = true;
    });
    const reader = exported
      .stream("[", "]", { floor: { bytesPerSecond: 10_000_000, graceMs: 200 } })
      .getReader();
    const first = await reader.read();
    expect(first.value!.length).toBeGreaterThan(10_000);
    // The client stops reading: the stream is cut once it is behind the floor, not before.
    expect(released).toBe(false);
    await expect.poll(() => released, { timeout: 5_000 }).toBe(true);
    await expect(reader.read()).rejects.toThrow("client trop lent");
  });
});
