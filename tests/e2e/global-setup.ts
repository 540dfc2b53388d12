import path from "node:path";
import { makeTempDir, removeTempDir, startServer, TEST_SESSION_SECRET } from "../../testing/server-process";

/** Starts the built server on a free port with a fresh database; tests read the env it sets. */
export default async function globalSetup() {
  const dir = makeTempDir("vigimmo-e2e-");
  const databasePath = path.join(dir, "e2e.db");
  const server = await startServer({ databasePath, env: { SESSION_SECRET: TEST_SESSION_SECRET }, output: "inherit" });
  Object.assign(process.env, {
    E2E_BASE_URL: server.url,
    DATABASE_PATH: databasePath,
    SESSION_SECRET: TEST_SESSION_SECRET,
    NODE_ENV: "production",
    APP_URL: server.url,
    ALLOW_LINKS_IN_LOG: "true",
    VIGIMMO_SILENT_LOGS: "true",
  });
  return async () => {
    await server.stop("SIGTERM");
    removeTempDir(dir);
  };
}
