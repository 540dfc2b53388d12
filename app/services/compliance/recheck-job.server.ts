import { desc, eq, inArray } from "drizzle-orm";
import { complianceJobs } from "#db/schema";
import { getDb, getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { createJob, enqueueJob, JobBusyError, runJob } from "../jobs/engine.server";
import type { JobKind } from "../jobs/job-kind";
import { yieldToEventLoop } from "../jobs/queue.server";
import { writeProgress } from "../jobs/status-writer.server";
import { systemAccountId } from "../users/users.server";
import { createWriteSizer } from "../jobs/write-sizer";
import { COMPLIANCE_CHECKER_VERSION } from "./checker";
import { toComplianceJobView } from "./compliance-job-view";
import { COMPLIANCE_TEXT } from "./compliance-texts";
import { recordListingCompliance } from "./compliance-writer.server";
import { warmComplianceData, type StoredListing } from "./listing-verdict";
import { lawDay, RULE_DATES } from "./references";

/**
 * The re-check of every listing as a job (docs/decisions/021-compliance.md): keyset batches in
 * id order, each read, checked and written in one transaction sized to ~15 ms, then a yield, so
 * requests keep being served while 100 000 listings are checked.
 */
export const COMPLIANCE_JOB_TABLE = { name: "compliance", table: complianceJobs } as const;
export type ComplianceJob = typeof complianceJobs.$inferSelect;

// 5 ms per transaction (wall clock, so a busy machine shrinks them): on a machine shared with
// other work, a transaction's wall time is several times its CPU time, and the 50 ms p99 goal of
// the event loop is for the wall clock. 10 rows at least so that a slow spell does not crawl.
const batches = createWriteSizer({ budgetMs: 5, min: 10, max: 5000, initialRows: 100 });

type Row = {
  id: number;
  title: string;
  description: string | null;
  transaction_type: "sale" | "rental";
  property_type: string | null;
  price: number | null;
  property_charges: number | null;
  surface_area: number | null;
  energy_rating: string | null;
  ges_rating: string | null;
  publisher_type: "professional" | "private" | null;
  features: string;
  postal_code: string | null;
  city: string | null;
};

const COLUMNS = `id, title, description, transaction_type, property_type, price, property_charges, surface_area, energy_rating, ges_rating, publisher_type, features, postal_code, city`;

function toListing(row: Row): StoredListing {
  let features: unknown = [];
  try {
    features = JSON.parse(row.features);
  } catch {
    // A broken features cell reads as none: the verdict then asks for what it would have said.
  }
  return {
    title: row.title,
    description: row.description,
    transactionType: row.transaction_type,
    propertyType: row.property_type,
    price: row.price,
    propertyCharges: row.property_charges,
    surfaceArea: row.surface_area,
    energyRating: row.energy_rating,
    gesRating: row.ges_rating,
    publisherType: row.publisher_type,
    features: Array.isArray(features) ? features.filter((f): f is string => typeof f === "string") : [],
    postalCode: row.postal_code,
    city: row.city,
  };
}

/** Checks one stored listing again (after an edit); returns whether its verdict changed. */
export function recheckListingCompliance(id: number, now = Date.now()): boolean {
  const row = getSqlite().prepare(`select ${COLUMNS} from properties where id = ?`).get(id) as Row | undefined;
  return row ? recordListingCompliance(id, toListing(row), now) : false;
}

export const complianceJobKind: JobKind<typeof complianceJobs, void> = {
  ...COMPLIANCE_JOB_TABLE,
  busyMessage: COMPLIANCE_TEXT.busy,
  stopMessage: (job) => COMPLIANCE_TEXT.stopped(job.checked),
  writesInBulk: true,
  view: toComplianceJobView,
  open(job, { signal }) {
    let checked = 0;
    let changed = 0;
    return {
      async run() {
        warmComplianceData();
        const sqlite = getSqlite();
        const total = (sqlite.prepare(`select count(*) as n from properties`).get() as { n: number }).n;
        writeProgress(COMPLIANCE_JOB_TABLE, job.id, { set: { total } });
        const page = sqlite.prepare(`select ${COLUMNS} from properties where id > ? order by id limit ?`);
        let lastId = 0;
        for (;;) {
          if (signal.aborted) break;
          const started = performance.now();
          const now = Date.now();
          const done = sqlite
            .transaction(() => {
              const rows = page.all(lastId, batches.rows()) as Row[];
              let written = 0;
              for (const row of rows) if (recordListingCompliance(row.id, toListing(row), now)) written += 1;
              if (rows.length) writeProgress(COMPLIANCE_JOB_TABLE, job.id, { add: { checked: rows.length, changed: written } });
              checked += rows.length;
              changed += written;
              lastId = rows.at(-1)?.id ?? lastId;
              return rows.length;
            })
            .immediate();
          if (done === 0) break;
          batches.measured(done, performance.now() - started);
          await yieldToEventLoop();
        }
        return COMPLIANCE_TEXT.completed(checked, changed);
      },
      failure(error) {
        const detail = error.message || "erreur inconnue";
        return { message: `${COMPLIANCE_TEXT.errorPrefix}${detail}`, errors: [detail] };
      },
      stopped: () => COMPLIANCE_TEXT.stopped(checked),
    };
  },
};

/** One re-check at a time for the whole platform, whoever started it: it covers every listing. */
function anyOpenComplianceJob(): boolean {
  return getDb().select({ id: complianceJobs.id }).from(complianceJobs).where(inArray(complianceJobs.status, ["pending", "processing"])).limit(1).get() !== undefined;
}

export function createComplianceJob(userId: string, now = new Date()): ComplianceJob {
  if (anyOpenComplianceJob()) throw new JobBusyError(complianceJobKind.name, COMPLIANCE_TEXT.busy);
  return createJob(complianceJobKind, userId, (lease) =>
    getDb()
      .insert(complianceJobs)
      .values({ userId, checkerVersion: COMPLIANCE_CHECKER_VERSION, asOf: lawDay(now), ...lease })
      .returning()
      .get(),
  );
}

/** Runs a re-check in this process (tests, the benchmark). */
export function runComplianceJob(job: ComplianceJob, signal?: AbortSignal): Promise<ComplianceJob> {
  return runJob(complianceJobKind, job, undefined, signal);
}

/** "Revérifier la conformité" on /admin: a re-check of every listing on the queue. */
export function startComplianceRecheck(userId: string): ComplianceJob {
  const job = createComplianceJob(userId);
  enqueueJob(complianceJobKind, job, undefined);
  return job;
}

/** The latest re-check started by anyone (the /admin card shows it). */
export function latestComplianceJob(): ComplianceJob | undefined {
  return getDb().select().from(complianceJobs).orderBy(desc(complianceJobs.createdAt)).limit(1).get();
}

/**
 * Whether the stored verdicts may be stale: never re-checked, checked by another version of the
 * checker, or a rule's date has come since the last completed run (F lets become unlawful on
 * 1 January 2028 without anyone touching the listing), or a listing was never checked.
 */
export function complianceRecheckDue(now = new Date()): boolean {
  const last = getDb()
    .select({ checkerVersion: complianceJobs.checkerVersion, asOf: complianceJobs.asOf })
    .from(complianceJobs)
    .where(eq(complianceJobs.status, "completed"))
    .orderBy(desc(complianceJobs.createdAt))
    .limit(1)
    .get();
  const unchecked = getSqlite().prepare(`select 1 from properties where compliance_status is null limit 1`).get() !== undefined;
  if (!last) return unchecked;
  const today = lawDay(now);
  return unchecked || last.checkerVersion !== COMPLIANCE_CHECKER_VERSION || RULE_DATES.some((day) => day > last.asOf && day <= today);
}

/** Starts a re-check when one is due (at startup, then every COMPLIANCE_RECHECK_INTERVAL_MS). */
export function startComplianceRecheckIfDue(now = new Date()): ComplianceJob | undefined {
  if (!complianceRecheckDue(now)) return undefined;
  const userId = systemAccountId();
  if (!userId) return undefined;
  try {
    const job = createComplianceJob(userId, now);
    enqueueJob(complianceJobKind, job, undefined);
    logEvent("compliance.recheck_started", { jobId: job.id });
    return job;
  } catch (error) {
    if (error instanceof JobBusyError) return undefined;
    throw error;
  }
}
