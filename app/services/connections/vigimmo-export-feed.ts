import { z } from "zod";
import { LISTING_FIELDS, type ListingField, type ListingFieldKind } from "../listings/listing-fields";
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

/** How each kind of listing field is read from another Vigimmo's export. */
const KIND_READERS: Record<ListingFieldKind, z.ZodTypeAny> = {
  text,
  requiredText: z.string().trim().min(1),
  amount: number,
  integer,
  list: textList,
  transaction: z.enum(["sale", "rental"]).nullish().catch(null),
  publisher: z.enum(["professional", "private"]).nullish().catch(null),
};

/** Fields read another way than their kind says. */
const READER_OVERRIDES: Partial<Record<string, z.ZodTypeAny>> = {
  postal_code: z
    .union([z.string(), z.number()])
    .nullish()
    .catch(null)
    .transform((v) => (v == null ? null : String(v).trim() || null)),
};

/** The listing fields, under their export keys (`source_origin` is read when a sender adds it). */
const READ_FIELDS = LISTING_FIELDS.map((field) => ({ field, key: field.exportKey ?? field.column }));

const propertySchema = z.object({
  id: z.union([z.string().trim().min(1), z.number()]).transform(String),
  ...Object.fromEntries(READ_FIELDS.map(({ field, key }) => [key, READER_OVERRIDES[key] ?? KIND_READERS[field.kind]])),
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

type ReadProperty = { owner?: OwnerRead; property_owners?: OwnerRead | OwnerRead[] | null } & Record<string, unknown>;
type OwnerRead = z.infer<typeof ownerSchema>;

/** What a listing field's value becomes once read, beyond its kind's reader. */
function normalised(field: ListingField, value: unknown): unknown {
  switch (field.key) {
    case "title":
      return (value as string).slice(0, 300);
    case "sourceUrl":
      return httpUrl(value as string | null);
    case "images":
      return (value as string[]).filter((url) => httpUrl(url) !== null);
    case "transactionType":
      return value ?? "rental";
    case "energyRating": {
      const rating = value as string | null;
      return rating && /^[A-G]$/i.test(rating) ? rating.toUpperCase() : null;
    }
  }
  if (field.kind === "amount" || field.kind === "integer") {
    const number = (value as number | null | undefined) ?? null;
    // A floor below ground and a year are not amounts: only counts and sums refuse negatives.
    return field.key === "floor" || field.key === "yearBuilt" ? number : nonNegative(number);
  }
  return value;
}

function ownerOf(property: ReadProperty): ListingInput["owner"] {
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
  const p = parsed.data as ReadProperty & { id: string };
  const fields = Object.fromEntries(READ_FIELDS.map(({ field, key }) => [field.key, normalised(field, p[key])]));
  return {
    ok: true,
    listing: { ...(fields as Omit<ListingInput, "sourcePlatform" | "sourcePlatformId" | "owner">), sourcePlatform, sourcePlatformId: p.id, owner: ownerOf(p) },
  };
}
