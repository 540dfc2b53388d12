import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";

/**
 * The real Litestream binary, as the registry ships it (@flydotio/litestream, a dev dependency:
 * its package for this platform holds the executable), run against a file replica in a
 * temporary folder. The production replica is S3-compatible storage (litestream.yml); the file
 * replica keeps the same replication and restore code paths without a network.
 */

const run = promisify(execFile);

export function litestreamBinary(): string {
  const packageJson = createRequire(import.meta.url).resolve(`@flydotio/litestream-${process.platform}-${process.arch}/package.json`);
  return path.join(path.dirname(packageJson), "litestream");
}

/** A config like litestream.yml's (sync every second), with a file replica instead of the bucket. */
export function writeLitestreamConfig(dir: string, database: string): { config: string; replica: string } {
  const replica = path.join(dir, "replica");
  const config = path.join(dir, "litestream.yml");
  fs.writeFileSync(
    config,
    [
      "dbs:",
      `  - path: ${database}`,
      "    replicas:",
      "      - type: file",
      `        path: ${replica}`,
      "        sync-interval: 1s",
      "",
    ].join("\n"),
  );
  return { config, replica };
}

export type Replication = { process: ChildProcess; log: () => string };

/** `litestream replicate`, once it has written its first snapshot to the replica. */
export async function startReplication(config: string, replica: string, timeoutMs = 20_000): Promise<Replication> {
  const child = spawn(litestreamBinary(), ["replicate", "-config", config], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  const snapshotWritten = () => {
    const generations = path.join(replica, "generations");
    if (!fs.existsSync(generations)) return false;
    return fs.readdirSync(generations).some((generation) => {
      const snapshots = path.join(generations, generation, "snapshots");
      return fs.existsSync(snapshots) && fs.readdirSync(snapshots).length > 0;
    });
  };
  while (!snapshotWritten()) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`litestream s'est arrêté (${child.exitCode}) : ${output}`);
    if (Date.now() - started > timeoutMs) throw new Error(`litestream n'a pas écrit de première copie en ${timeoutMs} ms : ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { process: child, log: () => output };
}

/** Kills the replicator as a crash would (SIGKILL: no last sync), and waits for its end. */
export async function killReplication(replication: Replication): Promise<void> {
  if (replication.process.exitCode !== null || replication.process.signalCode !== null) return;
  const exited = new Promise((resolve) => replication.process.once("exit", resolve));
  replication.process.kill("SIGKILL");
  await exited;
}

/** `litestream restore` of the database of `config` into `output` (a file that must not exist). */
export async function restoreReplica(config: string, database: string, output: string): Promise<void> {
  await run(litestreamBinary(), ["restore", "-config", config, "-o", output, database], { timeout: 30_000 });
}
