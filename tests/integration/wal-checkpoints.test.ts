import fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getSqlite } from "~/utils/db.server";
import { pauseAutoCheckpoints } from "~/utils/wal-checkpoints.server";

/**
 * The pause is shared by imports and moderation runs, which may run at once. A value other than
 * SQLite's default (1000) shows that the one restored is the one found, not a guess.
 */
const ORIGINAL = 500;
const autoCheckpoint = () => Number(getSqlite().pragma("wal_autocheckpoint", { simple: true }));
const databaseSize = () => fs.statSync(getSqlite().name).size;
// Long enough for the checkpoint thread to tick and, once told to stop, to finish.
const severalThreadTicks = () => new Promise((resolve) => setTimeout(resolve, 400));

/** About 8 MB through the WAL, in several commits, as a job's batches would write. */
function writeInBulk() {
  const sqlite = getSqlite();
  sqlite.exec("create table if not exists bulk_filler (id integer primary key, data blob not null)");
  const insert = sqlite.prepare("insert into bulk_filler (data) values (randomblob(4000))");
  const batch = sqlite.transaction(() => {
    for (let i = 0; i < 250; i++) insert.run();
  });
  for (let i = 0; i < 8; i++) batch();
}

beforeEach(() => {
  getSqlite().pragma("wal_checkpoint(TRUNCATE)");
  getSqlite().pragma(`wal_autocheckpoint = ${ORIGINAL}`);
});

afterEach(async () => {
  await vi.waitFor(() => expect(autoCheckpoint()).toBe(ORIGINAL));
  getSqlite().pragma("wal_autocheckpoint = 1000");
});

describe("checkpoints du WAL hors du thread principal", () => {
  it("pendant la pause, un thread recopie le WAL dans la base ; ensuite le checkpoint automatique revient", async () => {
    const before = databaseSize();
    const resume = pauseAutoCheckpoints();
    expect(autoCheckpoint()).toBe(0);
    writeInBulk();
    // At least a commit's worth went through the WAL (the thread may let it restart in between).
    expect(fs.statSync(`${getSqlite().name}-wal`).size).toBeGreaterThan(1_000_000);
    // The main connection does not checkpoint (its setting is 0): only the thread grows the file.
    await vi.waitFor(() => expect(databaseSize()).toBeGreaterThan(before + 8_000_000), { timeout: 5000 });
    expect(autoCheckpoint()).toBe(0);
    resume();
    await vi.waitFor(() => expect(autoCheckpoint()).toBe(ORIGINAL));
  });

  it("un import et une modération en même temps : la fin du premier ne rétablit rien tant que l'autre écrit", async () => {
    const resumeImport = pauseAutoCheckpoints();
    const resumeModeration = pauseAutoCheckpoints();
    expect(autoCheckpoint()).toBe(0);

    resumeModeration();
    resumeModeration(); // a second call must not end the import's pause
    await severalThreadTicks();
    expect(autoCheckpoint()).toBe(0);

    // The import still writes, and its WAL is still checkpointed by the thread.
    const before = databaseSize();
    writeInBulk();
    await vi.waitFor(() => expect(databaseSize()).toBeGreaterThan(before + 4_000_000), { timeout: 5000 });
    expect(autoCheckpoint()).toBe(0);

    resumeImport();
    await vi.waitFor(() => expect(autoCheckpoint()).toBe(ORIGINAL));
  });

  it("un job qui démarre pendant que le thread du précédent termine garde la pause et la valeur d'origine", async () => {
    const resumeFirst = pauseAutoCheckpoints();
    resumeFirst();
    // The first job's thread is still copying what it left: the 0 seen now is not the original.
    const resumeSecond = pauseAutoCheckpoints();
    expect(autoCheckpoint()).toBe(0);
    await severalThreadTicks();
    expect(autoCheckpoint()).toBe(0);

    resumeSecond();
    await vi.waitFor(() => expect(autoCheckpoint()).toBe(ORIGINAL));
  });
});
