import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Starts and stops the BUILT server (node --import tsx server.ts) as a child process, for the Playwright
 * global setup, the resilience specs and the benches (scripts/bench). Every child and temporary
 * folder is tracked so that it goes away even when a test fails or the test process exits
 * abruptly.
 */

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  url: string;
  port: number;
  pid: number;
  databasePath: string;
  child: ChildProcess;
  /** Resolves when the process has exited (never rejects). */
  exited: Promise<Exit>;
  /** Output lines that mention a locked database (SQLITE_BUSY), when the output is captured. */
  busyLines: string[];
  /** The last captured output lines (diagnostics of a failed test). */
  tail(): string;
  /** Sends `signal`, waits for the exit; SIGKILL after `timeoutMs`. Safe to call twice. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit>;
};

export type StartOptions = {
  databasePath: string;
  /** Extra or overriding environment variables (MOTEURIMMO_API_URL, VIGIMMO_SILENT_LOGS…). */
  env?: Record<string, string | undefined>;
  /**
   * "inherit" shows the server's output in the test run; "capture" scans and keeps its tail;
   * "stderr" shows only its errors, keeping this process's stdout clean (the bench tables).
   */
  output?: "inherit" | "capture" | "stderr";
  healthTimeoutMs?: number;
};

export const TEST_SESSION_SECRET = "e2e-secret-0123456789abcdef";
const BUSY = /SQLITE_BUSY|database is locked/i;
const TAIL_LINES = 200;

const liveChildren = new Set<ChildProcess>();
const liveDirs = new Set<string>();
let exitHookInstalled = false;

// Last resort when the test process itself goes away: no orphan server, no leftover folder.
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of liveChildren) child.kill("SIGKILL");
    for (const dir of liveDirs) fs.rmSync(dir, { recursive: true, force: true });
  });
}

export function makeTempDir(prefix: string): string {
  installExitHook();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  liveDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
  liveDirs.delete(dir);
}

export function freePort(): Promise<number> {
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

/** Polls /healthz until it answers 200; fails early if the process exits. */
export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Le serveur de test s'est arrêté (code ${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("Le serveur de test n'a pas répondu à /healthz à temps");
}

/** Starts `node --import tsx server.ts` in production mode on a free port and waits until /healthz answers. */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  installExitHook();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATABASE_PATH: options.databasePath,
    NODE_ENV: "production",
    SESSION_SECRET: process.env.SESSION_SECRET || TEST_SESSION_SECRET,
    // Production requires both (issue 23 item 9); the suites read reset links from the log.
    APP_URL: `http://localhost:${port}`,
    ALLOW_LINKS_IN_LOG: "true",
    VIGIMMO_SILENT_LOGS: "true",
    MOTEURIMMO_API_KEY: "",
    // The suites run the production build; their databases start with the demo data.
    DEMO_DATA: "true",
    ...options.env,
  };
  const capture = options.output === "capture";
  const stdout = capture ? "pipe" : options.output === "stderr" ? "ignore" : "inherit";
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: process.cwd(),
    env,
    stdio: ["ignore", stdout, capture ? "pipe" : "inherit"],
  });
  liveChildren.add(child);
  const exited = new Promise<Exit>((resolve) => {
    child.once("exit", (code, signal) => {
      liveChildren.delete(child);
      resolve({ code, signal });
    });
  });

  const busyLines: string[] = [];
  const lines: string[] = [];
  if (capture) {
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        const parts = (rest + chunk).split("\n");
        rest = parts.pop() ?? "";
        for (const line of parts) {
          if (BUSY.test(line)) busyLines.push(line);
          lines.push(line);
          if (lines.length > TAIL_LINES) lines.shift();
        }
      });
    }
  }

  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    pid: child.pid!,
    databasePath: options.databasePath,
    child,
    exited,
    busyLines,
    tail: () => lines.join("\n"),
    async stop(signal = "SIGTERM", timeoutMs = 30_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  try {
    await waitForHealth(url, child, options.healthTimeoutMs);
  } catch (error) {
    await server.stop("SIGKILL");
    throw new Error(`${(error as Error).message}\n${server.tail()}`);
  }
  return server;
}

/**
 * Collects cleanup steps (servers to stop, folders to remove, connections to close) and runs
 * them in reverse order, all of them even when one fails.
 */
export class Janitor {
  private readonly steps: Array<() => unknown> = [];

  defer(step: () => unknown) {
    this.steps.push(step);
  }

  tempDir(prefix: string): string {
    const dir = makeTempDir(prefix);
    this.defer(() => removeTempDir(dir));
    return dir;
  }

  async startServer(options: StartOptions): Promise<ServerProcess> {
    const server = await startServer(options);
    this.defer(() => server.stop("SIGKILL"));
    return server;
  }

  async cleanup() {
    const errors: unknown[] = [];
    while (this.steps.length > 0) {
      try {
        await this.steps.pop()!();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw errors[0];
  }
}
