import { assertUrlAllowed, GuardedRequestError } from "./ssrf-guard.server";

/**
 * Checks a typed endpoint when a connection is saved, with the sync's own guard and so its own
 * messages ("Adresse refusée (127.0.0.1) : ..."). Only a definite refusal (private or local
 * address, scheme) stops the save: a name that does not resolve right now may resolve later,
 * and every sync checks again anyway. Returns the French reason, or null when allowed.
 */
export async function endpointRefusal(endpoint: string): Promise<string | null> {
  try {
    await assertUrlAllowed(endpoint);
    return null;
  } catch (error) {
    if (error instanceof GuardedRequestError && (error.kind === "forbidden" || error.kind === "invalid-url")) return error.message;
    return null;
  }
}
