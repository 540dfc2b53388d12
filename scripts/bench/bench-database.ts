// The temporary database of the benches that seed in this process (listings, moderation, export):
// its own folder, the app's modules pointed at it through the environment, users with generated
// listings.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type BenchDatabase = { dir: string; file: string };
export type BenchUser = { email: string; password: string; fullName: string };

/**
 * Runs `fn` with DATABASE_PATH (plus VIGIMMO_SILENT_LOGS and `env`) pointing at a fresh database
 * in a temporary folder, then closes it, removes the folder and restores the environment, even
 * when `fn` fails. The environment is set before any app module opens the database: it is read
 * when getDb() first runs.
 */
export async function withBenchDatabase<T>(
  name: string,
  fn: (database: BenchDatabase) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vigimmo-bench-${name}-`));
  const file = path.join(dir, "bench.db");
  const variables: Record<string, string> = { DATABASE_PATH: file, VIGIMMO_SILENT_LOGS: "true", ...env };
  const previous = Object.fromEntries(Object.keys(variables).map((key) => [key, process.env[key]]));
  Object.assign(process.env, variables);
  try {
    return await fn({ dir, file });
  } finally {
    const { closeDb } = await import("~/utils/db.server");
    closeDb();
    fs.rmSync(dir, { recursive: true, force: true });
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** Creates a user and `count` generated listings of theirs (the same ones for the same `seed`). */
export async function seedUserListings(user: BenchUser, count: number, seed: number): Promise<string> {
  const { createUser } = await import("~/services/users/users.server");
  const { seedListings } = await import("~/services/platform/demo-data.server");
  const userId = await createUser(user);
  seedListings(userId, count, seed);
  return userId;
}
