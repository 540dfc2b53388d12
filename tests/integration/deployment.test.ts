// Deployment files (Docker cannot run here): scripts/docker-start.sh runs under `sh` with fake
// `litestream`, `node`, `id`, `chown` and `setpriv` first on the PATH, each writing its argv to a
// log; the Dockerfile, .dockerignore, fly.toml, litestream.yml and README are read as text.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const sandboxes: string[] = [];

afterAll(() => {
  for (const dir of sandboxes) fs.rmSync(dir, { recursive: true, force: true });
});

// Each fake logs its name and argv, an argument holding a space between double quotes.
const LOG_ARGS = `line=$(basename "$0"); for arg; do case "$arg" in *" "*) line="$line \\"$arg\\"" ;; *) line="$line $arg" ;; esac; done
echo "$line" >>"$FAKE_LOG"`;
const FAKES: Record<string, string> = {
  // `restore` writes its last argument (the output database), or fails after a partial write.
  litestream: `${LOG_ARGS}
if [ "$1" = restore ]; then
  for out; do :; done
  if [ "\${FAKE_RESTORE_FAILS:-}" = true ]; then echo partielle >"$out"; echo "cannot restore" >&2; exit 1; fi
  printf restauree >"$out"
fi`,
  node: LOG_ARGS,
  id: `echo "\${FAKE_UID:-1000}"`,
  chown: LOG_ARGS,
  // Drops its options and runs the command, now as "node".
  setpriv: `${LOG_ARGS}
while [ "\${1#--}" != "$1" ]; do shift; done
FAKE_UID=1000 exec "$@"`,
};

type Sandbox = { dir: string; db: string; log: string; bin: string };
let sandbox: Sandbox;

beforeEach(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vigimmo-deploy-"));
  sandboxes.push(dir);
  const bin = path.join(dir, "bin");
  fs.mkdirSync(bin);
  for (const [name, body] of Object.entries(FAKES)) {
    fs.writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  }
  fs.mkdirSync(path.join(dir, "data"));
  sandbox = {
    dir,
    bin,
    db: path.join(dir, "data", "vigimmo.db"),
    log: path.join(dir, "calls.log"),
  };
});

/** Runs the start script with only the given variables (plus the fakes' plumbing). */
function start(env: Record<string, string> = {}) {
  const result = spawnSync("sh", ["scripts/docker-start.sh"], {
    cwd: root,
    encoding: "utf8",
    env: {
      PATH: `${sandbox.bin}:${process.env.PATH}`,
      HOME: sandbox.dir,
      FAKE_LOG: sandbox.log,
      NODE_ENV: "production",
      DATABASE_PATH: sandbox.db,
      ...env,
    },
  });
  const calls = fs.existsSync(sandbox.log)
    ? fs.readFileSync(sandbox.log, "utf8").trim().split("\n")
    : [];
  fs.rmSync(sandbox.log, { force: true });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, calls };
}

const BUCKET = { LITESTREAM_BUCKET: "vigimmo-replique" };
const REPLICATE = 'litestream replicate -config /etc/litestream.yml -exec "node --import tsx server.ts"';
const SQLITE_HEADER = "SQLite format 3\0";

/** The live database with its WAL, shared memory and Litestream's local state. */
function writeLiveDatabase(content = `${SQLITE_HEADER}ancienne`) {
  fs.writeFileSync(sandbox.db, content);
  fs.writeFileSync(`${sandbox.db}-wal`, "wal");
  fs.writeFileSync(`${sandbox.db}-shm`, "shm");
  fs.mkdirSync(path.join(sandbox.dir, "data", ".vigimmo.db-litestream"));
}

const dataFiles = () => fs.readdirSync(path.join(sandbox.dir, "data")).sort();
const asideTag = () => {
  const aside = dataFiles().find((name) =>
    /^vigimmo\.db\.avant-restauration-\d{8}T\d{6}Z$/.test(name),
  );
  expect(aside, "ancienne base mise de côté").toBeDefined();
  return aside!.slice("vigimmo.db".length);
};

