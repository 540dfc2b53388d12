import { and, count, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { importJobs, searchZones } from "#db/schema";
import { ZONE_LIMITS } from "~/config";
import { getDb } from "~/utils/db.server";
import { communeByCode, departmentByCode } from "../geo/communes.server";
import { zoneCriteriaSchema, type ZoneCriteria } from "./criteria";
import { rescheduled } from "./schedule";
import { ZONE_TEXT, zoneFormSchema, type ZoneForm } from "./zone-form";

/** A user's search zones (issue 14): every read and write is scoped to the owner. */

const OPEN_STATUSES = ["pending", "processing"] as const;

export type ZoneRow = typeof searchZones.$inferSelect;
export type Zone = Omit<ZoneRow, "criteria"> & { criteria: ZoneCriteria };

/** A refusal the screens show as it is (limit reached, run in progress). */
export class ZoneRuleError extends Error {}

export function toZone(row: ZoneRow): Zone {
  return { ...row, criteria: zoneCriteriaSchema.parse(row.criteria) };
}

/**
 * The form's schema plus what only the server knows: departments and communes must exist in
 * the official geographic code.
 */
export const zoneFormServerSchema = zoneFormSchema.superRefine((zone, ctx) => {
  const unknownDepartments = [...new Set(zone.departments.filter((code) => !departmentByCode(code)))];
  if (unknownDepartments.length > 0) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["departments"], message: ZONE_TEXT.unknownDepartments(unknownDepartments) });
  }
  const unknownCommunes = [...new Set(zone.communes.filter((code) => !communeByCode(code)))];
  if (unknownCommunes.length > 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["communes"], message: ZONE_TEXT.unknownCommunes(unknownCommunes) });
});

export function criteriaFromForm(form: ZoneForm): ZoneCriteria {
  return zoneCriteriaSchema.parse({
    departments: form.departments,
    communes: form.communes,
    transaction: form.transaction,
    categories: form.categories,
    priceMin: form.priceMin,
    priceMax: form.priceMax,
    surfaceMin: form.surfaceMin,
    surfaceMax: form.surfaceMax,
    keywords: form.keywords,
  });
}

function frequencyOf(form: ZoneForm): number | null {
  return form.frequency === "manual" ? null : Number(form.frequency);
}

export function listZoneRows(userId: string): ZoneRow[] {
  return getDb().select().from(searchZones).where(eq(searchZones.userId, userId)).orderBy(searchZones.createdAt).limit(ZONE_LIMITS.maxZonesPerUser).all();
}

/** The user's zones as the /properties zone filter lists them. */
export function zoneOptions(userId: string): Array<{ id: string; name: string }> {
  return getDb()
    .select({ id: searchZones.id, name: searchZones.name })
    .from(searchZones)
    .where(eq(searchZones.userId, userId))
    .orderBy(searchZones.name)
    .limit(ZONE_LIMITS.maxZonesPerUser)
    .all();
}

/** One of the user's zones (never another user's). */
export function findZone(userId: string, zoneId: string): Zone | undefined {
  const row = getDb()
    .select()
    .from(searchZones)
    .where(and(eq(searchZones.id, zoneId), eq(searchZones.userId, userId)))
    .get();
  return row ? toZone(row) : undefined;
}

export function createZone(userId: string, form: ZoneForm, now = new Date()): Zone {
  return getDb().transaction(
    (tx) => {
      const [{ zones }] = tx.select({ zones: count() }).from(searchZones).where(eq(searchZones.userId, userId)).all();
      if (zones! >= ZONE_LIMITS.maxZonesPerUser) throw new ZoneRuleError(ZONE_TEXT.tooManyZones);
      const frequencyHours = frequencyOf(form);
      const row = tx
        .insert(searchZones)
        .values({
          userId,
          name: form.name,
          criteria: criteriaFromForm(form),
          frequencyHours,
          autoModeration: form.autoModeration,
          nextRunAt: rescheduled(frequencyHours, null, now),
        })
        .returning()
        .get();
      return toZone(row);
    },
    { behavior: "immediate" },
  );
}

/** Saves the form over the user's zone; undefined when it is not theirs. */
export function updateZone(userId: string, zoneId: string, form: ZoneForm, now = new Date()): Zone | undefined {
  const current = findZone(userId, zoneId);
  if (!current) return undefined;
  const frequencyHours = frequencyOf(form);
  const row = getDb()
    .update(searchZones)
    .set({
      name: form.name,
      criteria: criteriaFromForm(form),
      frequencyHours,
      autoModeration: form.autoModeration,
      nextRunAt: frequencyHours === current.frequencyHours ? current.nextRunAt : rescheduled(frequencyHours, current.nextRunAt, now),
      updatedAt: now,
    })
    .where(and(eq(searchZones.id, zoneId), eq(searchZones.userId, userId)))
    .returning()
    .get();
  return row ? toZone(row) : undefined;
}

/** Deletes the user's zone; refused while one of its runs is open. False when it is not theirs. */
export function deleteZone(userId: string, zoneId: string): boolean {
  if (!findZone(userId, zoneId)) return false;
  if (openZoneRun(zoneId)) throw new ZoneRuleError(ZONE_TEXT.deleteWhileRunning);
  const deleted = getDb()
    .delete(searchZones)
    .where(and(eq(searchZones.id, zoneId), eq(searchZones.userId, userId)))
    .returning({ id: searchZones.id })
    .all();
  return deleted.length > 0;
}

/** The zone's run still pending or in progress, if any. */
export function openZoneRun(zoneId: string) {
  return getDb()
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.zoneId, zoneId), inArray(importJobs.status, [...OPEN_STATUSES])))
    .get();
}

/** The zone's latest runs, newest first (a card's history). */
export function zoneRuns(zoneId: string, limit: number = ZONE_LIMITS.historyRuns) {
  return getDb().select().from(importJobs).where(eq(importJobs.zoneId, zoneId)).orderBy(desc(importJobs.createdAt)).limit(limit).all();
}
