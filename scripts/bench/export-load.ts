// The load side of npm run bench:export: many API clients asking pages (autocannon), the bodies
// they send, and the bare node:http server that answers the same bytes (the machine's ceiling).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, waitForHealth } from "../../testing/server-process";

export const API_PATH = "/functions/v1/get-properties";

/**
 * Where the bodies of a load come from. `context` is one connection's own (autocannon keeps it
 * across that connection's requests), so a generator that follows its answers (cursor pages:
 * the next body carries the previous answer's next_cursor) keeps its state there.
 */
export type BodyGenerator = {
  body(context: Record<string, unknown>): unknown;
  /** Called with every answer when present (reading answers costs the client: only when needed). */
  onResponse?(status: number, body: string, context: Record<string, unknown>): void;
};

/**
 * Pages of `limit` at offsets from `from` to `to` (page boundaries, picked at random), the keys
 * taking turns: each key sends 1/keys.length of the load, which keeps it under its per-key rate
 * limit for a short run.
 */
export function offsetPages(keys: string[], { limit, from, to }: { limit: number; from: number; to: number }): BodyGenerator {
  let sent = 0;
  const pages = Math.floor((to - from) / limit) + 1;
  return {
    body: () => {
      sent += 1;
      return { apiKey: keys[sent % keys.length], limit, offset: from + Math.floor(Math.random() * pages) * limit };
    },
  };
}

export type Load = {
  /** CPU time the server process spent per answer (user + system): what contention cannot blur. */
  cpuUsPerRequest: number;
  /** Successful (2xx) answers per second. */
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** Answers refused by the per-key rate limit: counted apart, they are the limit working. */
  tooMany: number;
  /** Every other non-2xx answer: a bench with any of them measured something else. */
  failures: number;
  errors: number;
};

/** CPU time of a process so far, in ms (/proc/<pid>/stat: utime and stime, in clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** `connections` clients sending `bodies` to `base` for `seconds`; `pid` is the server's process. */
export function runLoad(
  base: string,
  pid: number,
  bodies: BodyGenerator,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<Load> {
  const cpuBefore = processCpuMs(pid);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${API_PATH}`,
        connections,
        duration: seconds,
        requests: [
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            setupRequest: (request, context) => ({ ...request, body: JSON.stringify(bodies.body(context as Record<string, unknown>)) }),
            ...(bodies.onResponse ? { onResponse: (status: number, body: string, context: object) => bodies.onResponse!(status, body, context as Record<string, unknown>) } : {}),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const counts = Object.entries(result.statusCodeStats ?? {}).map(([status, stat]) => [Number(status), Number(stat.count)] as const);
        const count = (match: (status: number) => boolean) => counts.filter(([status]) => match(status)).reduce((sum, [, n]) => sum + n, 0);
        resolve({
          cpuUsPerRequest: ((processCpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
          rps: result["2xx"] / seconds,
          p50: result.latency.p50,
          p99: result.latency.p99,
          total: result.requests.total,
          tooMany: count((status) => status === 429),
          failures: count((status) => (status < 200 || status >= 300) && status !== 429),
          errors: result.errors + result.timeouts,
        });
      },
    );
  });
}

/** A node:http server answering every request with the given bytes: what this machine can do. */
export async function startCeiling(body: Buffer) {
  const port = await freePort();
  const file = path.join(os.tmpdir(), `vigimmo-bench-ceiling-${process.pid}.json`);
  fs.writeFileSync(file, body);
  const source = `
    const http = require("node:http");
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": body.length, "Access-Control-Allow-Origin": "*" });
        res.end(body);
      });
    }).listen(${port}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child); // it answers every path, /healthz included
  const stop = () =>
    new Promise<void>((resolve) => {
      fs.rmSync(file, { force: true });
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { base, pid: child.pid!, stop };
}
