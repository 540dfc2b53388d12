import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { importJobs } from "#db/schema";
import { getDb } from "~/utils/db.server";
import { IMPORT_PAGES, IMPORT_PER_PAGE, MOTEURIMMO_CONNECTION_CHECK } from "~/config";
import { env } from "~/utils/env.server";
import { formatNumber } from "~/utils/format";
import { MoteurImmoError, type MoteurImmoClientConfig } from "../moteurimmo/client.server";
import { DEMO_DEFAULT_TOTAL } from "../moteurimmo/demo-feed.server";
import { FIXED_IMPORT_QUERY } from "../moteurimmo/mapping";
import { criteriaToPartnerBody, type ZoneCriteria } from "../prospecting/criteria";
import { MOTEURIMMO_MAX_RESULTS, type AdSource, type AdSourceMode } from "../moteurimmo/types";
import { createListingSource } from "./ad-page-thread.server";
import { adSourceFromConfig, type AdSourceConfig, type ListingPage, type ListingPageSource } from "./listing-page";
import { createImportJob, enqueueImportJob } from "./import-jobs.server";
import { IMPORT_JOB_TABLE, type ImportJob, type ImportPage, type ImportSource } from "./import-source.server";
import { appendJobErrors } from "../jobs/status-writer.server";
import { readWithdrawnAds } from "./withdrawn-ads.server";

/** Test and benchmark seam: shorter timeouts and backoffs against the local fake partner. */
export type AdSourceOptions = { client?: Partial<Omit<MoteurImmoClientConfig, "baseUrl" | "apiKey">> };

/** Live partner API when a key is configured, else the built-in demo feed (DECISIONS.md item 7). */
export function moteurImmoMode(): AdSourceMode {
  return env().moteurImmoApiKey ? "live" : "demo";
}

/**
 * The import form's starting values: SPEC.md's 20 × 1 000 for the live partner; in demo mode,
 * just enough pages of 1 000 for the whole local feed (3 for its 2 400 ads), so the first click
 * does not ask for 20 000 ads that do not exist.
 */
export function importDefaults(mode: AdSourceMode): { pages: number; perPage: number } {
  if (mode === "live") return { pages: IMPORT_PAGES.default, perPage: IMPORT_PER_PAGE.default };
  const pages = Math.ceil(DEMO_DEFAULT_TOTAL / IMPORT_PER_PAGE.default);
  return { pages: Math.min(IMPORT_PAGES.max, Math.max(IMPORT_PAGES.min, pages)), perPage: IMPORT_PER_PAGE.default };
}

/** The partner source as plain data (it is handed to the parsing worker). */
export function adSourceConfig(options: AdSourceOptions = {}): AdSourceConfig {
  const { moteurImmoApiKey, moteurImmoApiUrl } = env();
  if (!moteurImmoApiKey) return { mode: "demo" };
  return { mode: "live", baseUrl: moteurImmoApiUrl, apiKey: moteurImmoApiKey, client: options.client };
}

export function createAdSource(options: AdSourceOptions = {}): AdSource {
  return adSourceFromConfig(adSourceConfig(options));
}

/** A form value that is not a number falls back to the default; a number is forced into range. */
function forcedInt(range: { min: number; max: number; default: number }) {
  return z.preprocess((value) => {
    const text = typeof value === "string" ? value.trim().replace(",", ".") : value;
    const number = text === "" || text === null || text === undefined ? NaN : Number(text);
    if (!Number.isFinite(number)) return range.default;
    return Math.min(range.max, Math.max(range.min, Math.trunc(number)));
  }, z.number().int());
}

/** SPEC.md section 5: pages forced into 1-20, listings per page into 1-1000. */
export const importParamsSchema = z.object({
  pages: forcedInt(IMPORT_PAGES),
  perPage: forcedInt(IMPORT_PER_PAGE),
});
export type ImportParams = z.output<typeof importParamsSchema>;

/**
 * The pages of a query (the fixed one by default): page 1 asks for the count (which bounds the
 * page count), the next page is fetched while the current one is written, and the import stops
 * at the first short page or at the page count.
 */
export function moteurImmoImportSource(
  source: ListingPageSource,
  params: ImportParams,
  body: Record<string, unknown> = FIXED_IMPORT_QUERY,
  withdrawnSource?: AdSource,
): ImportSource {
  // One filter body for the search and for the withdrawn ads (issue 14).
  const query = body;
  return {
    afterPages: withdrawnSource ? (job, signal) => readWithdrawnAdsNoted(job, withdrawnSource, query, signal) : undefined,
    async *pages(signal: AbortSignal): AsyncGenerator<ImportPage> {
      // Aborted when the job stops reading, so a prefetched request never outlives the job.
      const local = new AbortController();
      const forward = () => local.abort(signal.reason);
      if (signal.aborted) forward();
      signal.addEventListener("abort", forward, { once: true });
      let totalPages = params.pages;
      const fetchPage = (page: number) =>
        guardResultCap(source.fetchListings(query, page, params.perPage, local.signal), page, params.perPage);
      let next: Promise<ListingPage | null> = fetchPage(1);
      try {
        for (let page = 1; page <= totalPages; page++) {
          const result = await next;
          if (result === null) {
            yield { listings: [], invalid: [], totalPages: page - 1, notes: [resultCapNote(page)] };
            return;
          }
          if (page === 1 && result.count !== null) {
            totalPages = Math.min(params.pages, Math.max(1, Math.ceil(result.count / params.perPage)));
          }
          const isLast = result.received < params.perPage || page >= totalPages;
          if (!isLast) {
            next = fetchPage(page + 1);
            // Its failure is read at the next iteration; until then it must not count as unhandled.
            next.catch(() => undefined);
          }
          yield { listings: result.listings, invalid: result.invalid, totalPages: isLast ? page : totalPages };
          if (isLast) return;
        }
      } finally {
        signal.removeEventListener("abort", forward);
        local.abort();
        source.close();
      }
    },
  };
}

