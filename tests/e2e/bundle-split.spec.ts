import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

/**
 * Issue 16: the chart library is loaded only by the pages that draw charts, and the landing page's
 * JavaScript stays ≤ 150 KB gzipped. Read from the browser manifest of the build the e2e tests
 * run on (`npm run test:e2e` builds first; `npm run bench` measures the same page as served).
 */

const LANDING_LIMIT_KB = 150;
const client = path.join(process.env.VIGIMMO_BUILD_DIR ?? "build", "client");
const assets = path.join(client, "assets");
const manifestFile = () => fs.readdirSync(assets).find((file) => /^manifest-.*\.js$/.test(file));

type RouteFiles = { module: string; imports?: string[] };
type BrowserManifest = { entry: RouteFiles; routes: Record<string, RouteFiles> };

function readManifest(): BrowserManifest {
  const file = manifestFile();
  if (!file) throw new Error(`Aucun manifeste de build dans ${assets} : lancez npm run build`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as BrowserManifest;
}

const filesOf = (route: RouteFiles) => [route.module, ...(route.imports ?? [])];
const read = (file: string) => fs.readFileSync(path.join(client, file));

test.describe("découpage du JavaScript (build)", () => {
  test("la page d'accueil charge au plus 150 Ko gzip, sans la bibliothèque de graphiques", () => {
    const manifest = readManifest();
    const landing = new Set([manifest.entry, manifest.routes["root"]!, manifest.routes["routes/_index"]!].flatMap(filesOf));
    const kb = [...landing].reduce((total, file) => total + gzipSync(read(file)).length, 0) / 1024;
    expect(kb).toBeLessThanOrEqual(LANDING_LIMIT_KB);
    expect([...landing].filter((file) => file.includes("chart-views"))).toEqual([]);
  });

  test("/dashboard et /admin ne chargent les graphiques qu'à la demande (import dynamique)", () => {
    const manifest = readManifest();
    for (const route of ["routes/_app.dashboard", "routes/_app.admin"]) {
      const files = filesOf(manifest.routes[route]!);
      expect(files.filter((file) => file.includes("chart-views"))).toEqual([]);
      expect(files.some((file) => read(file).toString("utf8").includes("chart-views"))).toBe(true);
    }
  });
});
