import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { env } from "~/utils/env.server";
import { getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";

/**
 * While moderation runs write, WAL checkpoints happen in a small background thread instead of at
 * the end of the main thread's commits. A run writes ~100 000 rows; with SQLite's automatic
 * checkpoint every commit past 1 000 WAL pages copied pages back and synced the file inside the
 * request thread, which made writing I/O-bound and froze the event loop for up to a few hundred
 * milliseconds (docs/decisions/008-moderation-runs.md). The pragma is per connection and not
 * persisted: it is restored when the last run ends, and a restart starts from the default.
 */
const CHECKPOINT_EVERY_MS = 200;

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

type Connection = ReturnType<typeof getSqlite>;
type State = { users: number; worker: Worker | null; connection: Connection | null; original: number | null };
const state = globalThis as unknown as { __vigimmoCheckpointer?: State };

function current(): State {
  state.__vigimmoCheckpointer ??= { users: 0, worker: null, connection: null, original: null };
  return state.__vigimmoCheckpointer;
}

/** On the connection the run wrote through: never reopen one that was closed meanwhile (CLI end). */
function restoreAutoCheckpoint(connection: Connection, value: number) {
  if (connection.open) connection.pragma(`wal_autocheckpoint = ${value}`);
}

/** Starts off-thread checkpoints for a writing run; call the returned function when it ends. */
export function beginBulkWrites(): () => void {
  const s = current();
  s.users += 1;
  if (s.users === 1) start(s);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    s.users -= 1;
    if (s.users === 0) stop(s);
  };
}

function start(s: State) {
  try {
    const connection = getSqlite();
    // The value before any run turned it off (a run starting while the previous one's thread
    // finishes must not mistake our 0 for the original).
    s.original ??= Number(connection.pragma("wal_autocheckpoint", { simple: true })) || 1000;
    const driver = createRequire(path.join(process.cwd(), "package.json")).resolve("better-sqlite3");
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { driver, databasePath: path.resolve(env().databasePath), everyMs: CHECKPOINT_EVERY_MS },
    });
    worker.unref();
    worker.on("error", (error) => {
      logEvent("moderation.checkpointer_failed", { error: error.message });
      if (s.worker === worker) {
        s.worker = null;
        restoreAutoCheckpoint(connection, s.original!);
      }
    });
    connection.pragma("wal_autocheckpoint = 0");
    s.worker = worker;
    s.connection = connection;
  } catch (error) {
    logEvent("moderation.checkpointer_unavailable", { error: (error as Error).message });
    s.worker = null;
  }
}

/**
 * The thread checkpoints what the run left in the WAL, then the automatic checkpoint comes back:
 * restoring it first would make the main thread's next commit copy that backlog itself.
 */
function stop(s: State) {
  const worker = s.worker;
  const connection = s.connection;
  s.worker = null;
  if (!worker || !connection) return;
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    // A run that started meanwhile keeps checkpoints off the main thread.
    if (current().users === 0) restoreAutoCheckpoint(connection, s.original!);
    void worker.terminate();
  };
  worker.once("message", restore);
  worker.once("exit", restore);
  worker.postMessage("stop");
}