/**
 * The listings are written whatever happens to the withdrawn ads: a failure to read them is kept
 * with the job's errors instead of failing the whole import.
 */
async function readWithdrawnAdsNoted(job: ImportJob, adSource: AdSource, query: Record<string, unknown>, signal: AbortSignal) {
  try {
    await readWithdrawnAds(job, adSource, query, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    appendJobErrors(IMPORT_JOB_TABLE, job.id, [`Annonces retirées non lues : ${reason(error)}`]);
  }
}

/**
 * One query reaches about 10 000 results and the partner likely answers 400 past that
 * (MOTEURIMMO.md): such a 400 ends the import as complete instead of failing it.
 */
async function guardResultCap(request: Promise<ListingPage>, page: number, perPage: number): Promise<ListingPage | null> {
  try {
    return await request;
  } catch (error) {
    const pastCap = page > 1 && page * perPage > MOTEURIMMO_MAX_RESULTS;
    if (pastCap && error instanceof MoteurImmoError && error.status === 400) return null;
    throw error;
  }
}

function resultCapNote(page: number) {
  return `Limite de ${formatNumber(MOTEURIMMO_MAX_RESULTS)} résultats par recherche atteinte : import arrêté avant la page ${page}`;
}

/** What an import asks the partner: criteria (the fixed query's by default) and, for a zone run, its zone. */
export type ImportTarget = { criteria?: ZoneCriteria; zoneId?: string };

/**
 * Validates the form values and creates the job row (pending), with the partner body it will
 * send. Throws JobBusyError when the user already has an open import. The screen enqueues it,
 * the CLI runs it in its own process.
 */
export function prepareMoteurImmoImport(
  userId: string,
  input: { pages?: unknown; perPage?: unknown },
  options: AdSourceOptions = {},
  target: ImportTarget = {},
): { job: ImportJob; params: ImportParams; mode: AdSourceMode; makeSource: () => ImportSource } {
  const params = importParamsSchema.parse(input);
  const mode = moteurImmoMode();
  const query = target.criteria ? criteriaToPartnerBody(target.criteria) : FIXED_IMPORT_QUERY;
  const job = createImportJob(userId, {
    source: mode === "live" ? "moteurimmo" : "demo",
    zoneId: target.zoneId,
    params: { ...params, query },
    totalPages: params.pages,
  });
  const makeSource = () =>
    moteurImmoImportSource(createListingSource(adSourceConfig(options)), params, importRequestBody(job), createAdSource(options));
  return { job, params, mode, makeSource };
}

/**
 * The partner filter body an import job uses (kept in its params): the same body serves its
 * reads of withdrawn ads. Jobs from before criteria existed used the fixed query.
 */
export function importRequestBody(job: Pick<ImportJob, "params">): Record<string, unknown> {
  const query = job.params?.query;
  return typeof query === "object" && query !== null && !Array.isArray(query) ? (query as Record<string, unknown>) : FIXED_IMPORT_QUERY;
}

/** The screen's launcher: the job runs on the in-process queue, the page polls its row. */
export function startMoteurImmoImport(
  userId: string,
  input: { pages?: unknown; perPage?: unknown },
  options: AdSourceOptions = {},
): ImportJob {
  const { job, makeSource } = prepareMoteurImmoImport(userId, input, options);
  enqueueImportJob(job, makeSource);
  return job;
}

export type ConnectionTest = { ok: true; count: number; message: string } | { ok: false; message: string };

/** The partner count check of DECISIONS.md item 6. */
export async function testMoteurImmoConnection(options: AdSourceOptions = {}): Promise<ConnectionTest> {
  try {
    // The client adds withCount and maxLength: 1 itself; only the filter travels.
    const count = await createAdSource(options).count({ types: [...MOTEURIMMO_CONNECTION_CHECK.types] });
    return { ok: true, count, message: `Connexion OK - ${formatNumber(count)} annonces disponibles` };
  } catch (error) {
    return { ok: false, message: `Erreur lors du test: ${reason(error)}` };
  }
}

function reason(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "erreur inconnue";
}

/**
 * The latest import this page launched (MoteurImmo or its demo feed, outside any search zone):
 * /moteurimmo-sync shows its progress, not a file import's or a connection sync's (issue 24 item 19).
 */
export function latestPartnerImport(userId: string): ImportJob | undefined {
  return getDb()
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.userId, userId), inArray(importJobs.source, ["moteurimmo", "demo"]), isNull(importJobs.zoneId)))
    .orderBy(desc(importJobs.createdAt))
    .limit(1)
    .get();
}
