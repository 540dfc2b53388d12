// The multi-machine deployment files (LiteFS cannot run here): litefs.yml checked against LiteFS
// 0.5's documented configuration (https://fly.io/docs/litefs/config/, cmd/litefs/config.go of
// superfly/litefs), both fly tomls parsed, and the start script's LiteFS branch run with a fake
// `litefs` first on the PATH.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** LiteFS 0.5's configuration keys, section by section (its config.go yaml tags). */
const LITEFS_SCHEMA: Record<string, readonly string[]> = {
  "": ["exit-on-error", "skip-sync", "strict-verify", "data", "exec", "fuse", "http", "lease", "log", "proxy", "backup", "tracing"],
  data: ["dir", "compress", "retention", "retention-monitor-interval"],
  fuse: ["dir", "allow-other", "debug"],
  http: ["addr"],
  lease: ["type", "hostname", "advertise-url", "candidate", "promote", "demote-delay", "reconnect-delay", "consul"],
  "lease.consul": ["url", "key", "ttl", "lock-delay"],
  proxy: ["addr", "target", "db", "max-lag", "debug", "passthrough", "always-forward"],
  exec: ["cmd", "if-candidate"],
};

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree => typeof value === "object" && value !== null && !Array.isArray(value);

/** Keys of `tree` (and of its sections) that LiteFS does not know, as "section.key". */
function unknownKeys(tree: Tree, section = ""): string[] {
  const known = LITEFS_SCHEMA[section] ?? [];
  return Object.entries(tree).flatMap(([key, value]) => {
    const name = section ? `${section}.${key}` : key;
    if (!known.includes(key)) return [name];
    if (isTree(value) && LITEFS_SCHEMA[name]) return unknownKeys(value, name);
    return [];
  });
}

// LiteFS expands ${VAR} and ${A == B} before parsing: stand-ins keep the YAML valid.
const litefsText = read("litefs.yml");
const litefs = parseYaml(litefsText.replace(/\$\{FLY_REGION == PRIMARY_REGION\}/, "true")) as Tree;
const fly = parseToml(read("fly.toml")) as Tree;
const flyLitefs = parseToml(read("fly.litefs.toml")) as Tree;
const section = (tree: Tree, key: string) => tree[key] as Tree;

describe("litefs.yml", () => {
  it("n'utilise que des clés documentées de LiteFS", () => {
    expect(unknownKeys(litefs)).toEqual([]);
    for (const step of litefs.exec as Tree[]) expect(unknownKeys(step, "exec")).toEqual([]);
  });

  it("monte /litefs (LITEFS_DIR), garde ses données sur le volume, base = DATABASE_PATH de fly.litefs.toml", () => {
    const env = section(flyLitefs, "env");
    expect(section(litefs, "fuse").dir).toBe("${LITEFS_DIR}");
    const dataDir = section(litefs, "data").dir as string;
    expect(dataDir.startsWith(`${section(flyLitefs, "mounts").destination as string}/`)).toBe(true);
    expect(env.DATABASE_PATH).toBe(path.posix.join(env.LITEFS_DIR as string, section(litefs, "proxy").db as string));
  });

  it("bail Consul : candidats dans la région primaire seulement, promotion automatique", () => {
    const lease = section(litefs, "lease");
    expect(lease.type).toBe("consul");
    expect(litefsText).toMatch(/^\s*candidate:\s*\$\{FLY_REGION == PRIMARY_REGION\}\s*$/m);
    expect(section(flyLitefs, "env").PRIMARY_REGION).toBe(flyLitefs.primary_region);
    expect(lease.promote).toBe(true);
    expect(section(lease, "consul").url).toBe("${FLY_CONSUL_URL}");
    expect(section(flyLitefs, "experimental").enable_consul).toBe(true);
  });

  it("le proxy est devant l'app (port de Fly → PORT), les fichiers statiques passent sans attendre", () => {
    const proxy = section(litefs, "proxy");
    const env = section(flyLitefs, "env");
    expect(proxy.addr).toBe(":${INTERNAL_PORT}");
    expect(proxy.target).toBe("localhost:${PORT}");
    expect(Number(env.INTERNAL_PORT)).toBe(section(flyLitefs, "http_service").internal_port);
    expect(env.INTERNAL_PORT).not.toBe(env.PORT);
    expect(proxy.passthrough).toEqual(expect.arrayContaining(["/assets/*", "/demo-photos/*", "*.ico"]));
  });

  it("exec : les migrations sur un candidat seulement, puis l'app", () => {
    expect(litefs.exec).toEqual([
      { cmd: "node --import tsx scripts/migrate.ts", "if-candidate": true },
      { cmd: "node --import tsx server.ts" },
    ]);
    expect(fs.existsSync(path.join(root, "scripts/migrate.ts"))).toBe(true);
  });
});

