// What every npm CLI of scripts/ shares: --help, French argument errors (exit 2), and one French
// line instead of a stack trace for any failure (exit 1). `DEBUG=1` adds the stack.
import path from "node:path";
import { z } from "zod";
import { emailField } from "~/utils/field-schemas";
import { closeDb } from "~/utils/db.server";
import { formatNumber } from "~/utils/format";

export type CliSpec<S extends z.AnyZodObject> = {
  /** The npm script, as in `npm run <name>`. */
  name: string;
  /** The arguments after `npm run <name> --`, e.g. `--email <email> [--pages N]`. */
  synopsis: string;
  description: string;
  /** [option, explanation] lines of the help; -h/--help is added. */
  options: Array<[string, string]>;
  /** One key per `--option`; `_` holds the positional arguments (refused when absent). */
  args: S;
};

/** A failure the CLI explains itself: printed as `Erreur : <message>`, exits with `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Stops the CLI with a French message: code 2 for a usage error, 1 for a failure. */
export function fail(message: string, code = 2): never {
  throw new CliError(message, code);
}

/**
 * Runs a CLI: answers --help/-h, parses the arguments (French error and exit 2), runs `main`, closes
 * the database and exits with main's code. Any error ends as one French line on stderr.
 */
export function runCli<S extends z.AnyZodObject>(
  spec: CliSpec<S>,
  main: (args: z.infer<S>) => Promise<number | void> | number | void,
  argv = process.argv.slice(2),
): void {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${helpText(spec)}\n`);
    process.exit(0);
  }
  // Errors thrown outside main's promise chain (a timer, an event handler) end the same way.
  process.on("uncaughtException", (error) => exit(report(error)));
  process.on("unhandledRejection", (error) => exit(report(error)));
  Promise.resolve()
    .then(() => main(parseArgs(spec, argv)))
    .then(
      (result) => exit(typeof result === "number" ? result : 0),
      (error: unknown) => exit(report(error)),
    );
}

/** Prints the error's French line (after its stack when DEBUG is set); returns the exit code. */
function report(error: unknown): number {
  if (process.env.DEBUG && error instanceof Error && error.stack) console.error(error.stack);
  // One line, even for a library's multi-line message.
  console.error(`Erreur : ${describeError(error).replace(/\s*\n\s*/g, " ")}`);
  return error instanceof CliError ? error.exitCode : 1;
}

function exit(code: number): never {
  try {
    closeDb();
  } catch {
    // The answer is already printed; a failed checkpoint must not turn it into a stack trace.
  }
  process.exit(code);
}

export function helpText(spec: CliSpec<z.AnyZodObject>): string {
  const options: Array<[string, string]> = [...spec.options, ["-h, --help", "affiche cette aide"]];
  const width = Math.max(...options.map(([flag]) => flag.length)) + 2;
  return [
    `Usage : npm run ${spec.name} -- ${spec.synopsis}`.trimEnd(),
    "",
    spec.description,
    "",
    "Options :",
    ...options.map(([flag, text]) => `  ${flag.padEnd(width)}${text}`),
    "",
    "Base de données : DATABASE_PATH (défaut : data/vigimmo.db).",
  ].join("\n");
}

/**
 * `--name value`, `--name=value`, `--name` alone (true), positionals, `--` ending the options.
 * Unknown options, stray positionals and invalid values are refused with a French message.
 */
export function parseArgs<S extends z.AnyZodObject>(spec: CliSpec<S>, argv: string[]): z.infer<S> {
  const flags: Record<string, string | true> = {};
  const positional: string[] = [];
  const unknownShort: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const [name, inline] = splitOnce(arg.slice(2), "=");
      const next = argv[i + 1];
      flags[name] = inline ?? (next !== undefined && !next.startsWith("--") ? argv[++i]! : true);
    } else if (arg.startsWith("-") && arg.length > 1) unknownShort.push(arg);
    else positional.push(arg);
  }
  const hint = ` (aide : npm run ${spec.name} -- --help)`;
  if (unknownShort.length > 0) fail(`option inconnue : ${unknownShort.join(", ")}${hint}`);

  const shape = spec.args.shape as z.ZodRawShape;
  const schema = (
    "_" in shape ? spec.args : spec.args.extend({ _: z.array(z.string()).max(0) })
  ).strict();
  const parsed = schema.safeParse({ ...flags, _: positional }, { errorMap: frenchArgErrors });
  if (!parsed.success)
    fail(`${parsed.error.issues.map((issue) => issue.message).join(" ; ")}${hint}`);
  return parsed.data as z.infer<S>;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)];
}

/** zod's default messages are English: every argument issue gets a French one naming the option. */
const frenchArgErrors: z.ZodErrorMap = (issue, ctx) => {
  const key = issue.path[0];
  const label = key === "_" || key === undefined ? "argument" : `--${String(key)}`;
  const shown = (value: unknown) => (Array.isArray(value) ? value.join(" ") : String(value));
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      if (issue.received === "undefined") return { message: `${label} est obligatoire` };
      if (issue.received === "boolean") return { message: `${label} attend une valeur` };
      return { message: `${label} : valeur invalide` };
    case z.ZodIssueCode.unrecognized_keys:
      return { message: `option inconnue : ${issue.keys.map((k) => `--${k}`).join(", ")}` };
    case z.ZodIssueCode.too_small:
      if (issue.type === "string") {
        return {
          message:
            Number(issue.minimum) <= 1
              ? `${label} ne peut pas être vide`
              : `${label} doit contenir au moins ${issue.minimum} caractères`,
        };
      }
      if (issue.type === "array") return { message: `${issue.minimum} argument(s) attendu(s)` };
      return {
        message: `${label} doit être supérieur ${issue.inclusive ? "ou égal " : ""}à ${formatNumber(Number(issue.minimum))}`,
      };
    case z.ZodIssueCode.too_big:
      if (issue.type === "string")
        return { message: `${label} ne peut pas dépasser ${issue.maximum} caractères` };
      if (issue.type === "array") {
        return {
          message:
            issue.maximum === 0
              ? `argument inattendu : « ${shown(ctx.data)} »`
              : `trop d'arguments : « ${shown(ctx.data)} » (${issue.maximum} au plus)`,
        };
      }
      return {
        message: `${label} doit être inférieur ${issue.inclusive ? "ou égal " : ""}à ${formatNumber(Number(issue.maximum))}`,
      };
    case z.ZodIssueCode.invalid_string:
      if (issue.validation === "email")
        return { message: `${label} : adresse email invalide (« ${shown(ctx.data)} »)` };
      return { message: `${label} : format invalide` };
    case z.ZodIssueCode.invalid_enum_value:
      return { message: `${label} doit valoir ${issue.options.join(", ")}` };
    default:
      return { message: `${label} : valeur invalide (« ${shown(ctx.data)} »)` };
  }
};

