import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  assertUrlAllowed,
  forbiddenAddressReason,
  guardedRequest,
  GuardedRequestError,
} from "~/services/connections/ssrf-guard.server";
import { startFakeEndpoint } from "../setup/fake-connection-endpoint";

const allowPrivate = (value: boolean) => {
  process.env.ALLOW_PRIVATE_CONNECTION_URLS = value ? "true" : "false";
};

afterEach(() => {
  delete process.env.ALLOW_PRIVATE_CONNECTION_URLS;
});

describe("classement des adresses", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.10",
    "169.254.169.254",
    "169.254.0.1",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fd00:ec2::254",
    "fc00::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "::127.0.0.1",
    // Embedded IPv4 forms: IPv4-translated, 6to4, NAT64 (well-known and local-use), Teredo.
    "::ffff:0:7f00:1",
    "::ffff:0:10.0.0.1",
    "2002:7f00:1::1",
    "2002:a9fe:a9fe::",
    "2002:c0a8:0101:1::1",
    "64:ff9b::127.0.0.1",
    "64:ff9b:1::7f00:1",
    "64:ff9b:1:abcd::8.8.8.8",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "2001::1",
    // Other special-purpose or non-unicast IPv6 space of the IANA registries.
    "100::1",
    "100:0:0:1::1",
    "2001:2::1",
    "2001:10::1",
    "2001:20::1",
    "2001:db8::1",
    "3fff::1",
    "5f00::1",
    "fec0::1",
    "4000::1",
    "fe80::1%eth0",
    "192.0.0.8",
    "192.0.2.1",
    "192.88.99.1",
    "198.18.0.1",
    "198.51.100.7",
    "203.0.113.9",
    "240.0.0.1",
    "not-an-ip",
  ])("refuse %s", (address) => {
    expect(forbiddenAddressReason(address)).not.toBeNull();
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700::6810:84e5",
    "::ffff:8.8.8.8",
    "::ffff:0:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
    "2a01:cb00::1",
    "2001:4860:4860::8888",
    "2620:4f:8000::1",
  ])("accepte %s", (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });
});

describe("vérification d'une URL", () => {
  it.each([
    "http://127.0.0.1/",
    "http://127.0.0.1:3000/admin",
    "http://10.0.0.5/api",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]:8080/",
    "http://[::ffff:127.0.0.1]/",
    "http://2130706433/",
    "http://0x7f.1/",
    "http://localhost:3000/",
  ])("refuse %s sans ALLOW_PRIVATE_CONNECTION_URLS", async (url) => {
    allowPrivate(false);
    await expect(assertUrlAllowed(url)).rejects.toMatchObject({
      kind: "forbidden",
      message: expect.stringMatching(/^Adresse refusée \(/),
    });
  });

  it.each([
    "file:///etc/passwd",
    "ftp://flux.example.fr/",
    "gopher://127.0.0.1:25/",
    "pas une url",
  ])("refuse %s (http et https seulement), même autorisé", async (url) => {
    allowPrivate(true);
    await expect(assertUrlAllowed(url)).rejects.toBeInstanceOf(GuardedRequestError);
  });

  it("accepte une adresse locale quand l'environnement l'autorise", async () => {
    allowPrivate(true);
    await expect(assertUrlAllowed("http://127.0.0.1:9/")).resolves.toBeInstanceOf(URL);
  });
});

