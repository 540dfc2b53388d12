import type { ListingInput } from "../listings/listing-input";
import { adToListing } from "../moteurimmo/mapping";
import type { AdPage, AdSource, AdSourceMode } from "../moteurimmo/types";
import { createMoteurImmoClient, type MoteurImmoClientConfig } from "../moteurimmo/client.server";
import { createDemoAdSource } from "../moteurimmo/demo-feed.server";

/** One partner page already mapped to listings (what the import job writes). */
export type ListingPage = {
  listings: ListingInput[];
  /** French reasons, one per ad that was rejected. */
  invalid: string[];
  /** Total matches, known on page 1 only. */
  count: number | null;
  /** Entries the partner sent: fewer than maxLength means this was the last page. */
  received: number;
};

/** Where an import reads its listing pages: in this thread or in the parsing worker. */
export interface ListingPageSource {
  readonly mode: AdSourceMode;
  fetchListings(query: Record<string, unknown>, page: number, maxLength: number, signal?: AbortSignal): Promise<ListingPage>;
  /** Releases what the source holds (the worker's client and its throttle). */
  close(): void;
}

/** How to build the partner source; plain data so that it can be posted to a worker. */
export type AdSourceConfig =
  | { mode: "demo" }
  | { mode: "live"; baseUrl: string; apiKey: string; client?: Partial<Omit<MoteurImmoClientConfig, "baseUrl" | "apiKey" | "fetchImpl" | "sleep" | "now" | "onRetry">> };

/** The partner source a config describes (built in this thread or in the parsing worker). */
export function adSourceFromConfig(config: AdSourceConfig): AdSource {
  return config.mode === "live"
    ? createMoteurImmoClient({ ...config.client, baseUrl: config.baseUrl, apiKey: config.apiKey })
    : createDemoAdSource();
}

export function mapAdPage(page: AdPage): ListingPage {
  const listings: ListingInput[] = [];
  const invalid = [...page.invalid];
  for (const ad of page.ads) {
    try {
      listings.push(adToListing(ad));
    } catch (error) {
      invalid.push(`Annonce ${ad.uniqueId} ignorée : ${(error as Error).message}`);
    }
  }
  return { listings, invalid, count: page.count, received: page.received };
}

/** The partner source used in this thread (fallback, tests): fetch, validate and map here. */
export function inlineListingSource(adSource: AdSource): ListingPageSource {
  return {
    mode: adSource.mode,
    async fetchListings(query, page, maxLength, signal) {
      return mapAdPage(await adSource.fetchPage(query, page, maxLength, signal));
    },
    close() {},
  };
}