describe("scripts/docker-start.sh", () => {
  it("sans bucket : lance seulement node --import tsx server.ts", () => {
    const run = start();
    expect(run.status).toBe(0);
    expect(run.calls).toEqual(["node --import tsx server.ts"]);
  });

  it("démarré en root : donne le dossier de la base à node, puis continue en node", () => {
    const run = start({ FAKE_UID: "0", ...BUCKET });
    expect(run.status).toBe(0);
    expect(run.calls[0]).toBe(`chown -R node:node ${path.dirname(sandbox.db)}`);
    expect(run.calls[1]).toBe(
      "setpriv --reuid=node --regid=node --clear-groups sh scripts/docker-start.sh",
    );
    expect(run.calls.slice(2)).toEqual([
      `litestream restore -config /etc/litestream.yml -if-replica-exists ${sandbox.db}`,
      REPLICATE,
    ]);
  });

  it("bucket et volume sans base : restaure (si la réplique existe) PUIS lance l'app sous litestream replicate", () => {
    const run = start(BUCKET);
    expect(run.status).toBe(0);
    expect(run.calls).toEqual([
      `litestream restore -config /etc/litestream.yml -if-replica-exists ${sandbox.db}`,
      REPLICATE,
    ]);
    expect(fs.readFileSync(sandbox.db, "utf8")).toBe("restauree");
  });

  it("bucket et base présente : pas de restauration", () => {
    writeLiveDatabase();
    const run = start(BUCKET);
    expect(run.status).toBe(0);
    expect(run.calls).toEqual([REPLICATE]);
  });

  it("volume sans base, restauration en échec : code non nul, rien ne démarre, pas de base partielle", () => {
    const run = start({ ...BUCKET, FAKE_RESTORE_FAILS: "true" });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("Erreur : la restauration a échoué");
    expect(run.calls).toEqual([
      `litestream restore -config /etc/litestream.yml -if-replica-exists ${sandbox.db}`,
    ]);
    expect(fs.existsSync(sandbox.db)).toBe(false);
  });

  it("RESTORE_FROM_REPLICA=true : met l'ancienne base de côté, restaure, puis démarre ; pas refait au redémarrage", () => {
    writeLiveDatabase();
    const run = start({ ...BUCKET, RESTORE_FROM_REPLICA: "true" });
    expect(run.status).toBe(0);
    expect(run.calls).toEqual([
      `litestream restore -config /etc/litestream.yml ${sandbox.db}`,
      REPLICATE,
    ]);
    expect(fs.readFileSync(sandbox.db, "utf8")).toBe("restauree");
    const tag = asideTag();
    expect(fs.readFileSync(`${sandbox.db}${tag}`, "utf8")).toBe(`${SQLITE_HEADER}ancienne`);
    expect(fs.readFileSync(`${sandbox.db}${tag}-wal`, "utf8")).toBe("wal");
    expect(fs.readFileSync(`${sandbox.db}${tag}-shm`, "utf8")).toBe("shm");
    expect(dataFiles()).toContain(`.vigimmo.db${tag}-litestream`);
    expect(dataFiles()).not.toContain("vigimmo.db-wal");

    // The secret is still set at the next restart (crash, maintenance): no second roll-back.
    const again = start({ ...BUCKET, RESTORE_FROM_REPLICA: "true" });
    expect(again.calls).toEqual([REPLICATE]);
    expect(again.stdout).toContain("déjà faite");

    // Once unset, the note goes: a later request restores again.
    expect(start(BUCKET).calls).toEqual([REPLICATE]);
    expect(dataFiles().some((name) => name.includes("restauration-faite"))).toBe(false);
  });

  it("RESTORE_FROM_REPLICA=true avec LITESTREAM_RESTORE_TIMESTAMP : restaure cet instant", () => {
    writeLiveDatabase();
    const run = start({
      ...BUCKET,
      RESTORE_FROM_REPLICA: "true",
      LITESTREAM_RESTORE_TIMESTAMP: "2026-11-24T08:30:00Z",
    });
    expect(run.status).toBe(0);
    expect(run.calls[0]).toBe(
      `litestream restore -config /etc/litestream.yml -timestamp 2026-11-24T08:30:00Z ${sandbox.db}`,
    );
    expect(run.calls[1]).toBe(REPLICATE);
  });

  it("RESTORE_FROM_REPLICA=true en échec : l'ancienne base revient, code non nul, message français, rien ne démarre", () => {
    writeLiveDatabase();
    const before = dataFiles();
    const run = start({ ...BUCKET, RESTORE_FROM_REPLICA: "true", FAKE_RESTORE_FAILS: "true" });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("Erreur : la restauration a échoué");
    expect(run.calls).toEqual([`litestream restore -config /etc/litestream.yml ${sandbox.db}`]);
    expect(dataFiles()).toEqual(before);
    expect(fs.readFileSync(sandbox.db, "utf8")).toBe(`${SQLITE_HEADER}ancienne`);
    expect(fs.readFileSync(`${sandbox.db}-wal`, "utf8")).toBe("wal");
  });

  it("RESTORE_FROM_REPLICA sans bucket ou avec une valeur inconnue : refus sans toucher à la base", () => {
    writeLiveDatabase();
    const before = dataFiles();
    for (const env of [
      { RESTORE_FROM_REPLICA: "true" },
      { ...BUCKET, RESTORE_FROM_REPLICA: "oui" },
    ]) {
      const run = start(env);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/^Erreur : .*RESTORE_FROM_REPLICA/);
      expect(run.calls).toEqual([]);
      expect(dataFiles()).toEqual(before);
    }
  });

  it("RESTORE_FROM_FILE : remplace la base par la copie (gardée), l'ancienne mise de côté", () => {
    writeLiveDatabase();
    const copy = path.join(sandbox.dir, "copie.db");
    fs.writeFileSync(copy, `${SQLITE_HEADER}copie`);
    const run = start({ RESTORE_FROM_FILE: copy });
    expect(run.status).toBe(0);
    expect(run.calls).toEqual(["node --import tsx server.ts"]);
    expect(fs.readFileSync(sandbox.db, "utf8")).toBe(`${SQLITE_HEADER}copie`);
    expect(fs.readFileSync(copy, "utf8")).toBe(`${SQLITE_HEADER}copie`);
    expect(fs.readFileSync(`${sandbox.db}${asideTag()}`, "utf8")).toBe(`${SQLITE_HEADER}ancienne`);
    expect(fs.existsSync(`${sandbox.db}-wal`)).toBe(false);
  });

  it("RESTORE_FROM_FILE sur un fichier qui n'est pas une base SQLite : refus, base intacte", () => {
    writeLiveDatabase();
    const before = dataFiles();
    const notADatabase = path.join(sandbox.dir, "copie.db.gz");
    fs.writeFileSync(notADatabase, "\x1f\x8b compressé");
    const run = start({ ...BUCKET, RESTORE_FROM_FILE: notADatabase });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("n'est pas une base SQLite lisible");
    expect(run.calls).toEqual([]);
    expect(dataFiles()).toEqual(before);
  });
});

