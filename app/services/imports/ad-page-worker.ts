// Worker thread of the MoteurImmo import: fetches a page, parses its JSON, validates every ad
// with zod and maps it to a listing, then posts the listings to the main thread. That work costs
// about 100 ms per page of 1000 ads: here it neither blocks the server's event loop nor competes
// with the database writes of the main thread. See docs/decisions/004-import-page-slices.md.
import os from "node:os";
import { parentPort } from "node:worker_threads";
import { MoteurImmoError } from "../moteurimmo/client.server";
import type { AdSource } from "../moteurimmo/types";
import { attachCompliance } from "../compliance/listing-verdict";
import { adSourceFromConfig, mapAdPage } from "./listing-page";
import type { WorkerReply, WorkerRequest } from "./ad-page-protocol";

const port = parentPort!;
// On Linux this lowers the priority of this thread only: when both cores are busy, the server's
// event loop (requests, database writes) goes first, and parsing ahead of the writer has slack.
try {
  os.setPriority(0, 10);
} catch {
  // not permitted here: parsing at normal priority is fine
}
// One source per import: the client's throttle is per key and per import.
const sessions = new Map<string, AdSource>();
const inFlight = new Map<number, AbortController>();

function sourceFor(request: Extract<WorkerRequest, { type: "fetch" }>): AdSource {
  let source = sessions.get(request.session);
  if (!source) {
    source = adSourceFromConfig(request.config);
    sessions.set(request.session, source);
  }
  return source;
}

async function fetchListings(request: Extract<WorkerRequest, { type: "fetch" }>) {
  const controller = new AbortController();
  inFlight.set(request.id, controller);
  let reply: WorkerReply;
  try {
    const page = await sourceFor(request).fetchPage(request.query, request.page, request.maxLength, controller.signal);
    const mapped = mapAdPage(page);
    // The compliance check (~40 µs a listing) is done here rather than in the write's transaction.
    attachCompliance(mapped.listings);
    reply = { type: "result", id: request.id, page: mapped };
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    reply = {
      type: "error",
      id: request.id,
      error: {
        name: failure.name,
        message: failure.message,
        kind: failure instanceof MoteurImmoError ? failure.kind : undefined,
        status: failure instanceof MoteurImmoError ? failure.status : null,
        detail: failure instanceof MoteurImmoError ? failure.detail : null,
      },
    };
  } finally {
    inFlight.delete(request.id);
  }
  port.postMessage(reply);
}

port.on("message", (request: WorkerRequest) => {
  if (request.type === "fetch") void fetchListings(request);
  else if (request.type === "abort") inFlight.get(request.id)?.abort();
  else sessions.delete(request.session);
});
port.postMessage({ type: "ready" } satisfies WorkerReply);
