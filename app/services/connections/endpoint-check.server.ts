import { assertHostResolves, assertUrlAllowed, GuardedRequestError } from "./ssrf-guard.server";

/**
 * Checks a typed endpoint when a connection is saved, with the sync's own guard and so its own
 * messages ("Adresse refusée (127.0.0.1) : ..."). A definite refusal (private or local address,
 * scheme) stops the save. For an import connection, a name that does not resolve right now may
 * resolve later, and every sync checks again anyway; an export connection's endpoint receives
 * webhooks on its own schedule, so it must resolve now (issue 23 item 5): otherwise its batches
 * would only pile up. Returns the French reason, or null when allowed.
 */
export async function endpointRefusal(endpoint: string, apiType: "import" | "export"): Promise<string | null> {
  try {
    const url = await assertUrlAllowed(endpoint);
    if (apiType === "export") await assertHostResolves(url);
    return null;
  } catch (error) {
    if (!(error instanceof GuardedRequestError)) throw error;
    if (error.kind === "forbidden" || error.kind === "invalid-url") return error.message;
    return apiType === "export" ? error.message : null;
  }
}
