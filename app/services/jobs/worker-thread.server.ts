import type { Transferable, Worker, WorkerOptions } from "node:worker_threads";
import { logEvent } from "~/utils/log.server";
import { startTsxWorker } from "./tsx-worker.server";

/**
 * A worker thread shared by every job of one kind in a process (the import's parsing worker, the
 * moderation's analysis worker): started on first use, kept for the next jobs, and holding the
 * process (a CLI) only while someone uses it. It runs the TypeScript sources through tsx, like the
 * CLIs (the sources and tsx ship with the app); when it cannot start, callers do the work in the
 * main thread instead: slower, never wrong.
 */
export type SharedThread<Reply> = {
  /** Resolves with whether the worker said it is ready (false once it stopped). */
  ready: Promise<boolean>;
  alive: boolean;
  /** Every reply of the worker goes to every listener; each picks its own. */
  listeners: Set<(reply: Reply) => void>;
  /** Posts to the worker; `transfer` moves buffers instead of copying them. */
  post(message: unknown, transfer?: readonly Transferable[]): void;
  /** Counts a user of the thread; the process stays alive while the count is above zero. */
  hold(delta: 1 | -1): void;
};

const state = globalThis as unknown as { __vigimmoWorkerThreads?: Map<string, SharedThread<unknown> | null> };
const threads = (state.__vigimmoWorkerThreads ??= new Map());

/**
 * The thread named `name`, started from `file` if it is not running; null when it cannot start.
 * The worker posts `{ type: "ready" }` once loaded. When it stops, `onStopped` tells the users
 * still waiting (its French reason), and the next call starts a new one.
 */
export function sharedThread<Reply extends { type: string }>(
  name: string,
  file: string,
  options: { workerOptions?: WorkerOptions; onStopped: (thread: SharedThread<Reply>) => void },
): SharedThread<Reply> | null {
  const existing = threads.get(name);
  if (existing !== undefined) return existing as SharedThread<Reply> | null;
  let worker: Worker;
  try {
    worker = startTsxWorker(file, options.workerOptions);
  } catch (error) {
    logEvent(`${name}.worker_unavailable`, { error: (error as Error).message });
    threads.set(name, null);
    return null;
  }
  let markReady: (ok: boolean) => void = () => {};
  let users = 0;
  const thread: SharedThread<Reply> = {
    ready: new Promise<boolean>((resolve) => (markReady = resolve)),
    alive: true,
    listeners: new Set(),
    post(message, transfer) {
      if (thread.alive) worker.postMessage(message, transfer);
    },
    hold(delta) {
      users += delta;
      if (users > 0) worker.ref();
      else worker.unref();
    },
  };
  // Must not keep a CLI (or a test run) alive between jobs.
  worker.unref();
  worker.on("message", (reply: Reply) => {
    if (reply.type === "ready") return markReady(true);
    for (const listener of [...thread.listeners]) listener(reply);
  });
  const fail = (error: Error) => {
    if (!thread.alive) return;
    thread.alive = false;
    logEvent(`${name}.worker_stopped`, { error: error.message });
    if (threads.get(name) === thread) threads.delete(name);
    options.onStopped(thread);
    markReady(false);
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`code ${code}`)));
  threads.set(name, thread as SharedThread<unknown>);
  return thread;
}
