import crypto from "node:crypto";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { logEvent } from "~/utils/log.server";
import { pauseAutoCheckpoints } from "~/utils/wal-checkpoints.server";
import { MoteurImmoError } from "../moteurimmo/client.server";
import { createAbortError } from "../moteurimmo/types";
import { startTsxWorker } from "../jobs/tsx-worker.server";
import type { WorkerError, WorkerReply, WorkerRequest } from "./ad-page-protocol";
import { adSourceFromConfig, inlineListingSource, type AdSourceConfig, type ListingPage, type ListingPageSource } from "./listing-page";

/**
 * The parsing worker (ad-page-worker.ts): one per process, started on the first import and kept
 * for the next ones. It runs the TypeScript sources through tsx, like the CLIs (the sources and
 * tsx ship with the app); if it cannot start, imports parse in this thread instead.
 */
type Pending = { resolve: (page: ListingPage) => void; reject: (error: Error) => void };
type Thread = { worker: Worker; ready: Promise<boolean>; pending: Map<number, Pending>; alive: boolean };

const state = globalThis as unknown as { __vigimmoAdPageThread?: Thread | null };
let nextId = 1;

const WORKER_FILE = path.join(process.cwd(), "app/services/imports/ad-page-worker.ts");

function startThread(): Thread | null {
  if (state.__vigimmoAdPageThread !== undefined) return state.__vigimmoAdPageThread;
  try {
    // Validation allocates many short-lived objects: a larger young generation means fewer
    // scavenges (measured: GC was a third of the worker's time with the default).
    const worker = startTsxWorker(WORKER_FILE, { resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    const pending = new Map<number, Pending>();
    let markReady: (ok: boolean) => void = () => {};
    const ready = new Promise<boolean>((resolve) => (markReady = resolve));
    const thread: Thread = { worker, ready, pending, alive: true };
    worker.on("message", (reply: WorkerReply) => {
      if (reply.type === "ready") {
        // The worker must not keep a CLI (or a test run) alive once the import is over.
        if (pending.size === 0) worker.unref();
        return markReady(true);
      }
      const request = pending.get(reply.id);
      if (!request) return;
      pending.delete(reply.id);
      // Held only while a request waits, so that a CLI does not exit in the middle of a page.
      if (pending.size === 0) worker.unref();
      if (reply.type === "result") request.resolve(reply.page);
      else request.reject(rebuildError(reply.error));
    });
    const fail = (error: Error) => {
      if (!thread.alive) return;
      thread.alive = false;
      logEvent("import.worker_stopped", { error: error.message });
      if (state.__vigimmoAdPageThread === thread) state.__vigimmoAdPageThread = undefined;
      for (const request of pending.values()) request.reject(new Error("Erreur lors de l'import : le processus d'analyse s'est arrêté"));
      pending.clear();
      markReady(false);
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`code ${code}`)));
    state.__vigimmoAdPageThread = thread;
    return thread;
  } catch (error) {
    logEvent("import.worker_unavailable", { error: (error as Error).message });
    state.__vigimmoAdPageThread = null;
    return null;
  }
}

function rebuildError(error: WorkerError): Error {
  if (error.name === "AbortError") return createAbortError();
  if (error.kind) return new MoteurImmoError(error.kind, error.message, { status: error.status ?? undefined, detail: error.detail });
  return new Error(error.message);
}

function post(thread: Thread, request: WorkerRequest) {
  if (thread.alive) thread.worker.postMessage(request);
}

function inlineSource(config: AdSourceConfig): ListingPageSource {
  return inlineListingSource(adSourceFromConfig(config));
}

/**
 * Starts the worker ahead of an import (the import screen's loader, the CLI), so that the first
 * page does not wait for tsx to load the sources. Resolves with whether the worker is usable.
 */
export async function warmUpImportWorker(): Promise<boolean> {
  const thread = startThread();
  return thread ? thread.ready : false;
}

/** A listing source whose fetching, validation and mapping run in the parsing worker. */
export function createListingSource(config: AdSourceConfig): ListingPageSource {
  return withCheckpointsOffThread(workerListingSource(config));
}

/**
 * From the first page to close(), the import writes in bulk: the WAL is checkpointed off the
 * main thread meanwhile (wal-checkpoints.server.ts), whichever thread parses.
 */
function withCheckpointsOffThread(source: ListingPageSource): ListingPageSource {
  let resume: (() => void) | null | undefined;
  return {
    mode: source.mode,
    fetchListings(query, page, maxLength, signal) {
      if (resume === undefined) resume = pauseAutoCheckpoints();
      return source.fetchListings(query, page, maxLength, signal);
    },
    close() {
      source.close();
      resume?.();
      resume = null;
    },
  };
}

function workerListingSource(config: AdSourceConfig): ListingPageSource {
  const thread = startThread();
  if (!thread) return inlineSource(config);
  const session = crypto.randomUUID();
  let fallback: ListingPageSource | null = null;
  return {
    mode: config.mode,
    async fetchListings(query, page, maxLength, signal) {
      // A worker that could not start leaves the import to this thread, slower but working.
      if (fallback || !(await thread.ready)) {
        fallback ??= inlineSource(config);
        return fallback.fetchListings(query, page, maxLength, signal);
      }
      if (signal?.aborted) throw createAbortError(signal.reason);
      if (!thread.alive) throw new Error("Erreur lors de l'import : le processus d'analyse s'est arrêté");
      const id = nextId++;
      return new Promise<ListingPage>((resolve, reject) => {
        const onAbort = () => post(thread, { type: "abort", id });
        signal?.addEventListener("abort", onAbort, { once: true });
        const settle = () => signal?.removeEventListener("abort", onAbort);
        thread.pending.set(id, {
          resolve: (value) => (settle(), resolve(value)),
          reject: (error) => (settle(), reject(error)),
        });
        thread.worker.ref();
        post(thread, { type: "fetch", id, session, config, query, page, maxLength });
      });
    },
    close() {
      post(thread, { type: "close", session });
    },
  };
}
