import { z } from "zod";

/** Parses `--name value` flags with a zod schema; prints the French error and exits 2 on failure. */
export function parseFlags<T extends z.ZodTypeAny>(schema: T, argv = process.argv.slice(2)): z.infer<T> {
  const flags: Record<string, string | string[]> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith("--")) {
      const [name, inline] = arg.slice(2).split("=", 2);
      const value = inline ?? (argv[i + 1] && !argv[i + 1]!.startsWith("--") ? argv[++i]! : "true");
      flags[name!] = value;
    } else positional.push(arg);
  }
  const parsed = schema.safeParse({ ...flags, _: positional });
  if (!parsed.success) {
    fail(parsed.error.issues.map((issue) => `${issue.path.join(".") || "arguments"} : ${issue.message}`).join("\n"));
  }
  return parsed.data;
}

export function fail(message: string, code = 2): never {
  console.error(`Erreur : ${message}`);
  process.exit(code);
}

export const emailFlag = z
  .string({ required_error: "--email est obligatoire" })
  .trim()
  .toLowerCase()
  .email("adresse email invalide")
  .max(255);
