import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The CLIs as a newcomer meets them: their own process, a fresh DATABASE_PATH, the output read
// as text. Each case checks the exit code and that no stack trace reaches the terminal.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "vigimmo-cli-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

let counter = 0;
/** A database path in its own folder, not created yet. */
function freshDatabasePath() {
  return path.join(tmp, `case-${++counter}`, "vigimmo.db");
}

type Result = { code: number | null; stdout: string; stderr: string };

function cli(
  script: string,
  argv: string[],
  env: Record<string, string | undefined> = {},
): Promise<Result> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    VIGIMMO_SILENT_LOGS: "true",
    DATABASE_PATH: freshDatabasePath(),
    ...env,
  };
  delete childEnv.DEBUG;
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `scripts/${script}.ts`, ...argv],
      { env: childEnv, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === "number" ? error.code : null) : 0,
          stdout,
          stderr,
        });
      },
    );
  });
}

/** One French line on stderr, nothing that looks like a Node stack trace. */
function expectOneFrenchLine(result: Result) {
  const lines = result.stderr.trim().split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Erreur : /);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stderr).not.toMatch(/node:internal|Node\.js v\d|Error:|errno/);
}

const CLIS = ["make-admin", "import", "prospect", "moderate", "seed", "create-api-key", "backup", "reset-password"] as const;

describe("--help", () => {
  it("chaque CLI répond à --help et -h par une aide en français, sortie 0, sans toucher à la base", async () => {
    const databasePath = freshDatabasePath();
    const results = await Promise.all(
      CLIS.flatMap((name) => [
        cli(name, ["--help"], { DATABASE_PATH: databasePath }),
        cli(name, ["-h"], { DATABASE_PATH: databasePath }),
      ]),
    );
    results.forEach((result, index) => {
      const name = CLIS[Math.floor(index / 2)];
      expect(result.code, `${name} : ${result.stderr}`).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^Usage : npm run ${name} -- `));
      expect(result.stdout).toContain("Options :");
      expect(result.stdout).toContain("affiche cette aide");
      expect(result.stderr).toBe("");
    });
    // --help never runs the command: seed --help used to add 300 listings.
    expect(fs.existsSync(databasePath)).toBe(false);
  });
});

describe("npm run reset-password", () => {
  it("refuse en français une adresse mal formée (sortie 2), absente ou sans compte (sortie 1 pour un compte inconnu)", async () => {
    const [invalid, missing, unknown] = await Promise.all([
      cli("reset-password", ["pas-une-adresse"]),
      cli("reset-password", []),
      cli("reset-password", ["personne@example.fr"]),
    ]);
    expect(invalid.code).toBe(2);
    expectOneFrenchLine(invalid);
    expect(invalid.stderr).toContain("adresse email invalide : « pas-une-adresse »");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("indiquez l'email du compte");
    expect(unknown.code).toBe(1);
    expectOneFrenchLine(unknown);
    expect(unknown.stderr).toContain("aucun compte avec l'email personne@example.fr");
    expect(unknown.stdout).toBe("");
  });
});

describe("erreurs de configuration", () => {
  it("une base sous un fichier donne une ligne en français, sans trace de pile, sortie 1", async () => {
    const file = path.join(tmp, "un-fichier.db");
    fs.writeFileSync(file, "");
    const results = await Promise.all([
      cli("make-admin", ["admin@vigimmo.fr"], { DATABASE_PATH: path.join(file, "x.db") }),
      cli("seed", ["--listings", "1"], { DATABASE_PATH: path.join(file, "sous-dossier", "x.db") }),
    ]);
    for (const result of results) {
      expect(result.code).toBe(1);
      expectOneFrenchLine(result);
      expect(result.stderr).toContain("base de données inaccessible");
      expect(result.stderr).toContain("n'est pas un dossier");
      expect(result.stderr).toContain("vérifiez DATABASE_PATH");
    }
  });

  it("un fichier qui n'est pas une base SQLite est nommé comme tel", async () => {
    const file = path.join(tmp, "pas-une-base.db");
    fs.writeFileSync(file, "ceci n'est pas une base SQLite, mais un texte assez long pour être lu");
    const result = await cli("moderate", ["--email", "admin@vigimmo.fr"], { DATABASE_PATH: file });
    expect(result.code).toBe(1);
    expectOneFrenchLine(result);
    expect(result.stderr).toContain("n'est pas une base de données SQLite");
  });

  it("SESSION_SECRET absent en production : le message de configuration seul", async () => {
    const result = await cli("create-api-key", ["--email", "admin@vigimmo.fr"], {
      NODE_ENV: "production",
      SESSION_SECRET: undefined,
    });
    expect(result.code).toBe(1);
    expectOneFrenchLine(result);
    expect(result.stderr).toContain("SESSION_SECRET est obligatoire en production");
    expect(result.stdout).toBe("");
  });

  it("backup refuse une base absente au lieu de sauvegarder une base vide", async () => {
    const databasePath = freshDatabasePath();
    const result = await cli("backup", [path.join(tmp, "copie.db")], {
      DATABASE_PATH: databasePath,
    });
    expect(result.code).toBe(1);
    expectOneFrenchLine(result);
    expect(result.stderr).toContain("aucune base de données à sauvegarder");
    expect(fs.existsSync(databasePath)).toBe(false);
  });
});

describe("arguments refusés en français (sortie 2, rien d'écrit)", () => {
  const cases: Array<[string, string[], string]> = [
    [
      "seed",
      ["--listings", "0"],
      "--listings doit être un nombre entier entre 1 et 1\u00a0000\u00a0000 (reçu : « 0 »)",
    ],
    [
      "seed",
      ["--listings", "-5"],
      "--listings doit être un nombre entier entre 1 et 1\u00a0000\u00a0000 (reçu : « -5 »)",
    ],
    ["seed", ["--listings", "2.5"], "--listings doit être un nombre entier"],
    ["seed", ["--listing", "5"], "option inconnue : --listing"],
    [
      "import",
      ["--email", "admin@vigimmo.fr", "--pages", "abc"],
      "--pages doit être un nombre entier entre 1 et 20 (reçu : « abc »)",
    ],
    [
      "import",
      ["--email", "admin@vigimmo.fr", "--pages", "21"],
      "--pages doit être un nombre entier entre 1 et 20",
    ],
    [
      "import",
      ["--email", "admin@vigimmo.fr", "--per-page", "1001"],
      "--per-page doit être un nombre entier entre 1 et 1\u00a0000",
    ],
    [
      "import",
      ["--email", "admin@vigimmo.fr", "--per-page"],
      "--per-page doit être un nombre entier",
    ],
    ["moderate", [], "--email est obligatoire"],
    ["moderate", ["--email", "pas-un-email"], "--email : adresse email invalide"],
    [
      "create-api-key",
      ["--email", "admin@vigimmo.fr", "--name", "x".repeat(201)],
      "--name ne peut pas dépasser 200 caractères",
    ],
    ["make-admin", ["a@vigimmo.fr", "b@vigimmo.fr"], "trop d'arguments"],
    ["backup", [], "indiquez le fichier de sauvegarde"],
  ];

  it.each(cases)("%s %j", async (name, argv, message) => {
    const databasePath = freshDatabasePath();
    const result = await cli(name, argv, { DATABASE_PATH: databasePath });
    expect(result.code, result.stderr).toBe(2);
    expectOneFrenchLine(result);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(/must|Number|String|Expected|Required|Invalid/);
    expect(fs.existsSync(databasePath)).toBe(false);
  });
});
