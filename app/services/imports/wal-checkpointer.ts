import Database from "better-sqlite3";

/**
 * Runs in the parsing worker while imports are going on. An import appends a lot to SQLite's WAL;
 * left to itself, the server's connection copies the WAL back into the database (a checkpoint,
 * with an fsync) inside one of the import's commits every ~4 MB, blocking its event loop for tens
 * of milliseconds each time. Checkpointing here, on a connection of this thread, moves that work
 * off the server's event loop. PASSIVE never waits for readers or writers, and the server's own
 * automatic checkpoint (also passive) simply finds less or nothing to do.
 */
const INTERVAL_MS = 200;

const connections = new Map<string, Database.Database>();
let timer: NodeJS.Timeout | null = null;

export function startCheckpointing(databasePath: string) {
  if (databasePath === ":memory:" || connections.has(databasePath)) return ensureTimer();
  try {
    connections.set(databasePath, new Database(databasePath, { fileMustExist: true }));
  } catch {
    // No checkpointing is only slower for the server: never fail an import for it.
    return;
  }
  ensureTimer();
}

export function stopCheckpointing() {
  if (timer) clearInterval(timer);
  timer = null;
  for (const connection of connections.values()) connection.close();
  connections.clear();
}

function ensureTimer() {
  if (timer) return;
  timer = setInterval(() => {
    for (const connection of connections.values()) {
      try {
        connection.pragma("wal_checkpoint(PASSIVE)");
      } catch {
        // busy or closed: the next tick (or the server) will do it
      }
    }
  }, INTERVAL_MS);
}