export const emailFlag = emailField({ required: "--email est obligatoire" });

/**
 * A whole number within [min, max]; anything else ("abc", "2.5", "1e3", out of range, no value)
 * is refused with the range, never coerced or clamped. Absent: the default.
 */
export function intFlag(name: string, range: { min: number; max: number; default: number }) {
  const message = (received: unknown) =>
    `--${name} doit être un nombre entier entre ${formatNumber(range.min)} et ${formatNumber(range.max)}` +
    (typeof received === "string" ? ` (reçu : « ${received} »)` : "");
  return z
    .union([z.string(), z.literal(true)])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return range.default;
      const text = typeof value === "string" ? value.trim() : "";
      const number = /^[+-]?\d+$/.test(text) ? Number(text) : NaN;
      if (!Number.isSafeInteger(number) || number < range.min || number > range.max) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: message(value === true ? undefined : value),
        });
        return z.NEVER;
      }
      return number;
    });
}

/** The database file the CLI works on (same default as utils/env.server). */
function databasePath(): string {
  return process.env.DATABASE_PATH || "data/vigimmo.db";
}

const SYSTEM_REASONS: Record<string, (file: string) => string> = {
  ENOTDIR: (file) => `« ${file} » n'est pas un dossier`,
  EEXIST: (file) => `« ${file} » existe déjà et n'est pas un dossier`,
  EISDIR: (file) => `« ${file} » est un dossier`,
  ENOENT: (file) => `« ${file} » est introuvable`,
  EACCES: (file) => `accès refusé à « ${file} » (droits insuffisants)`,
  EPERM: (file) => `opération interdite sur « ${file} » (droits insuffisants)`,
  EROFS: (file) => `« ${file} » est sur un disque en lecture seule`,
  ENOSPC: () => "plus de place sur le disque",
  ENAMETOOLONG: (file) => `chemin trop long : « ${file} »`,
};

const SQLITE_REASONS: Record<string, (file: string) => string> = {
  SQLITE_CANTOPEN: (file) =>
    `impossible d'ouvrir « ${file} » (dossier absent, chemin qui désigne un dossier, ou droits insuffisants)`,
  SQLITE_NOTADB: (file) => `« ${file} » n'est pas une base de données SQLite`,
  SQLITE_CORRUPT: (file) => `la base « ${file} » est endommagée`,
  SQLITE_READONLY: (file) =>
    `« ${file} » est en lecture seule (droits du fichier ou de son dossier)`,
  SQLITE_BUSY: () => "la base est verrouillée par un autre processus : réessayez dans un instant",
  SQLITE_FULL: () => "plus de place sur le disque",
  SQLITE_IOERR: (file) => `erreur d'entrée-sortie sur « ${file} »`,
  SQLITE_PERM: (file) => `accès refusé à « ${file} »`,
};

/**
 * One French line for any error: our own messages as they are, file-system and SQLite errors
 * explained (with a DATABASE_PATH hint when they concern the database). `file` names the
 * database the error is about when it is not DATABASE_PATH (a backup target).
 */
export function describeError(error: unknown, file = databasePath()): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  const isDatabase = path.resolve(file) === path.resolve(databasePath());
  const hint = isDatabase ? ` ; vérifiez DATABASE_PATH (actuellement « ${databasePath()} »)` : "";
  if (error.name === "SqliteError" && typeof code === "string") {
    // Extended codes (SQLITE_READONLY_DBMOVED, SQLITE_IOERR_WRITE...) share their primary's reason.
    const reason = SQLITE_REASONS[code.split("_").slice(0, 2).join("_")];
    return reason
      ? `base de données inaccessible : ${reason(file)}${hint}.`
      : `erreur SQLite (${code}) : ${error.message}`;
  }
  const syscallPath = (error as NodeJS.ErrnoException).path;
  if (typeof code === "string" && syscallPath !== undefined) {
    const reason =
      SYSTEM_REASONS[code]?.(syscallPath) ?? `erreur système ${code} sur « ${syscallPath} »`;
    const touchesDatabase = isDatabase && isSameOrParent(syscallPath, file);
    return touchesDatabase ? `base de données inaccessible : ${reason}${hint}.` : `${reason}.`;
  }
  return error.message || error.name;
}

function isSameOrParent(candidate: string, file: string): boolean {
  const relative = path.relative(path.resolve(candidate), path.resolve(file));
  return !relative.startsWith("..") && !path.isAbsolute(relative);
}
