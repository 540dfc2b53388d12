import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateDemoAds } from "~/services/moteurimmo/demo-feed.server";
import { DEMO_PHOTO_FILES } from "./demo-photo-files";
import { DEMO_PICTURE_BASE_URL, shownPictureUrl } from "./demo-photos";

const folder = path.resolve("public/demo-photos");

describe("photos de démonstration", () => {
  it("sont livrées avec l'application : quelques dizaines de JPEG, moins de 3 Mo en tout", () => {
    const files = Object.values(DEMO_PHOTO_FILES).flat();
    expect(files.length).toBeGreaterThanOrEqual(24);
    expect(fs.readdirSync(folder).sort()).toEqual([...files].sort());
    const total = files.reduce((sum, file) => sum + fs.statSync(path.join(folder, file)).size, 0);
    expect(total).toBeLessThan(3 * 1024 * 1024);
    for (const file of files) expect(fs.readFileSync(path.join(folder, file)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it("montrent l'extérieur en premier (maison ou immeuble), puis des pièces différentes", () => {
    const ad = `${DEMO_PICTURE_BASE_URL}/6650a1b2c3d4e5f601234567`;
    expect(shownPictureUrl(`${ad}/1.jpg`, "Maison")).toMatch(/^\/demo-photos\/maison-\d+\.[0-9a-f]{8}\.jpg$/);
    expect(shownPictureUrl(`${ad}/1.jpg`, "Appartement")).toMatch(/^\/demo-photos\/immeuble-/);
    expect(shownPictureUrl(`${ad}/2.jpg`)).toMatch(/^\/demo-photos\/salon-/);
    expect(shownPictureUrl(`${ad}/3.jpg`)).toMatch(/^\/demo-photos\/cuisine-/);
    expect(shownPictureUrl(`${ad}/4.jpg`)).not.toBe(shownPictureUrl(`${ad}/6.jpg`));
  });

  it("laissent toute autre adresse telle quelle", () => {
    for (const url of ["https://exemple.fr/photo.jpg", `${DEMO_PICTURE_BASE_URL}/../x.png`, "https://images.vigimmo-demo.fr.evil.fr/annonces/a/1.jpg"]) {
      expect(shownPictureUrl(url)).toBe(url);
    }
  });

  it("couvrent chaque photo du flux de démonstration", () => {
    for (const ad of generateDemoAds(200, 1, "rental")) {
      for (const url of ad.pictureUrls ?? []) expect(shownPictureUrl(url, ad.category === "house" ? "Maison" : "Appartement")).toMatch(/^\/demo-photos\//);
    }
  });
});
