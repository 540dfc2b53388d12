import { inArray } from "drizzle-orm";
import { properties } from "#db/schema";
import { action, loader } from "~/routes/functions.v1.get-properties";
import { createExportKey } from "~/services/keys/export-keys.server";
import { upsertListings } from "~/services/listings/listing-upsert.server";
import { getDb, getSqlite } from "~/utils/db.server";
import { listingInput } from "./factories";

/** Listings of a user, then set to `active` (the only ones the export API returns). */
export function makeActiveListings(userId: string, n: number, overrides: Parameters<typeof listingInput>[0] = {}): number[] {
  const inputs = Array.from({ length: n }, () => listingInput(overrides));
  upsertListings(userId, inputs);
  const ids = getSqlite()
    .prepare<[string, string], number>(
      `select id from properties where created_by = ? and source_platform_id in (select value from json_each(?))`,
    )
    .pluck()
    .all(userId, JSON.stringify(inputs.map((input) => input.sourcePlatformId)));
  getDb().update(properties).set({ status: "active" }).where(inArray(properties.id, ids)).run();
  return ids;
}

export function makeExportKey(userId: string, name = "Client test") {
  return createExportKey(userId, { name, description: "Clé de test" });
}

export type ApiAnswer = { status: number; headers: Headers; text: string; json: unknown };

type CallInit = { method?: string; raw?: string; headers?: Record<string, string>; ip?: string; signal?: AbortSignal };

/** The API route's Response, as the server would get it (body as JSON unless `raw` is given). */
export async function exportApiResponse(body: unknown, init: CallInit = {}): Promise<Response> {
  const method = init.method ?? "POST";
  const loaderMethods = ["GET", "HEAD", "OPTIONS"];
  const request = new Request("http://localhost/functions/v1/get-properties", {
    method,
    headers: { "Content-Type": "application/json", ...init.headers },
    body: loaderMethods.includes(method) ? undefined : (init.raw ?? JSON.stringify(body)),
    signal: init.signal,
  });
  const args = { request, params: {}, context: { clientIp: init.ip ?? "203.0.113.7" } };
  return loaderMethods.includes(method) ? loader(args) : action(args);
}

/** Calls the API and reads the whole answer. */
export async function callExportApi(body: unknown, init: CallInit = {}): Promise<ApiAnswer> {
  const response = await exportApiResponse(body, init);
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