describe("fly.toml et fly.litefs.toml", () => {
  it("une machine reste le défaut : fly.toml ne connaît pas LiteFS", () => {
    expect(section(fly, "env").LITEFS_DIR).toBeUndefined();
    expect(section(fly, "build").args).toBeUndefined();
    expect(section(fly, "http_service").internal_port).toBe(Number(section(fly, "env").PORT));
  });

  it("la variante LiteFS construit l'image avec LiteFS, même app, même volume, même contrôle de santé", () => {
    expect(section(section(flyLitefs, "build"), "args")).toEqual({ LITEFS: "on" });
    expect(flyLitefs.app).toBe(fly.app);
    expect(flyLitefs.mounts).toEqual(fly.mounts);
    expect(section(flyLitefs, "http_service").checks).toEqual(section(fly, "http_service").checks);
  });

  it("Dockerfile : LITEFS vaut off par défaut, on ajoute le binaire LiteFS, fuse3 et /etc/litefs.yml", () => {
    const docker = read("Dockerfile");
    expect(docker).toMatch(/^ARG LITEFS=off$/m);
    expect(docker).toMatch(/^FROM flyio\/litefs:0\.5 AS litefs-image$/m);
    expect(docker).toMatch(/^FROM litefs-\$\{LITEFS\} AS litefs$/m);
    expect(docker).toContain("COPY litefs.yml /etc/litefs.yml");
    // The runtime, the image built by default, stays the last stage.
    expect(docker.split("\n").filter((line) => line.startsWith("FROM ")).at(-1)).toBe("FROM base AS runtime");
  });
});

describe("scripts/docker-start.sh avec LITEFS_DIR", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vigimmo-litefs-start-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("lance litefs mount (qui lance migrations et app), sans Litestream ni changement d'utilisateur", () => {
    const log = path.join(dir, "calls.log");
    for (const name of ["litefs", "litestream", "node", "setpriv", "chown"]) {
      fs.writeFileSync(path.join(dir, name), `#!/bin/sh\necho "$(basename "$0") $*" >>"${log}"\n`, { mode: 0o755 });
    }
    const run = spawnSync("sh", ["scripts/docker-start.sh"], {
      cwd: root,
      encoding: "utf8",
      env: { NODE_ENV: "production", PATH: `${dir}:${process.env.PATH}`, LITEFS_DIR: path.join(dir, "litefs"), DATABASE_PATH: path.join(dir, "litefs", "vigimmo.db"), LITESTREAM_BUCKET: "b" },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(fs.readFileSync(log, "utf8").trim().split("\n")).toEqual(["litefs mount -config /etc/litefs.yml"]);
  });
});

describe("scripts/migrate.ts (exec de litefs.yml, candidats seulement)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vigimmo-litefs-migrate-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const migrate = (env: Record<string, string>) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], { cwd: root, encoding: "utf8", env: { ...process.env, ...env } });

  it("primaire : applique les migrations ; candidat encore réplique : n'écrit rien", () => {
    const database = path.join(dir, "vigimmo.db");
    const primary = migrate({ DATABASE_PATH: database, LITEFS_DIR: dir });
    expect(primary.stdout, primary.stderr).toContain("Migrations appliquées.");
    const migrated = fs.statSync(database).mtimeMs;

    const mount = path.join(dir, "replique");
    fs.mkdirSync(mount);
    fs.writeFileSync(path.join(mount, ".primary"), "machine-primaire\n");
    const replica = migrate({ DATABASE_PATH: database, LITEFS_DIR: mount });
    expect(replica.status, replica.stderr).toBe(0);
    expect(replica.stdout).toContain("les migrations sont faites par le primaire");
    expect(fs.statSync(database).mtimeMs).toBe(migrated);
  });
});