describe("requêtes gardées", () => {
  let endpoint: Awaited<ReturnType<typeof startFakeEndpoint>>;
  beforeAll(async () => {
    endpoint = await startFakeEndpoint(() => ({ json: { ok: true } }));
  });
  afterAll(() => endpoint.close());

  it("n'appelle jamais une adresse locale sans autorisation", async () => {
    allowPrivate(false);
    const before = endpoint.requests.length;
    await expect(
      guardedRequest(`${endpoint.url}/flux`, { method: "POST", body: "{}" }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    expect(endpoint.requests.length).toBe(before);
  });

  it("refuse une redirection vers une adresse interdite, sans la suivre", async () => {
    allowPrivate(true);
    endpoint.setHandler(({ url }, res) => {
      if (url === "/secret") return { json: { secret: true } };
      // The first hop was allowed; the hop it redirects to is checked under the strict rule.
      allowPrivate(false);
      res.writeHead(302, { location: `${endpoint.url}/secret` }).end();
    });
    const before = endpoint.requests.length;
    await expect(
      guardedRequest(`${endpoint.url}/flux`, { method: "POST", body: "{}" }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    expect(endpoint.requests.slice(before).map((r) => r.url)).toEqual(["/flux"]);
  });

  it("refuse une redirection vers un autre protocole", async () => {
    allowPrivate(true);
    endpoint.setHandler(
      (_request, res) => void res.writeHead(307, { location: "file:///etc/passwd" }).end(),
    );
    await expect(
      guardedRequest(`${endpoint.url}/flux`, { method: "POST", body: "{}" }),
    ).rejects.toMatchObject({ kind: "invalid-url" });
  });

  it("ne suit pas une 307/308 qui renverrait le corps (clé, signature) à une autre origine ; la même origine reste suivie", async () => {
    allowPrivate(true);
    const reached: string[] = [];
    const other = endpoint.url.replace("127.0.0.1", "localhost");
    endpoint.setHandler(({ url }, res) => {
      reached.push(url);
      if (url === "/ailleurs") return void res.writeHead(308, { location: `${other}/vole` }).end();
      if (url === "/ici") return void res.writeHead(307, { location: "/arrivee" }).end();
      return { json: { arrived: url } };
    });
    await expect(guardedRequest(`${endpoint.url}/ailleurs`, { method: "POST", body: '{"apiKey":"secret"}' })).rejects.toMatchObject({
      kind: "redirects",
      message: `Redirection refusée vers une autre origine (${new URL(other).origin}) : le corps signé n'y est pas renvoyé`,
    });
    expect(reached).toEqual(["/ailleurs"]);
    const same = await guardedRequest(`${endpoint.url}/ici`, { method: "POST", body: "{}" });
    expect(JSON.parse(same.body.toString())).toEqual({ arrived: "/arrivee" });
  });

  it("suit au plus 3 redirections", async () => {
    allowPrivate(true);
    endpoint.setHandler(({ url }, res) => {
      const hop = Number(url.split("/").pop() ?? 0);
      if (url.startsWith("/hop/") && hop < 3)
        return void res.writeHead(307, { location: `/hop/${hop + 1}` }).end();
      if (url === "/hop/3") return { json: { arrived: true } };
      res.writeHead(308, { location: "/loop" }).end();
    });
    const ok = await guardedRequest(`${endpoint.url}/hop/0`, { method: "POST", body: "{}" });
    expect(JSON.parse(ok.body.toString())).toEqual({ arrived: true });
    await expect(
      guardedRequest(`${endpoint.url}/loop`, { method: "POST", body: "{}" }),
    ).rejects.toMatchObject({ kind: "redirects", message: "Trop de redirections (3 au maximum)" });
  });

  it("abandonne après le délai", async () => {
    allowPrivate(true);
    endpoint.setHandler(() => new Promise(() => undefined));
    await expect(
      guardedRequest(`${endpoint.url}/lent`, { method: "POST", body: "{}", timeoutMs: 200 }),
    ).rejects.toMatchObject({
      kind: "timeout",
      message: expect.stringMatching(/^Pas de réponse du point d'accès après/),
    });
  });

  it("coupe une réponse trop volumineuse pendant sa lecture", async () => {
    allowPrivate(true);
    endpoint.setHandler((_request, res) => {
      // No Content-Length: the cap must be counted while the body streams in.
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = "x".repeat(64 * 1024);
      let sent = 0;
      const push = () => {
        while (sent < 40 && res.write(chunk)) sent++;
        if (sent < 40 && !res.destroyed) res.once("drain", () => ((sent += 1), push()));
        else res.end();
      };
      push();
    });
    await expect(
      guardedRequest(`${endpoint.url}/gros`, {
        method: "POST",
        body: "{}",
        maxResponseBytes: 512 * 1024,
      }),
    ).rejects.toMatchObject({
      kind: "too-large",
      message: "Réponse trop volumineuse (1 Mo maximum)",
    });
  });

  it("s'arrête quand l'import est annulé", async () => {
    allowPrivate(true);
    endpoint.setHandler(() => new Promise(() => undefined));
    const controller = new AbortController();
    const pending = guardedRequest(`${endpoint.url}/lent`, {
      method: "POST",
      body: "{}",
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
