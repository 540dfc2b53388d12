import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader } from "~/routes/resources.listing-photo.$id";
import { clearPhotoCache, LISTING_PHOTO } from "~/services/listings/listing-photos.server";
import { listingPhotoUrl } from "~/services/listings/photo-url";
import { DEMO_PICTURE_BASE_URL } from "~/services/listings/demo-photos";
import { makeUser, requestAs } from "../setup/factories";
import { addListings } from "../setup/moderation-factories";

/**
 * Listing pictures served by the app (issue 24 item 9): an agency's own site (a local server
 * here) shows without any host list, through the SSRF guard, with size, type and cache rules.
 */

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);

let site: http.Server;
let base = "";
const hits = new Map<string, number>();

beforeAll(async () => {
  site = http.createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (req.url === "/photos/facade.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(JPEG);
    if (req.url === "/photos/salon.png") return res.writeHead(200, { "content-type": "image/png; charset=binary" }).end(PNG);
    if (req.url === "/photos/page.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end("<html><script>alert(1)</script></html>");
    if (req.url === "/photos/logo.svg") return res.writeHead(200, { "content-type": "image/svg+xml" }).end("<svg xmlns='http://www.w3.org/2000/svg'/>");
    if (req.url === "/photos/enorme.jpg") {
      res.writeHead(200, { "content-type": "image/jpeg" });
      res.write(JPEG);
      return res.end(Buffer.alloc(LISTING_PHOTO.maxBytes, 1));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));
beforeEach(() => {
  process.env.ALLOW_PRIVATE_CONNECTION_URLS = "true";
  clearPhotoCache();
  hits.clear();
});
afterEach(() => {
  delete process.env.ALLOW_PRIVATE_CONNECTION_URLS;
});

async function get(userId: string, listingId: number | string, src: string) {
  const request = await requestAs(userId, `/resources/listing-photo/${listingId}?src=${encodeURIComponent(src)}`);
  return loader({ request, params: { id: String(listingId) }, context: {} });
}

describe("/resources/listing-photo/{id}", () => {
  it("sert la photo du site de l'agence, sans liste d'hôtes, avec son type et un cache privé ; une seule requête au site", async () => {
    const user = await makeUser();
    const images = [`${base}/photos/facade.jpg`, `${base}/photos/salon.png`];
    const [id] = addListings(user.id, 1, () => ({ images }));
    const response = await get(user.id, id!, images[0]!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe(`private, max-age=${LISTING_PHOTO.browserMaxAgeS}`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(JPEG)).toBe(true);
    expect((await get(user.id, id!, images[0]!)).status).toBe(200);
    expect(hits.get("/photos/facade.jpg")).toBe(1);
    const png = await get(user.id, id!, images[1]!);
    expect([png.status, png.headers.get("content-type")]).toEqual([200, "image/png"]);
  });

  it("ne récupère que les photos de l'annonce, pour qui peut la voir (pas de relais ouvert)", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const admin = await makeUser({ admin: true });
    const src = `${base}/photos/facade.jpg`;
    const [id] = addListings(owner.id, 1, () => ({ images: [src] }));
    expect((await get(stranger.id, id!, src)).status).toBe(404);
    expect((await get(owner.id, id!, `${base}/photos/salon.png`)).status).toBe(404);
    expect((await get(owner.id, "abc", src)).status).toBe(404);
    expect(hits.size).toBe(0);
    expect((await get(admin.id, id!, src)).status).toBe(200);
  });

  it("refuse ce qui n'est pas une image (HTML déguisé, SVG), une photo trop lourde, une adresse privée sans autorisation", async () => {
    const user = await makeUser();
    const images = ["page.jpg", "logo.svg", "enorme.jpg", "absente.jpg"].map((name) => `${base}/photos/${name}`);
    const [id] = addListings(user.id, 1, () => ({ images }));
    for (const src of images) {
      const response = await get(user.id, id!, src);
      expect(response.status, src).toBe(502);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    }
    expect(await (await get(user.id, id!, images[0]!)).text()).toMatch(/n'a pas renvoyé une image/);
    expect(await (await get(user.id, id!, images[2]!)).text()).toMatch(/Photo trop lourde \(5 Mo au plus\)/);

    // Without the test's permission, 127.0.0.1 is a private address: the guard refuses it.
    delete process.env.ALLOW_PRIVATE_CONNECTION_URLS;
    clearPhotoCache();
    hits.clear();
    const [other] = addListings(user.id, 1, () => ({ images: [`${base}/photos/facade.jpg`] }));
    expect((await get(user.id, other!, `${base}/photos/facade.jpg`)).status).toBe(502);
    expect(hits.size).toBe(0);
  });

  it("les photos de démonstration restent des fichiers de l'application ; les autres passent par la route", () => {
    expect(listingPhotoUrl(7, `${DEMO_PICTURE_BASE_URL}/abc/1.jpg`, "Maison")).toMatch(/^\/demo-photos\/maison-/);
    expect(listingPhotoUrl(7, "https://www.agence-du-lac.fr/img/1.jpg")).toBe(
      "/resources/listing-photo/7?src=https%3A%2F%2Fwww.agence-du-lac.fr%2Fimg%2F1.jpg",
    );
  });
});