// ---- Configuration files, read as text ----

/** fly.toml as "section.key" → value (sections of arrays of tables merged: one each here). */
function parseToml(text: string) {
  const values = new Map<string, string>();
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\s+#.*$/, "").trim();
    if (!line || line.startsWith("#")) continue;
    const header = /^\[\[?([\w.]+)\]\]?$/.exec(line);
    if (header) section = header[1]!;
    const pair = /^([\w.]+)\s*=\s*"?([^"]*)"?$/.exec(line);
    if (pair) values.set(section ? `${section}.${pair[1]}` : pair[1]!, pair[2]!);
  }
  return values;
}

/** Dockerfile instructions of the last stage (the runtime image) and of all stages. */
function parseDockerfile(text: string) {
  const instructions = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(" ") };
    });
  const lastFrom = instructions.map((i) => i.keyword).lastIndexOf("FROM");
  const env = new Map<string, string>();
  for (const { keyword, args } of instructions.slice(lastFrom)) {
    if (keyword !== "ENV") continue;
    for (const [, name, value] of args.matchAll(/(\w+)=("[^"]*"|\S+)/g))
      env.set(name!, value!.replace(/"/g, ""));
  }
  return { all: instructions, runtime: instructions.slice(lastFrom), env };
}

/** .dockerignore's rule for a path of the build context: the last matching pattern wins. */
function dockerIgnores(patterns: string[], file: string) {
  const toRegExp = (glob: string) => {
    const body = glob
      .replace(/^\/+|\/+$/g, "")
      .replace(/\*\*\/|\*|\?|[^*?]+/g, (token) =>
        token === "**/"
          ? "(?:.*/)?"
          : token === "*"
            ? "[^/]*"
            : token === "?"
              ? "[^/]"
              : token.replace(/[.+^${}()|[\]\\]/g, "\\$&"),
      );
    return new RegExp(`^${body}$`);
  };
  // A path is excluded with its folder: test the path and each of its parents.
  const prefixes = file.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"));
  let ignored = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith("!");
    const regexp = toRegExp(negated ? pattern.slice(1) : pattern);
    if (prefixes.some((prefix) => regexp.test(prefix))) ignored = !negated;
  }
  return ignored;
}

describe("fichiers de déploiement", () => {
  const fly = parseToml(read("fly.toml"));
  const docker = parseDockerfile(read("Dockerfile"));
  const startScript = read("scripts/docker-start.sh");
  const litestream = read("litestream.yml");
  const readme = read("README.md");
  const secretsLine =
    readme.split("\n").find((line) => /fly secrets set .*SESSION_SECRET=/.test(line)) ?? "";
  const secrets = [...secretsLine.matchAll(/([A-Z][A-Z0-9_]*)=/g)].map((match) => match[1]!);

  it("fly.toml : port, contrôle de santé, volume, environnement de production, délai d'arrêt", () => {
    const port = fly.get("env.PORT");
    expect(port).toBe("3000");
    expect(fly.get("http_service.internal_port")).toBe(port);
    expect(docker.env.get("PORT")).toBe(port);
    expect(docker.runtime.filter((i) => i.keyword === "EXPOSE").map((i) => i.args)).toEqual([port]);

    expect(fly.get("http_service.checks.path")).toBe("/healthz");
    expect(fs.existsSync(path.join(root, "app/routes/healthz.ts"))).toBe(true);

    const databasePath = fly.get("env.DATABASE_PATH")!;
    expect(fly.get("mounts.destination")).toBe(path.posix.dirname(databasePath));
    expect(docker.env.get("DATABASE_PATH")).toBe(databasePath);
    expect(startScript).toContain(`: "\${DATABASE_PATH:=${databasePath}}"`);

    expect(fly.get("env.NODE_ENV")).toBe("production");
    expect(fly.get("env.TRUST_PROXY_HOPS")).toBe("1");
    expect(fly.get("env.DEMO_DATA") ?? "false").toBe("false");
    // The app's stop (requests 20 s, jobs 10 s, a checkpoint that may wait 5 s on Litestream's
    // read lock) and Litestream's last sync must end before Fly's SIGKILL.
    expect(Number(/^(\d+)s$/.exec(fly.get("kill_timeout") ?? "")?.[1])).toBeGreaterThanOrEqual(30);
    expect(fly.get("kill_signal")).toBe("SIGTERM");
  });

  it("secrets : ceux de l'application et de litestream.yml sont dans la commande fly secrets set du README, aucun dans fly.toml", () => {
    expect(secrets).toEqual(expect.arrayContaining(["SESSION_SECRET", "MOTEURIMMO_API_KEY"]));
    const used = [...litestream.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]!);
    expect(used).toContain("LITESTREAM_BUCKET");
    for (const name of used) {
      expect(
        secrets.includes(name) || fly.has(`env.${name}`),
        `${name} : ni secret du README ni [env] de fly.toml`,
      ).toBe(true);
    }
    for (const name of secrets)
      expect(fly.has(`env.${name}`), `${name} écrit en clair dans fly.toml`).toBe(false);
    // The start script reads the bucket under the name the README sets.
    expect(startScript).toContain("LITESTREAM_BUCKET");
  });

  it("fly.toml et les secrets du README satisfont la configuration de production (APP_URL, SMTP_URL)", async () => {
    const { parseEnv } = await import("~/utils/env.server");
    const deployed: NodeJS.ProcessEnv = { NODE_ENV: "production" };
    for (const [key, value] of fly) if (key.startsWith("env.")) deployed[key.slice(4)] = value;
    const placeholders: Record<string, string> = { SESSION_SECRET: "x".repeat(32), SMTP_URL: "smtps://agent:secret@smtp.exemple.fr:465" };
    for (const name of secrets) deployed[name] = placeholders[name] ?? "valeur";
    expect(() => parseEnv(deployed)).not.toThrow();
    expect(parseEnv(deployed).appUrl).toMatch(/^https:\/\//);
    expect(secrets).toContain("SMTP_URL");
  });

  it("litestream.yml : réplique le fichier DATABASE_PATH, lu au chemin où le Dockerfile copie la configuration", () => {
    const dbPath = /^\s*-\s*path:\s*(\S+)\s*$/m.exec(litestream)?.[1];
    expect([fly.get("env.DATABASE_PATH"), "${DATABASE_PATH}"]).toContain(dbPath);
    const configCopy = docker.runtime.find(
      (i) => i.keyword === "COPY" && /^litestream\.yml\s/.test(i.args),
    );
    const configPath = configCopy?.args.split(/\s+/)[1];
    expect(startScript).toContain(`config=${configPath}`);
  });

  it("Dockerfile : CMD = le script de démarrage (exécutable), qui passe à l'utilisateur node avant Litestream et l'app", () => {
    const workdir = docker.all.filter((i) => i.keyword === "WORKDIR").at(-1)?.args;
    const cmd = JSON.parse(docker.runtime.find((i) => i.keyword === "CMD")!.args) as string[];
    expect(cmd).toEqual([`${workdir}/scripts/docker-start.sh`]);
    expect(fs.statSync(path.join(root, "scripts/docker-start.sh")).mode & 0o111).toBe(0o111);
    // Started as root (no USER) only to give the root-owned Fly volume to node: the script must
    // drop to node before anything else runs (proved by the "démarré en root" test above).
    expect(docker.runtime.filter((i) => i.keyword === "USER")).toEqual([]);
    expect(docker.all.find((i) => i.keyword === "FROM")?.args).toMatch(/^node:\d+-/);
    expect(startScript.indexOf("exec setpriv --reuid=node")).toBeLessThan(
      startScript.indexOf("replace_database litestream"),
    );
  });

  it("npm start sert l'application construite ; seul npm run dev branche Vite sur le même serveur", () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(scripts.start).toBe("exec node --import tsx server.ts");
    expect(scripts.dev).toBe("tsx server.ts --dev");
    expect(fs.readFileSync(path.join(root, "server.ts"), "utf8")).toContain('process.argv.includes("--dev")');
  });

  it(".dockerignore : écarte node_modules, bases, builds, secrets, mais rien de ce que le Dockerfile copie ou construit", () => {
    const patterns = read(".dockerignore")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"));
    for (const file of [
      "node_modules",
      "node_modules/better-sqlite3/build/Release/better_sqlite3.node",
      ".git/HEAD",
      "data/vigimmo.db",
      "vigimmo.db-wal",
      "build/server/index.js",
      "build-e/client",
      "test-results/x",
      "playwright-report/index.html",
      ".env",
    ]) {
      expect(dockerIgnores(patterns, file), `${file} doit être écarté`).toBe(true);
    }

    // Named by the Dockerfile: context sources of COPY, and what the runtime copies from the build
    // stage, which came from the context through `COPY . .` unless the build made it.
    const madeInImage = new Set(["node_modules", "build"]);
    const named = new Set<string>();
    for (const { keyword, args } of docker.all) {
      if (keyword !== "COPY") continue;
      const from = /--from=(\S+)/.exec(args)?.[1];
      const sources = args
        .split(/\s+/)
        .filter((word) => !word.startsWith("--"))
        .slice(0, -1);
      if (!from) sources.filter((source) => source !== ".").forEach((source) => named.add(source));
      if (from === "build")
        sources
          .map((source) => source.replace(/^\/app\//, ""))
          .filter((source) => !madeInImage.has(source))
          .forEach((source) => named.add(source));
    }
    // What `npm run build` reads without the Dockerfile naming it.
    for (const file of ["vite.config.ts", "public", "app/root.tsx"]) named.add(file);
    expect([...named]).toEqual(
      expect.arrayContaining([
        "package.json",
        ".npmrc",
        "litestream.yml",
        "server.ts",
        "scripts",
        "app",
        "db",
        "drizzle",
        "tsconfig.json",
      ]),
    );
    for (const file of named) {
      expect(fs.existsSync(path.join(root, file)), `${file} absent du dépôt`).toBe(true);
      expect(
        dockerIgnores(patterns, file),
        `${file} est écarté par .dockerignore mais le Dockerfile en a besoin`,
      ).toBe(false);
    }
  });
});
