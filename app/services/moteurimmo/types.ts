import type { MoteurImmoAd } from "./ad-schema";
import type { WithdrawnAdsPage } from "./withdrawn-ads-schema";

/**
 * One partner ad after validation (see ad-schema.ts). Demo ads are built directly in this shape
 * and skip the schema, so a publisher value may still read "hidden": `adToListing` handles both.
 */
export type ParsedAd = MoteurImmoAd;

export type AdSourceMode = "live" | "demo";

export type AdPage = {
  ads: ParsedAd[];
  /** French messages ("Annonce … ignorée : …"), one per rejected ad. */
  invalid: string[];
  /** Total matches, only asked (and only known) on page 1. */
  count: number | null;
  /**
   * Entries the partner sent for this page, before dropping non-objects and invalid ads.
   * The partner gives no paging metadata: the last page is the first one with
   * `received < maxLength` (comparing `ads.length` would stop early on a page with rejects).
   */
  received: number;
};

/** Where an import reads its ads from: the live partner API or the built-in demo feed. */
export interface AdSource {
  readonly mode: AdSourceMode;
  /** Total matches for the query (POST /ads with withCount:true, maxLength:1). */
  count(query: Record<string, unknown>, signal?: AbortSignal): Promise<number>;
  /** One page (1-based) of the query; the total count is only asked on page 1. */
  fetchPage(
    query: Record<string, unknown>,
    page: number,
    maxLength: number,
    signal?: AbortSignal,
  ): Promise<AdPage>;
  /**
   * One page of the ads the partner withdrew among those the query matches (POST /deletedAds).
   * The demo feed has none, so it does not implement it.
   */
  fetchWithdrawnPage?(
    query: Record<string, unknown>,
    page: number,
    maxLength: number,
    signal?: AbortSignal,
  ): Promise<WithdrawnAdsPage>;
}

/** Largest page the partner serves (sure). */
export const MOTEURIMMO_MAX_PAGE_LENGTH = 1000;

/**
 * One query reaches at most about this many results; past it the partner answers 400 (likely).
 * An import should not ask for a page whose `page * maxLength` exceeds it.
 */
export const MOTEURIMMO_MAX_RESULTS = 10_000;

/**
 * Both sources reject a cancelled call the same way, whatever reason the caller gave to its
 * AbortController: an Error named "AbortError" (the name the job code tests), original reason
 * kept as `cause`.
 */
export function createAbortError(reason?: unknown): Error {
  const error = new Error("Requête MoteurImmo annulée", { cause: reason });
  error.name = "AbortError";
  return error;
}
