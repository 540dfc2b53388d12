// Worker thread of the file import: decodes, checks and parses the whole file (200 to 300 ms for
// 10 MB, which would hold the server's event loop), then validates its rows batch by batch as
// the import job asks for them. Only the batches (500 listings) cross to the main thread.
import os from "node:os";
import { parentPort } from "node:worker_threads";
import { FILE_IMPORT_MESSAGES } from "../file-import/limits";
import { attachCompliance } from "../compliance/listing-verdict";
import type { FileParseReply, FileParseRequest } from "./file-parse-protocol";
import { fileBatches, openListingFileHere } from "./file-parse-inline";

const port = parentPort!;
try {
  // As the MoteurImmo parsing worker: the server's event loop goes first when both cores are busy.
  os.setPriority(0, 10);
} catch {
  // not permitted here: parsing at normal priority is fine
}

/** A session not read for this long belongs to a job that will never run (cancelled while queued). */
const SESSION_IDLE_MS = 60 * 60_000;
type Session = { batches: AsyncIterator<ReturnType<typeof fileBatches> extends AsyncIterable<infer B> ? B : never>; usedAt: number };
const sessions = new Map<string, Session>();

function post(reply: FileParseReply) {
  port.postMessage(reply);
}

function dropIdleSessions(now: number) {
  for (const [key, session] of sessions) {
    if (now - session.usedAt > SESSION_IDLE_MS) {
      void session.batches.return?.();
      sessions.delete(key);
    }
  }
}

async function handle(request: FileParseRequest) {
  if (request.type === "close") {
    void sessions.get(request.session)?.batches.return?.();
    sessions.delete(request.session);
    return;
  }
  try {
    if (request.type === "open") {
      dropIdleSessions(Date.now());
      const opened = openListingFileHere(request.fileName, request.bytes, request.options);
      if (opened.ok) {
        const batches = fileBatches(opened.file, request.batchSize)[Symbol.asyncIterator]();
        sessions.set(request.session, { batches, usedAt: Date.now() });
      }
      return post({ type: "opened", id: request.id, check: opened.check });
    }
    const session = sessions.get(request.session);
    if (!session) return post({ type: "error", id: request.id, message: FILE_IMPORT_MESSAGES.expired });
    session.usedAt = Date.now();
    const next = await session.batches.next();
    if (next.done) sessions.delete(request.session);
    // The compliance check (~40 µs a listing) is done here rather than in the write's transaction.
    if (!next.done) attachCompliance(next.value.listings);
    post({ type: "batch", id: request.id, batch: next.done ? null : next.value });
  } catch (error) {
    post({ type: "error", id: request.id, message: (error as Error).message });
  }
}

// One request at a time, in order: a session's batches are read one after the other anyway.
let queue = Promise.resolve();
port.on("message", (request: FileParseRequest) => {
  queue = queue.then(() => handle(request));
});
post({ type: "ready" });
