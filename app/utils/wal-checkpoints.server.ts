import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import { getSqlite } from "./db.server";
import { logEvent } from "./log.server";

/**
 * While a job writes in bulk (an import, a moderation run), WAL checkpoints happen in a small
 * background thread instead of at the end of the main thread's commits. With SQLite's automatic
 * checkpoint, every commit past 1 000 WAL pages (~4 MB) copied pages back into the database and
 * synced the file inside the server's thread: 15–40 ms stalls per import commit, and up to a few
 * hundred milliseconds during moderation runs, whose writing became I/O-bound
 * (docs/decisions/004-import-page-slices.md, 008-moderation-runs.md). The thread checkpoints
 * PASSIVE through its own connection: it never waits for readers or writers. The main
 * connection's automatic checkpoint is off meanwhile: as the WAL is never fully copied while a
 * job writes, it stays past the threshold and that checkpoint would run inside every commit.
 *
 * Jobs run side by side (the queue runs two at once, an import beside a moderation run): the
 * pause is counted in the process, so the automatic checkpoint comes back only when the last of
 * them ends, with the value it had before the first. The pragma is per connection and not
 * persisted: a restart starts from the default, and a CLI's process pauses only its own connection.
 *
 * As a job keeps writing, the WAL is never fully copied at a moment when it could restart from its
 * beginning: it grows during the job (about 280 MB for an import of 20 000 listings) and is reused
 * from the start afterwards. It is not shrunk here on purpose: a TRUNCATE checkpoint would block
 * the server's writers and fight Litestream, which manages the WAL in production.
 */
// Imports checkpointed every 100 ms, moderation runs every 200 ms: the tighter one serves both.
const CHECKPOINT_EVERY_MS = 100;

// Plain CommonJS for an eval worker: no TypeScript, no app module, only better-sqlite3.
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.databasePath, { fileMustExist: true });
db.pragma("busy_timeout = 0");
const checkpoint = () => { try { db.pragma("wal_checkpoint(PASSIVE)"); } catch {} };
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on("message", () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.postMessage("done");
});
`;

type Pauses = {
  /** Jobs that hold the pause. */
  holders: number;
  /** The thread checkpointing for them, null when none runs (or it failed). */
  thread: Worker | null;
  /** Threads told to stop that are still copying what the last job left in the WAL. */
  draining: number;
  /** The connection whose automatic checkpoint is off, and its value before. */
  paused: { connection: Database.Database; autoCheckpoint: number } | null;
};

// One count per process, shared by every job and surviving dev reloads, like the connection.
const store = globalThis as unknown as { __vigimmoWalCheckpoints?: Pauses };

function pauses(): Pauses {
  store.__vigimmoWalCheckpoints ??= { holders: 0, thread: null, draining: 0, paused: null };
  return store.__vigimmoWalCheckpoints;
}

/**
 * Moves the WAL checkpoints of the server's connection to a background thread for a job that
 * writes in bulk. Returns the job's release, to call when it stops writing (calling it twice is
 * harmless). If the thread cannot start, nothing is paused: slower, never wrong.
 */
export function pauseAutoCheckpoints(): () => void {
  const s = pauses();
  s.holders += 1;
  if (s.holders === 1) start(s);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    s.holders -= 1;
    if (s.holders === 0) stop(s);
  };
}

function start(s: Pauses) {
  try {
    const connection = getSqlite();
    // No WAL to checkpoint (an in-memory database, another journal mode).
    if (!connection.memory && connection.pragma("journal_mode", { simple: true }) === "wal") {
      s.thread = startThread(s, connection);
      // Still paused when the previous job's thread has not finished: the 0 there is ours, and
      // the value to restore is the one saved then.
      if (s.paused?.connection !== connection) {
        restoreAutoCheckpoint(s);
        s.paused = { connection, autoCheckpoint: Number(connection.pragma("wal_autocheckpoint", { simple: true })) };
        connection.pragma("wal_autocheckpoint = 0");
      }
      return;
    }
  } catch (error) {
    logEvent("db.checkpoint_thread_unavailable", { error: (error as Error).message });
  }
  // No thread: the main connection checkpoints as usual, even if a previous job's pause remains.
  restoreAutoCheckpoint(s);
}

function startThread(s: Pauses, connection: Database.Database): Worker {
  const driver = createRequire(path.join(process.cwd(), "package.json")).resolve("better-sqlite3");
  const thread = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { driver, databasePath: path.resolve(connection.name), everyMs: CHECKPOINT_EVERY_MS },
  });
  // Must not keep a CLI (or a test run) alive once its job is over.
  thread.unref();
  thread.on("error", (error) => {
    logEvent("db.checkpoint_thread_failed", { error: error.message });
    // Without its thread, the main connection checkpoints again, even while jobs still write.
    if (s.thread === thread) {
      s.thread = null;
      restoreAutoCheckpoint(s);
    }
  });
  return thread;
}

/**
 * The thread checkpoints what the jobs left in the WAL, then the automatic checkpoint comes back:
 * restoring it first would make the main thread's next commit copy that backlog itself.
 */
function stop(s: Pauses) {
  const thread = s.thread;
  s.thread = null;
  if (!thread) {
    if (s.draining === 0) restoreAutoCheckpoint(s);
    return;
  }
  s.draining += 1;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    s.draining -= 1;
    // A job that started meanwhile keeps checkpoints off the main thread.
    if (s.holders === 0 && s.draining === 0) restoreAutoCheckpoint(s);
    void thread.terminate();
  };
  thread.once("message", finish);
  thread.once("exit", finish);
  thread.postMessage("stop");
}

/** On the connection that was paused: never reopen one that was closed meanwhile (CLI end, tests). */
function restoreAutoCheckpoint(s: Pauses) {
  const paused = s.paused;
  s.paused = null;
  if (paused?.connection.open) paused.connection.pragma(`wal_autocheckpoint = ${paused.autoCheckpoint}`);
}
