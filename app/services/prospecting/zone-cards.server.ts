import { formatNumber, formatSurface } from "~/utils/format";
import { toImportJobView, type ImportJobView } from "../imports/import-job-view";
import { communeByCode, departmentByCode } from "../geo/communes.server";
import { PROPERTY_TYPE_LABELS } from "../listings/listing-input";
import type { ZoneCriteria } from "./criteria";
import { TRANSACTION_LABELS, type ZoneFormValues } from "./zone-form";
import { listZoneRows, toZone, zoneRuns } from "./zones.server";

/** One run of a zone as its card shows it: the import job's counters (new = imported). */
export type ZoneRunView = {
  id: string;
  status: ImportJobView["status"];
  createdAt: string;
  finishedAt: string | null;
  imported: number;
  updated: number;
  withdrawn: number;
  priceDrops: number;
  message: string | null;
};

export type ZoneCard = {
  id: string;
  name: string;
  summary: string[];
  /** The form's values, to edit the zone. */
  form: ZoneFormValues;
  frequencyHours: number | null;
  autoModeration: boolean;
  nextRunAt: string | null;
  runs: ZoneRunView[];
  /** The run in progress, for its progress card. */
  openRun: ImportJobView | null;
};

export function communeLabel(code: string): string {
  const commune = communeByCode(code);
  return commune ? `${commune.name} (${commune.postalCodes[0] ?? commune.department})` : code;
}

/** The criteria in French, one line each. */
export function describeCriteria(criteria: ZoneCriteria): string[] {
  const places = [
    ...criteria.communes.map(communeLabel),
    ...criteria.departments.map((code) => `${departmentByCode(code)?.name ?? code} (${code})`),
  ];
  const lines = [places.join(", ")];
  const categories = criteria.categories.map((category) => PROPERTY_TYPE_LABELS[category] ?? category);
  lines.push([TRANSACTION_LABELS[criteria.transaction], categories.length > 0 ? categories.join(", ") : "tous types de biens"].join(" · "));
  const price = range(criteria.priceMin, criteria.priceMax, (value) => `${formatNumber(value)} €`);
  if (price) lines.push(`Prix ${price}`);
  const surface = range(criteria.surfaceMin, criteria.surfaceMax, formatSurface);
  if (surface) lines.push(`Surface ${surface}`);
  if (criteria.keywords.length > 0) lines.push(`Mots-clés : ${criteria.keywords.join(", ")}`);
  return lines;
}

function range(min: number | null, max: number | null, format: (value: number) => string): string | null {
  if (min !== null && max !== null) return `de ${format(min)} à ${format(max)}`;
  if (min !== null) return `à partir de ${format(min)}`;
  if (max !== null) return `jusqu'à ${format(max)}`;
  return null;
}

/** The user's zones for /prospection, each with its latest runs. */
export function zoneCards(userId: string): ZoneCard[] {
  return listZoneRows(userId).map((row) => {
    const zone = toZone(row);
    const jobs = zoneRuns(zone.id);
    const open = jobs.find((job) => job.status === "pending" || job.status === "processing");
    const { criteria } = zone;
    return {
      id: zone.id,
      name: zone.name,
      summary: describeCriteria(criteria),
      form: {
        name: zone.name,
        departments: criteria.departments.join(", "),
        communes: criteria.communes.map((code) => ({ code, label: communeLabel(code) })),
        transaction: criteria.transaction,
        categories: criteria.categories,
        priceMin: criteria.priceMin,
        priceMax: criteria.priceMax,
        surfaceMin: criteria.surfaceMin,
        surfaceMax: criteria.surfaceMax,
        keywords: criteria.keywords.join(", "),
        frequency: zone.frequencyHours === null ? "manual" : String(zone.frequencyHours),
        autoModeration: zone.autoModeration,
      },
      frequencyHours: zone.frequencyHours,
      autoModeration: zone.autoModeration,
      nextRunAt: zone.nextRunAt?.toISOString() ?? null,
      runs: jobs.map((job) => ({
        id: job.id,
        status: job.status,
        createdAt: job.createdAt.toISOString(),
        finishedAt: job.finishedAt?.toISOString() ?? null,
        imported: job.imported,
        updated: job.updated,
        withdrawn: job.withdrawn,
        priceDrops: job.priceDrops,
        message: job.message,
      })),
      openRun: open ? toImportJobView(open) : null,
    };
  });
}
