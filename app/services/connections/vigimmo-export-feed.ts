import { z } from "zod";
import type { ListingInput } from "../listings/listing-input";

/**
 * The response of another Vigimmo's export API (POST /functions/v1/get-properties, SPEC.md
 * section 7): `{ success, count, total, limit, offset, properties: [...] }`, each property with
 * the columns of SPEC.md section 3 in snake_case. Read leniently: a malformed optional field
 * becomes null, a listing without id or title is skipped with a French reason.
 */

const NUMERIC_TEXT = /^-?\d+(?:[.,]\d+)?$/;
const toNumber = (value: unknown) => {
  if (typeof value === "string" && NUMERIC_TEXT.test(value.trim()))
    return Number(value.trim().replace(",", "."));
  return value;
};
const number = z.preprocess(toNumber, z.number().finite()).nullish().catch(null);
const integer = z.preprocess(toNumber, z.number().int()).nullish().catch(null);
const text = z
  .string()
  .nullish()
  .catch(null)
  .transform((value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null));
const textList = z
  .array(z.unknown())
  .nullish()
  .catch(null)
  .transform((list) =>
    (list ?? [])
      .filter((item): item is string => typeof item === "string" && item.trim() !== "")
      .map((item) => item.trim()),
  );

const ownerSchema = z
  .object({ first_name: text, last_name: text, email: text })
  .nullish()
  .catch(null);

const propertySchema = z.object({
  id: z.union([z.string().trim().min(1), z.number()]).transform(String),
  title: z.string().trim().min(1),
  description: text,
  price: number,
  property_charges: number,
  property_type: text,
  transaction_type: z.enum(["sale", "rental"]).nullish().catch(null),
  address: text,
  city: text,
  postal_code: z
    .union([z.string(), z.number()])
    .nullish()
    .catch(null)
    .transform((v) => (v == null ? null : String(v).trim() || null)),
  surface_area: number,
  rooms: integer,
  bedrooms: integer,
  bathrooms: integer,
  images: textList,
  features: textList,
  source_url: text,
  source_origin: text,
  floor: integer,
  total_floors: integer,
  year_built: integer,
  energy_rating: text,
  // The export may nest the owner as an object or as a one-element list (table join).
  property_owners: z
    .union([ownerSchema, z.array(ownerSchema)])
    .nullish()
    .catch(null),
  owner: ownerSchema,
});

export const vigimmoExportResponseSchema = z
  .object({
    success: z.boolean().optional(),
    count: number,
    total: number,
    limit: number,
    offset: number,
    properties: z.array(z.unknown()),
  })
  .passthrough();

export type VigimmoExportResponse = z.infer<typeof vigimmoExportResponseSchema>;

const httpUrl = (value: string | null) => (value && /^https?:\/\//i.test(value) ? value : null);
const nonNegative = (value: number | null | undefined) =>
  value == null || value < 0 ? null : value;

function ownerOf(property: z.infer<typeof propertySchema>): ListingInput["owner"] {
  const raw =
    property.owner ??
    (Array.isArray(property.property_owners)
      ? property.property_owners[0]
      : property.property_owners);
  if (!raw || (!raw.first_name && !raw.last_name && !raw.email)) return null;
  return { firstName: raw.first_name, lastName: raw.last_name, email: raw.email };
}

/** One exported property -> a listing of this connection, or a French reason to skip it. */
export function vigimmoPropertyToListing(
  raw: unknown,
  sourcePlatform: string,
  rank: number,
): { ok: true; listing: ListingInput } | { ok: false; reason: string } {
  const parsed = propertySchema.safeParse(raw);
  if (!parsed.success) {
    const fields = [
      ...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "annonce"))),
    ];
    const id =
      typeof raw === "object" && raw && "id" in raw
        ? String((raw as { id: unknown }).id)
        : `n°${rank}`;
    return {
      ok: false,
      reason: `Annonce ${id} ignorée : champ(s) manquant(s) ou invalide(s) : ${fields.join(", ")}`,
    };
  }
  const p = parsed.data;
  return {
    ok: true,
    listing: {
      sourcePlatform,
      sourcePlatformId: p.id,
      sourceOrigin: p.source_origin,
      sourceUrl: httpUrl(p.source_url),
      title: p.title.slice(0, 300),
      description: p.description,
      price: nonNegative(p.price),
      propertyCharges: nonNegative(p.property_charges),
      propertyType: p.property_type,
      transactionType: p.transaction_type ?? "rental",
      address: p.address,
      city: p.city,
      postalCode: p.postal_code,
      surfaceArea: nonNegative(p.surface_area),
      rooms: nonNegative(p.rooms),
      bedrooms: nonNegative(p.bedrooms),
      bathrooms: nonNegative(p.bathrooms),
      images: p.images.filter((url) => httpUrl(url) !== null),
      features: p.features,
      floor: p.floor ?? null,
      totalFloors: nonNegative(p.total_floors),
      yearBuilt: p.year_built ?? null,
      energyRating:
        p.energy_rating && /^[A-G]$/i.test(p.energy_rating) ? p.energy_rating.toUpperCase() : null,
      owner: ownerOf(p),
    },
  };
}
