/**
 * Labelled JSONL evaluation sets → engine listings. Shared by scripts/eval-moderation.ts and
 * dataset.test.ts. Pure: the caller reads the file.
 *
 * Line format: {"id","label":"legit"|"scam","why","ad":{title, description, type, category, price,
 * charges, surface, rooms, bedrooms, floor, totalFloors, yearBuilt, energyGrade, city, postalCode,
 * pictures, origin, publisherName, publishedAt, options}}. `why` and `label` never reach the engine.
 */
import type { ModerationListing } from "./types";

export type DatasetLabel = "legit" | "scam";
/** `kind`: the scheme, or the honest look-alike (`hn_…`), when the line names it (evaluation only). */
export type DatasetEntry = { listing: ModerationListing; label: DatasetLabel; kind?: string };

const CATEGORY_LABELS: Readonly<Record<string, string>> = {
  flat: "Appartement",
  apartment: "Appartement",
  house: "Maison",
  building: "Immeuble",
  land: "Terrain",
  office: "Bureau",
  commercial: "Local commercial",
  shop: "Commerce",
  business: "Commerce",
  parking: "Parking",
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: Json | undefined): string | null => (typeof v === "string" ? v : null);
const num = (v: Json | undefined): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : null;
const strings = (v: Json | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];

/** Maps one parsed line; throws a French error naming the line when it is malformed. */
export function datasetEntryFromJson(value: Json, lineNumber: number): DatasetEntry {
  const where = `ligne ${lineNumber}`;
  if (!isObject(value)) throw new Error(`${where} : objet JSON attendu`);
  const id = str(value.id) ?? (num(value.id) !== null ? String(value.id) : null);
  if (!id) throw new Error(`${where} : champ "id" manquant`);
  const label = value.label;
  if (label !== "legit" && label !== "scam")
    throw new Error(`${where} : "label" doit valoir "legit" ou "scam"`);
  const ad = value.ad;
  if (!isObject(ad)) throw new Error(`${where} : champ "ad" manquant`);
  const type = ad.type;
  if (type !== "rental" && type !== "sale")
    throw new Error(`${where} : "ad.type" doit valoir "rental" ou "sale"`);
  const category = str(ad.category);

  const listing: ModerationListing = {
    id,
    title: str(ad.title) ?? "",
    description: str(ad.description),
    price: num(ad.price),
    propertyCharges: num(ad.charges),
    propertyType: category ? (CATEGORY_LABELS[category] ?? "Autre") : null,
    transactionType: type,
    surfaceArea: num(ad.surface),
    rooms: num(ad.rooms),
    bedrooms: num(ad.bedrooms),
    floor: num(ad.floor),
    totalFloors: num(ad.totalFloors),
    yearBuilt: num(ad.yearBuilt),
    energyRating: str(ad.energyGrade),
    city: str(ad.city),
    postalCode: str(ad.postalCode),
    images: strings(ad.pictures),
    features: strings(ad.options),
    ownerKey: str(ad.publisherName),
    publishedAt: str(ad.publishedAt),
  };
  const kind = str(value.kind);
  return kind ? { listing, label, kind } : { listing, label };
}

/** Parses a whole JSONL file content (blank lines ignored). */
export function parseDataset(content: string): DatasetEntry[] {
  const entries: DatasetEntry[] = [];
  const lines = content.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "") continue;
    let parsed: Json;
    try {
      parsed = JSON.parse(line) as Json;
    } catch {
      throw new Error(`ligne ${i + 1} : JSON invalide`);
    }
    entries.push(datasetEntryFromJson(parsed, i + 1));
  }
  return entries;
}
