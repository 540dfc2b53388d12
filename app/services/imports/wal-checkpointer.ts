import Database from "better-sqlite3";

/**
 * Runs in the parsing worker while imports are going on. An import appends a lot to SQLite's
 * WAL; left alone, the server's connection copies the WAL back into the database (a checkpoint,
 * with an fsync) inside one of the import's commits every ~4 MB, which stalls the server's event
 * loop for 15–40 ms each time. Here a connection of this thread does it instead (PASSIVE: it
 * never waits for readers or writers), while the server's automatic checkpoint is paused
 * (ad-page-thread.server.ts).
 *
 * As the import keeps writing, the WAL is never fully copied at a moment when it could restart
 * from its beginning: it grows during the import (about 280 MB for 20 000 listings) and is reused
 * from the start afterwards. The file is not shrunk here on purpose: a TRUNCATE checkpoint would
 * block the server's writers and fight Litestream, which manages the WAL in production.
 */
const INTERVAL_MS = 100;

const connections = new Map<string, Database.Database>();
let timer: NodeJS.Timeout | null = null;

export function startCheckpointing(databasePath: string) {
  if (!connections.has(databasePath)) {
    try {
      connections.set(databasePath, new Database(databasePath, { fileMustExist: true }));
    } catch {
      // The server's connection then checkpoints again once the import ends: slower, never wrong.
      return;
    }
  }
  timer ??= setInterval(checkpointAll, INTERVAL_MS);
}

export function stopCheckpointing() {
  if (timer) clearInterval(timer);
  timer = null;
  checkpointAll();
  for (const connection of connections.values()) connection.close();
  connections.clear();
}

function checkpointAll() {
  for (const connection of connections.values()) {
    try {
      connection.pragma("wal_checkpoint(PASSIVE)");
    } catch {
      // busy or closed: the next tick does it
    }
  }
}
