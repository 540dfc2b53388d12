import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { closeDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";

// Each test file gets its own migrated SQLite file (opened lazily by getDb()).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vigimmo-test-"));
closeDb();
resetRateLimits();
process.env.DATABASE_PATH = path.join(dir, "test.db");
process.env.NODE_ENV = "test";
process.env.VIGIMMO_SILENT_LOGS = "true";
process.env.SESSION_SECRET = "test-secret-for-vitest-only-0123456789";
delete process.env.MOTEURIMMO_API_KEY;

afterAll(() => {
  closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
});
