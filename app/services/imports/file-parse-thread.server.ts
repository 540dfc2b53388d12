import crypto from "node:crypto";
import path from "node:path";
import { FILE_IMPORT_MESSAGES } from "../file-import/limits";
import { sharedThread, type SharedThread } from "../jobs/worker-thread.server";
import { fileBatches, openListingFileHere } from "./file-parse-inline";
import type { FileImportOptions } from "../file-import";
import type { FileBatch, FileCheck, FileParseReply, FileParseRequest } from "./file-parse-protocol";

/**
 * A listing file opened for import: its check, then its batches on demand. Parsed in the file
 * parsing worker (file-parse-worker.ts) so that a 10 MB file does not hold the server's event loop
 * for the 200 to 300 ms its parsing takes; in this thread when the worker cannot start.
 */
export type OpenedListingFile = {
  check: FileCheck;
  /** The next batch of validated rows, or null after the last one. */
  nextBatch(): Promise<FileBatch | null>;
  /** Releases the parsed file (a job that stops early, or never starts). */
  close(): void;
};

const WORKER_FILE = path.join(process.cwd(), "app/services/imports/file-parse-worker.ts");

type Pending = { resolve: (reply: FileParseReply) => void; reject: (error: Error) => void };
const pending = new Map<number, Pending>();
let nextId = 1;

function thread(): SharedThread<FileParseReply> | null {
  const shared = sharedThread<FileParseReply>("file-import", WORKER_FILE, {
    onStopped() {
      for (const request of pending.values()) request.reject(new Error(FILE_IMPORT_MESSAGES.stopped));
      pending.clear();
    },
  });
  if (shared && shared.listeners.size === 0) {
    shared.listeners.add((reply) => {
      if (reply.type === "ready") return;
      const request = pending.get(reply.id);
      pending.delete(reply.id);
      request?.resolve(reply);
    });
  }
  return shared;
}

function call(shared: SharedThread<FileParseReply>, request: FileParseRequest & { id: number }, transfer?: ArrayBuffer[]): Promise<FileParseReply> {
  if (!shared.alive) return Promise.reject(new Error(FILE_IMPORT_MESSAGES.stopped));
  return new Promise((resolve, reject) => {
    // Held only while a request waits, so that a CLI does not exit in the middle of a file.
    shared.hold(1);
    pending.set(request.id, {
      resolve: (reply) => (shared.hold(-1), resolve(reply)),
      reject: (error) => (shared.hold(-1), reject(error)),
    });
    shared.post(request, transfer);
  });
}

function openHere(fileName: string, bytes: Uint8Array, batchSize: number, options: FileImportOptions): OpenedListingFile {
  const opened = openListingFileHere(fileName, bytes, options);
  const batches = opened.ok ? fileBatches(opened.file, batchSize) : null;
  return {
    check: opened.check,
    async nextBatch() {
      const next = await batches?.next();
      return next && !next.done ? next.value : null;
    },
    close() {
      void batches?.return();
    },
  };
}

export async function openListingFile(
  fileName: string,
  bytes: Uint8Array,
  batchSize: number,
  options: FileImportOptions = {},
): Promise<OpenedListingFile> {
  const shared = thread();
  if (!shared || !(await shared.ready)) return openHere(fileName, bytes, batchSize, options);
  const session = crypto.randomUUID();
  // The upload's buffer moves to the worker rather than being copied.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  const opened = await call(shared, { type: "open", id: nextId++, session, fileName, bytes: own, batchSize, options }, [own.buffer as ArrayBuffer]);
  if (opened.type === "error") throw new Error(opened.message);
  if (opened.type !== "opened") throw new Error(FILE_IMPORT_MESSAGES.stopped);
  return {
    check: opened.check,
    async nextBatch() {
      const reply = await call(shared, { type: "next", id: nextId++, session });
      if (reply.type === "error") throw new Error(reply.message);
      return reply.type === "batch" ? reply.batch : null;
    },
    close() {
      shared.post({ type: "close", session } satisfies FileParseRequest);
    },
  };
}
