import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { importJobs, searchZones } from "#db/schema";
import { getDb, getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { enqueueImportJob } from "../imports/import-jobs.server";
import type { ImportJob, ImportSource } from "../imports/import-source.server";
import {
  importDefaults,
  moteurImmoMode,
  prepareMoteurImmoImport,
  type AdSourceOptions,
} from "../imports/moteurimmo-import.server";
import { JobBusyError } from "../jobs/engine.server";
import type { ListingInput } from "../listings/listing-input";
import { MOTEURIMMO_SOURCE_PLATFORM } from "../moteurimmo/mapping";
import { startModeration } from "../moderation/jobs.server";
import { nextRunAfter } from "./schedule";
import { findZone, toZone, type Zone } from "./zones.server";

/**
 * A run of a search zone is an import job of the MoteurImmo kind carrying the zone's id and
 * body (issue 14): the same engine, counters, Stop and polling as /moteurimmo-sync. The run
 * records which listings the zone brought, and may moderate them ("auto-modération").
 */

export type ZoneRun = { job: ImportJob; zone: Zone; makeSource: () => ImportSource };

/**
 * Creates the zone's run (pending) and moves its next run one period on, in one transaction.
 * Throws JobBusyError when the user already has an open import (a zone run among them): a
 * zone never runs twice at once. Undefined when the zone is not the user's.
 */
export function prepareZoneRun(
  userId: string,
  zoneId: string,
  now = new Date(),
  options: AdSourceOptions = {},
): ZoneRun | undefined {
  const zone = findZone(userId, zoneId);
  if (!zone) return undefined;
  return getSqlite()
    .transaction(() => {
      const prepared = prepareMoteurImmoImport(userId, importDefaults(moteurImmoMode()), options, {
        criteria: zone.criteria,
        zoneId,
      });
      getDb()
        .update(searchZones)
        .set({ nextRunAt: nextRunAfter(zone.frequencyHours, now) })
        .where(eq(searchZones.id, zoneId))
        .run();
      const { job } = prepared;
      return { job, zone, makeSource: () => zoneRunSource(prepared.makeSource(), zone, job) };
    })
    .immediate();
}

/** "Lancer maintenant" and the scheduler: the run goes on the process's job queue. */
export function startZoneRun(
  userId: string,
  zoneId: string,
  now = new Date(),
  options: AdSourceOptions = {},
): ImportJob | undefined {
  const run = prepareZoneRun(userId, zoneId, now, options);
  if (!run) return undefined;
  enqueueImportJob(run.job, run.makeSource);
  return run.job;
}

/** The import's pages, each followed (once written) by the record of which listings the zone brought. */
function zoneRunSource(inner: ImportSource, zone: Zone, job: ImportJob): ImportSource {
  return {
    ...inner,
    async *pages(signal) {
      for await (const page of inner.pages(signal)) {
        yield page;
        // Reached only when the import asks for the next page, i.e. after this one was written.
        recordZoneListings(zone, page.listings);
      }
    },
    onCompleted(totals) {
      inner.onCompleted?.(totals);
      if (zone.autoModeration) moderateRun(zone, job);
    },
  };
}

function recordZoneListings(zone: Zone, listings: ListingInput[]) {
  const ids = listings
    .map((listing) => listing.sourcePlatformId)
    .filter((id): id is string => Boolean(id));
  if (ids.length === 0) return;
  getSqlite()
    .prepare(
      `insert or ignore into zone_listings (zone_id, property_id, first_seen_at)
       select @zoneId, id, @now from properties
       where created_by = @userId and source_platform = @platform and source_platform_id in (select value from json_each(@ids))`,
    )
    .run({
      zoneId: zone.id,
      now: Date.now(),
      userId: zone.userId,
      platform: MOTEURIMMO_SOURCE_PLATFORM,
      ids: JSON.stringify(ids),
    });
}

/**
 * "auto-modération": the listings this run brought to the zone that still wait for moderation
 * go through the moderation job (the same as /moderation's), queued after the run.
 */
function moderateRun(zone: Zone, job: ImportJob) {
  const startedAt =
    getDb()
      .select({ startedAt: importJobs.startedAt })
      .from(importJobs)
      .where(eq(importJobs.id, job.id))
      .get()?.startedAt ?? job.createdAt;
  const ids = getSqlite()
    .prepare(
      `select p.id from zone_listings z join properties p on p.id = z.property_id
       where z.zone_id = ? and z.first_seen_at >= ? and p.status = 'pending'`,
    )
    .pluck()
    .all(zone.id, startedAt.getTime()) as number[];
  if (ids.length === 0) return;
  try {
    const started = startModeration(zone.userId, { mode: "ids", auto: true, ids });
    logEvent("zone.auto_moderation", {
      zoneId: zone.id,
      jobId: started.job?.id ?? null,
      listings: ids.length,
    });
  } catch (error) {
    // A moderation run of the user is already going: these listings stay pending for the next one.
    if (!(error instanceof JobBusyError)) throw error;
    logEvent("zone.auto_moderation_skipped", { zoneId: zone.id, listings: ids.length });
  }
}

/** Zone runs open in the database (any process), for the scheduler's overall cap. */
export function openZoneRunCount(): number {
  return getDb()
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(and(isNotNull(importJobs.zoneId), inArray(importJobs.status, ["pending", "processing"])))
    .all().length;
}

/** Zones whose next run has come, the longest waiting first. */
export function dueZones(now: Date, limit: number): Zone[] {
  return validZones(
    getDb()
      .select()
      .from(searchZones)
      .where(and(isNotNull(searchZones.nextRunAt), lte(searchZones.nextRunAt, now)))
      .orderBy(searchZones.nextRunAt)
      .limit(limit)
      .all(),
  );
}

/** One user's due zones (`npm run prospect`). */
export function dueZonesOf(userId: string, now: Date): Zone[] {
  return validZones(
    getDb()
      .select()
      .from(searchZones)
      .where(
        and(
          eq(searchZones.userId, userId),
          isNotNull(searchZones.nextRunAt),
          lte(searchZones.nextRunAt, now),
        ),
      )
      .orderBy(searchZones.nextRunAt)
      .all(),
  );
}

function validZones(rows: Array<typeof searchZones.$inferSelect>): Zone[] {
  return rows.flatMap((row) => {
    try {
      return [toZone(row)];
    } catch {
      // Criteria that no longer validate are not sent to the partner; the zone waits for an edit.
      logEvent("zone.invalid_criteria", { zoneId: row.id });
      getDb()
        .update(searchZones)
        .set({ nextRunAt: sql`null` })
        .where(eq(searchZones.id, row.id))
        .run();
      return [];
    }
  });
}
