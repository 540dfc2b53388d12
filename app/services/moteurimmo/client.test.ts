import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  startFakeMoteurImmo,
  type FakeMoteurImmo,
  type FakeMoteurImmoOptions,
} from "../../../testing/fake-moteurimmo";
import {
  MoteurImmoError,
  createMoteurImmoClient,
  parseRetryAfter,
  redactSecret,
  type MoteurImmoClientConfig,
} from "./client.server";
import { adToListing, FIXED_IMPORT_QUERY } from "./mapping";
import type { AdSource } from "./types";

let partner: FakeMoteurImmo;
/** Delays the client asked to wait (retries, throttle); the fake sleep never really waits. */
let sleeps: number[];

const fakeSleep = async (ms: number, signal?: AbortSignal) => {
  sleeps.push(ms);
  if (signal?.aborted) throw signal.reason;
};

async function start(options: FakeMoteurImmoOptions = {}) {
  partner = await startFakeMoteurImmo({ apiKey: "cle-secrete-123", ...options });
}

function client(overrides: Partial<MoteurImmoClientConfig> = {}): AdSource {
  return createMoteurImmoClient({
    baseUrl: partner.url,
    apiKey: "cle-secrete-123",
    minIntervalMs: 0,
    sleep: fakeSleep,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<MoteurImmoError> {
  const error = await promise.then(
    () => {
      throw new Error("la requête aurait dû échouer");
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(MoteurImmoError);
  return error as MoteurImmoError;
}

const query = { ...FIXED_IMPORT_QUERY };

beforeEach(() => {
  sleeps = [];
});

afterEach(async () => {
  await partner?.close();
});

describe("paging", () => {
  it("reads pages until a short last page, with the count on page 1 only", async () => {
    await start({ total: 120 });
    const source = client();
    expect(source.mode).toBe("live");

    const first = await source.fetchPage(query, 1, 50);
    const second = await source.fetchPage(query, 2, 50);
    const last = await source.fetchPage(query, 3, 50);

    expect([first.ads.length, second.ads.length, last.ads.length]).toEqual([50, 50, 20]);
    expect([first.count, second.count, last.count]).toEqual([120, null, null]);
    expect(last.received).toBe(20);
    expect(new Set([...first.ads, ...second.ads, ...last.ads].map((ad) => ad.uniqueId)).size).toBe(
      120,
    );

    const [page1, page2] = partner.requests;
    expect(page1.path).toBe("/ads");
    expect(page1.body).toEqual({
      ...FIXED_IMPORT_QUERY,
      page: 1,
      maxLength: 50,
      withCount: true,
      apiKey: "cle-secrete-123",
    });
    expect(page2.body).not.toHaveProperty("withCount");
    expect(page2.body).toMatchObject({ page: 2, maxLength: 50 });
  });

  it("answers an empty page past the end", async () => {
    await start({ total: 10 });
    const page = await client().fetchPage(query, 2, 10);
    expect(page).toEqual({ ads: [], invalid: [], received: 0, count: null });
  });

  it("keeps the client's own fields out of the caller's hands", async () => {
    await start({ total: 5 });
    await client().fetchPage({ ...query, apiKey: "autre", page: 9, withCount: false }, 1, 5);
    expect(partner.requests[0].body).toMatchObject({
      apiKey: "cle-secrete-123",
      page: 1,
      withCount: true,
    });
  });

  it("refuses impossible paging arguments before calling the partner", async () => {
    await start();
    await expect(client().fetchPage(query, 0, 50)).rejects.toThrow(RangeError);
    await expect(client().fetchPage(query, 1, 1001)).rejects.toThrow(RangeError);
    expect(partner.requests).toHaveLength(0);
  });
});

describe("count", () => {
  it("asks for one ad with the count", async () => {
    await start({ total: 321 });
    await expect(client().count({ types: ["rental"], maxLength: 1 })).resolves.toBe(321);
    expect(partner.requests[0].body).toEqual({
      types: ["rental"],
      withCount: true,
      maxLength: 1,
      apiKey: "cle-secrete-123",
    });
  });

  it("fails with 'Réponse invalide' when the count is missing", async () => {
    await start();
    partner.setFaults([{ type: "wrongShape", body: { ads: [] } }]);
    const error = await failure(client().count(query));
    expect(error.kind).toBe("invalid");
    expect(error.message).toBe("Réponse invalide");
  });
});

describe("ads", () => {
  it("maps every field of a served ad", async () => {
    const ad = {
      uniqueId: "65f0a1b2c3d4e5f6a7b8c9d0",
      adId: 2612345678,
      origin: "pap",
      url: "https://www.pap.fr/annonces/r412",
      reference: null,
      title: "Maison 5 pièces avec jardin",
      description: "Maison familiale au calme.",
      type: "rental",
      category: "house",
      price: 1450,
      propertyCharges: 0,
      pricePerSquareMeter: 12.08,
      surface: 120,
      landSurface: 600,
      rooms: 5,
      bedrooms: 4,
      floor: null,
      buildingFloors: 2,
      constructionYear: 1985,
      energyGrade: "C",
      gasGrade: "B",
      options: ["hasPicture", "hasGarden", "hasGarage", "isOld"],
      pictureUrl: "https://img.example/m1.jpg",
      pictureUrls: ["https://img.example/m1.jpg", "https://img.example/m2.jpg"],
      location: {
        city: "Angers",
        postalCode: "49100",
        inseeCode: "49007",
        departmentCode: 49,
        district: "La Doutre",
        coordinates: [-0.56, 47.47],
      },
      publisher: { type: "individual", name: "DURAND Sophie", phone: "hidden", email: "hidden" },
      creationDate: "2025-05-30T10:00:00.000Z",
      duplicates: [],
      priceStats: { rent: 1500, lowPrice: 1300, medianPrice: 1500, highPrice: 1700, extra: true },
      notInTheDoc: "ignoré",
    };
    await start({ ads: [ad] });
    const page = await client().fetchPage(query, 1, 10);
    expect(page.invalid).toEqual([]);
    expect(adToListing(page.ads[0])).toEqual({
      sourcePlatform: "moteurimmo",
      sourcePlatformId: "65f0a1b2c3d4e5f6a7b8c9d0",
      sourceOrigin: "pap",
      sourceUrl: "https://www.pap.fr/annonces/r412",
      title: "Maison 5 pièces avec jardin",
      description: "Maison familiale au calme.",
      price: 1450,
      propertyCharges: 0,
      propertyType: "Maison",
      // Read by the compliance checker (issue 29): the feed's climate class and its publisher type.
      gesRating: "B",
      publisherType: "private",
      transactionType: "rental",
      address: "La Doutre",
      city: "Angers",
      postalCode: "49100",
      surfaceArea: 120,
      rooms: 5,
      bedrooms: 4,
      bathrooms: null,
      images: ["https://img.example/m1.jpg", "https://img.example/m2.jpg"],
      features: ["Jardin", "Garage", "Ancien"],
      floor: null,
      totalFloors: 2,
      yearBuilt: 1985,
      energyRating: "C",
      owner: { firstName: "Sophie", lastName: "DURAND", email: null },
    });
  });

  it("skips and reports invalid ads, drops non-objects silently", async () => {
    await start({
      ads: [
        { uniqueId: "a1", price: 500 },
        42,
        "texte",
        { uniqueId: "b2", price: "abc" },
        { price: 700 },
        { uniqueId: "c3" },
      ],
    });
    const page = await client().fetchPage(query, 1, 10);
    expect(page.ads.map((ad) => ad.uniqueId)).toEqual(["a1", "c3"]);
    expect(page.invalid).toEqual([
      "Annonce b2 ignorée : prix (price) : nombre attendu, texte reçu",
      "Annonce n°5 ignorée : identifiant (uniqueId) : champ obligatoire manquant",
    ]);
    expect(page.received).toBe(6);
    expect(page.count).toBe(6);
  });

  it("keeps the page length visible when the partner's test mode mixes in junk", async () => {
    await start({ total: 30, faults: [{ page: 2, type: "junk" }] });
    const page = await client().fetchPage(query, 2, 10);
    expect(page.received).toBe(10);
    expect(page.ads).toHaveLength(8);
    expect(page.invalid).toEqual([
      "Annonce junk-2 ignorée : prix (price) : nombre attendu, texte reçu",
    ]);
  });
});

describe("retries", () => {
  it("retries a 500 after a backoff, then succeeds", async () => {
    await start({ total: 20, faults: [{ page: 1, type: "status", status: 500 }] });
    const onRetry = vi.fn();
    const page = await client({ onRetry }).fetchPage(query, 1, 20);
    expect(page.ads).toHaveLength(20);
    expect(partner.requests).toHaveLength(2);
    expect(sleeps).toEqual([1000]);
    expect(onRetry).toHaveBeenCalledWith(expect.objectContaining({ attempt: 1, delayMs: 1000 }));
  });

  it("backs off exponentially and gives up after maxRetries", async () => {
    await start({ faults: [{ type: "status", status: 503, times: Infinity }] });
    const error = await failure(client({ maxRetries: 3 }).fetchPage(query, 1, 10));
    expect(error.kind).toBe("http");
    expect(error.status).toBe(503);
    expect(error.message).toBe("Erreur de connexion à MoteurImmo (HTTP 503)");
    expect(error.detail).toBe("Internal server error");
    expect(partner.requests).toHaveLength(4);
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it("honours Retry-After on 429", async () => {
    await start({ total: 5, faults: [{ type: "rateLimit", retryAfter: 7 }] });
    const page = await client().fetchPage(query, 1, 5);
    expect(page.ads).toHaveLength(5);
    expect(sleeps).toEqual([7000]);
  });

  it("caps an excessive Retry-After", async () => {
    await start({ total: 5, faults: [{ type: "rateLimit", retryAfter: 3600 }] });
    await client({ maxRetryAfterMs: 20_000 }).count(query);
    expect(sleeps).toEqual([20_000]);
  });

  it("falls back on the backoff for a 429 without Retry-After", async () => {
    await start({ total: 5, faults: [{ type: "rateLimit", retryAfter: null }] });
    await client({ retryBaseMs: 300 }).count(query);
    expect(sleeps).toEqual([300]);
  });

  it("retries a dropped connection", async () => {
    await start({ total: 5, faults: [{ request: 1, type: "destroy" }] });
    await expect(client().count(query)).resolves.toBe(5);
    expect(partner.requests).toHaveLength(2);
  });

  it("reports a network error when the partner cannot be reached", async () => {
    await start();
    const url = partner.url;
    await partner.close();
    const error = await failure(client({ baseUrl: url, maxRetries: 1 }).count(query));
    expect(error.kind).toBe("network");
    expect(error.message).toBe("Erreur de connexion à MoteurImmo");
    expect(sleeps).toEqual([1000]);
  });

  it("does not retry a 400", async () => {
    await start({ maxResults: 100 });
    const error = await failure(client().fetchPage(query, 3, 50));
    expect(error.kind).toBe("http");
    expect(error.message).toBe("Erreur de connexion à MoteurImmo (HTTP 400)");
    expect(error.detail).toBe("Results are limited to 100");
    expect(partner.requests).toHaveLength(1);
  });
});

describe("timeouts and cancellation", () => {
  it("times out a request that hangs", async () => {
    await start({ faults: [{ type: "hang", times: Infinity }] });
    const fetchImpl = vi.fn(fetch);
    const error = await failure(
      client({ timeoutMs: 200, maxTimeoutRetries: 0, fetchImpl }).count(query),
    );
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("Erreur de connexion à MoteurImmo : pas de réponse après 200 ms");
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it("retries a timed-out request once by default", async () => {
    await start({ total: 3 });
    // The first call never answers (independent of how fast a busy machine reaches the fake).
    let calls = 0;
    const fetchImpl: typeof fetch = (input, init) => {
      calls += 1;
      if (calls > 1) return fetch(input, init);
      return new Promise((_, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new Error("aborted")));
      });
    };
    await expect(client({ timeoutMs: 200, fetchImpl }).count(query)).resolves.toBe(3);
    expect(calls).toBe(2);
    expect(sleeps).toEqual([1000]);
  });

  it("aborts the in-flight request as soon as the caller cancels", async () => {
    await start({ faults: [{ type: "hang", times: Infinity }] });
    const controller = new AbortController();
    const pending = client({ timeoutMs: 30_000 }).fetchPage(query, 1, 50, controller.signal);
    await vi.waitFor(() => expect(partner.requests).toHaveLength(1), { timeout: 10_000 });
    const startedAt = Date.now();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    // Far below the 30 s timeout: the abort, not the timer, ended the request.
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(partner.requests).toHaveLength(1);
  });

  it("aborts during a retry wait", async () => {
    await start({ faults: [{ type: "status", status: 500, times: Infinity }] });
    const controller = new AbortController();
    const waitForever = (ms: number, signal?: AbortSignal) =>
      new Promise<void>((_, reject) => {
        sleeps.push(ms);
        signal?.addEventListener("abort", () => reject(new Error("interrompu")));
      });
    const pending = client({ sleep: waitForever }).count(query, controller.signal);
    await vi.waitFor(() => expect(sleeps).toEqual([1000]), { timeout: 10_000 });
    controller.abort(new Error("arrêt du serveur"));
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("does not call the partner with an already cancelled signal", async () => {
    await start();
    const error = await client()
      .count(query, AbortSignal.abort())
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ name: "AbortError" });
    expect(partner.requests).toHaveLength(0);
  });
});

describe("invalid answers", () => {
  it("reports malformed JSON as 'Réponse invalide' without retrying", async () => {
    await start({ faults: [{ type: "malformed" }] });
    const error = await failure(client().fetchPage(query, 1, 10));
    expect(error.kind).toBe("invalid");
    expect(error.message).toBe("Réponse invalide");
    expect(partner.requests).toHaveLength(1);
  });

  it("reports a response without ads as 'Réponse invalide'", async () => {
    await start({ faults: [{ type: "wrongShape" }] });
    const error = await failure(client().fetchPage(query, 1, 10));
    expect(error.kind).toBe("invalid");
    expect(error.detail).toBe("liste des annonces (ads) : champ obligatoire manquant");
  });
});

describe("API key", () => {
  it("reports a refused key as 'auth', without retrying nor revealing the key", async () => {
    await start({ apiKey: "la-bonne-cle" });
    const error = await failure(client({ apiKey: "cle-secrete-123" }).fetchPage(query, 1, 10));
    expect(error.kind).toBe("auth");
    expect(error.status).toBe(401);
    expect(error.message).toBe("Clé API MoteurImmo refusée");
    expect(partner.requests).toHaveLength(1);
    expect(JSON.stringify(error)).not.toContain("cle-secrete-123");
    expect(String(error.stack)).not.toContain("cle-secrete-123");
  });

  it("redacts the key when the partner echoes it back", async () => {
    await start();
    partner.setFaults([
      {
        type: "status",
        status: 400,
        body: JSON.stringify({ error: 'Bad request {"apiKey":"cle-secrete-123"}' }),
      },
    ]);
    const error = await failure(client().count(query));
    expect(error.detail).toBe('Bad request {"apiKey":"***"}');
    expect(`${error.message} ${error.detail} ${error.stack}`).not.toContain("cle-secrete-123");
  });

  it("redacts the key from an unreadable body", async () => {
    await start();
    partner.setFaults([
      { type: "status", status: 200, body: `<html>${"x".repeat(110)}cle-secrete-123</html>` },
    ]);
    const error = await failure(client().fetchPage(query, 1, 10));
    expect(error.kind).toBe("invalid");
    expect(error.detail).toContain("***");
    expect(error.detail).not.toContain("cle-sec");
  });

  it("needs a key and a valid base URL", () => {
    expect(() => createMoteurImmoClient({ baseUrl: "https://x.fr/api", apiKey: " " })).toThrow(
      "Clé API MoteurImmo manquante",
    );
    expect(() => createMoteurImmoClient({ baseUrl: "ftp://x", apiKey: "k" })).toThrow(
      "URL de l'API MoteurImmo invalide",
    );
  });
});

describe("throttle", () => {
  it("spaces consecutive requests of one client", async () => {
    await start({ total: 5 });
    let clock = 1_000;
    const source = client({
      minIntervalMs: 250,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
    });
    await source.count(query);
    await source.count(query);
    clock += 10_000; // a long pause: the next request goes at once
    await source.count(query);
    expect(sleeps).toEqual([250]);
  });

  it("queues concurrent requests of one client behind each other", async () => {
    await start({ total: 5 });
    // The clock stands still: each request must reserve its own slot.
    const source = client({ minIntervalMs: 250, now: () => 1_000 });
    await Promise.all([source.count(query), source.count(query), source.count(query)]);
    expect(sleeps).toEqual([250, 500]);
  });

  it("shares the key's rate limit between the clients of two imports", async () => {
    await start({ total: 5 });
    // Two imports (a zone run and a manual one) build their own clients with the same key.
    const first = client({ minIntervalMs: 250, now: () => 5_000 });
    const second = client({ minIntervalMs: 250, now: () => 5_000 });
    await Promise.all([first.count(query), second.count(query), first.count(query)]);
    expect(sleeps).toEqual([250, 500]);
  });
});

describe("helpers", () => {
  it("reads Retry-After as seconds or as a date", () => {
    const now = Date.parse("2025-06-01T10:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter("Sun, 01 Jun 2025 10:00:12 GMT", now)).toBe(12_000);
    expect(parseRetryAfter("bientôt", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("redacts raw, JSON-escaped and URL-encoded forms of the key", () => {
    const key = 'a"b/c d';
    const text = `raw=${key} json=${JSON.stringify(key)} url=${encodeURIComponent(key)}`;
    expect(redactSecret(text, key)).toBe('raw=*** json="***" url=***');
  });
});
