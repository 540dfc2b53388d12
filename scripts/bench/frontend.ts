// Landing page JavaScript weight: every script the page loads, gzipped, as a browser receives it.
import path from "node:path";
import { gzipSync } from "node:zlib";
import { Janitor, startServer } from "../../testing/server-process";
import type { BenchRow } from "./types";

const LIMIT_KB = 150;

export async function runFrontendBench(): Promise<BenchRow[]> {
  const janitor = new Janitor();
  try {
    const dir = janitor.tempDir("vigimmo-bench-front-");
    const server = await startServer({ databasePath: path.join(dir, "db.sqlite"), env: { SESSION_SECRET: "bench-secret-0123456789" }, output: "stderr" });
    janitor.defer(() => server.stop());
    const base = server.url;
    const html = await (await fetch(`${base}/`)).text();
    const urls = new Set<string>();
    for (const match of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)) urls.add(match[1]!);
    for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) urls.add(match[1]!);
    let gzipped = 0;
    for (const url of urls) {
      const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
      gzipped += gzipSync(body).length;
    }
    const kb = gzipped / 1024;
    return [{ figure: `JavaScript de la page d'accueil (${urls.size} fichiers, gzip)`, target: `≤ ${LIMIT_KB} Ko`, measured: `${kb.toFixed(1)} Ko`, ok: kb <= LIMIT_KB }];
  } finally {
    await janitor.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await runFrontendBench());
}
