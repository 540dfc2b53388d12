import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Le serveur de test s'est arrêté (code ${child.exitCode})`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("Le serveur de test n'a pas répondu à /healthz à temps");
}

/** Starts the built server on a free port with a fresh database; tests read the env it sets. */
export default async function globalSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vigimmo-e2e-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATABASE_PATH: path.join(dir, "e2e.db"),
    SESSION_SECRET: "e2e-secret-0123456789abcdef",
    NODE_ENV: "production" as const,
    VIGIMMO_SILENT_LOGS: "true",
    MOTEURIMMO_API_KEY: "",
  };
  const child: ChildProcess = spawn(process.execPath, ["server.mjs"], { env, stdio: ["ignore", "inherit", "inherit"] });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child);
  Object.assign(process.env, {
    E2E_BASE_URL: baseUrl,
    DATABASE_PATH: env.DATABASE_PATH,
    SESSION_SECRET: env.SESSION_SECRET,
    NODE_ENV: "production",
    VIGIMMO_SILENT_LOGS: "true",
  });
  return async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
