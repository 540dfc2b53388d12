import crypto from "node:crypto";
import path from "node:path";
import { MoteurImmoError } from "../moteurimmo/client.server";
import { createAbortError } from "../moteurimmo/types";
import { sharedThread, type SharedThread } from "../jobs/worker-thread.server";
import type { WorkerError, WorkerReply, WorkerRequest } from "./ad-page-protocol";
import { adSourceFromConfig, inlineListingSource, type AdSourceConfig, type ListingPage, type ListingPageSource } from "./listing-page";

/**
 * The parsing worker (ad-page-worker.ts): one per process, started on the first import and kept
 * for the next ones; if it cannot start, imports parse in this thread instead.
 */
const WORKER_FILE = path.join(process.cwd(), "app/services/imports/ad-page-worker.ts");
const STOPPED = "Erreur lors de l'import : le processus d'analyse s'est arrêté";

type Pending = { resolve: (page: ListingPage) => void; reject: (error: Error) => void };
const pending = new Map<number, Pending>();
let nextId = 1;

function thread(): SharedThread<WorkerReply> | null {
  const shared = sharedThread<WorkerReply>("import", WORKER_FILE, {
    // Validation allocates many short-lived objects: a larger young generation means fewer
    // scavenges (measured: GC was a third of the worker's time with the default).
    workerOptions: { resourceLimits: { maxYoungGenerationSizeMb: 64 } },
    onStopped() {
      for (const request of pending.values()) request.reject(new Error(STOPPED));
      pending.clear();
    },
  });
  if (shared && shared.listeners.size === 0) shared.listeners.add(settle);
  return shared;
}

function settle(reply: WorkerReply) {
  if (reply.type === "ready") return;
  const request = pending.get(reply.id);
  if (!request) return;
  pending.delete(reply.id);
  if (reply.type === "result") request.resolve(reply.page);
  else request.reject(rebuildError(reply.error));
}

function rebuildError(error: WorkerError): Error {
  if (error.name === "AbortError") return createAbortError();
  if (error.kind) return new MoteurImmoError(error.kind, error.message, { status: error.status ?? undefined, detail: error.detail });
  return new Error(error.message);
}

function inlineSource(config: AdSourceConfig): ListingPageSource {
  return inlineListingSource(adSourceFromConfig(config));
}

/**
 * Starts the worker ahead of an import (the import screen's loader, the CLI), so that the first
 * page does not wait for tsx to load the sources. Resolves with whether the worker is usable.
 */
export async function warmUpImportWorker(): Promise<boolean> {
  const shared = thread();
  return shared ? shared.ready : false;
}

/** A listing source whose fetching, validation and mapping run in the parsing worker. */
export function createListingSource(config: AdSourceConfig): ListingPageSource {
  const shared = thread();
  if (!shared) return inlineSource(config);
  const session = crypto.randomUUID();
  let fallback: ListingPageSource | null = null;
  return {
    mode: config.mode,
    async fetchListings(query, page, maxLength, signal) {
      // A worker that could not start leaves the import to this thread, slower but working.
      if (fallback || !(await shared.ready)) {
        fallback ??= inlineSource(config);
        return fallback.fetchListings(query, page, maxLength, signal);
      }
      if (signal?.aborted) throw createAbortError(signal.reason);
      if (!shared.alive) throw new Error(STOPPED);
      const id = nextId++;
      return new Promise<ListingPage>((resolve, reject) => {
        const onAbort = () => shared.post({ type: "abort", id } satisfies WorkerRequest);
        signal?.addEventListener("abort", onAbort, { once: true });
        // Held only while a request waits, so that a CLI does not exit in the middle of a page.
        shared.hold(1);
        const done = () => {
          signal?.removeEventListener("abort", onAbort);
          shared.hold(-1);
        };
        pending.set(id, {
          resolve: (value) => (done(), resolve(value)),
          reject: (error) => (done(), reject(error)),
        });
        shared.post({ type: "fetch", id, session, config, query, page, maxLength } satisfies WorkerRequest);
      });
    },
    close() {
      shared.post({ type: "close", session } satisfies WorkerRequest);
    },
  };
}
