// The encoder single fetch runs on every loader and action answer: Remix's own
// encodeViaTurboStream (turbo-stream 2.4.1 underneath), called as the server runtime calls it.
import { ServerMode } from "@remix-run/server-runtime/dist/mode.js";
import { encodeViaTurboStream } from "@remix-run/server-runtime/dist/single-fetch.js";

/** A route's data as a `.data` request answers it: `{ [routeId]: { data } }` for each matched route. */
export type SingleFetchResult = Record<string, { data: unknown }>;

/**
 * Encodes `value` and reads the stream to its end; returns its size in bytes. The synchronous
 * part (the whole encoding of data without promises) runs inside the stream's constructor, so
 * timing this call times what holds the event loop.
 */
export async function encodeAsSingleFetch(value: SingleFetchResult): Promise<number> {
  // Aborting the request clears the encoder's 4.95 s timer for deferred data.
  const request = new AbortController();
  try {
    const reader = encodeViaTurboStream(value, request.signal, undefined, ServerMode.Production).getReader();
    let bytes = 0;
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) return bytes;
      bytes += chunk.byteLength;
    }
  } finally {
    request.abort();
  }
}
