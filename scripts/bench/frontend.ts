// Landing page JavaScript weight: every script the page loads, gzipped, as a browser receives it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BenchRow } from "./types";

const LIMIT_KB = 150;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function runFrontendBench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vigimmo-bench-front-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, PORT: String(port), DATABASE_PATH: path.join(dir, "db.sqlite"), VIGIMMO_SILENT_LOGS: "true", NODE_ENV: "production", SESSION_SECRET: "bench-secret-0123456789" },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
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
    child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await runFrontendBench());
}
