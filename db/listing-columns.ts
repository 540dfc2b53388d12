import { sql } from "drizzle-orm";
import { integer, real, text } from "drizzle-orm/sqlite-core";
import { LISTING_FIELDS, type ListingFieldKind } from "../app/services/listings/listing-fields";

/**
 * The columns of `properties` that hold a listing's fields, built from the listing field table
 * (issue 26): a new field there is a new column here, and drizzle-kit generates its migration.
 */
const BUILDERS = {
  text: (name: string) => text(name),
  requiredText: (name: string) => text(name).notNull(),
  amount: (name: string) => real(name),
  integer: (name: string) => integer(name),
  list: (name: string) => text(name, { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  transaction: (name: string) => text(name, { enum: ["sale", "rental"] }).notNull(),
  publisher: (name: string) => text(name, { enum: ["professional", "private"] }),
} as const satisfies Record<ListingFieldKind, (name: string) => unknown>;

type Field = (typeof LISTING_FIELDS)[number];
type Columns = { [F in Field as F["key"]]: ReturnType<(typeof BUILDERS)[F["kind"]]> };

export function listingFieldColumns(): Columns {
  return Object.fromEntries(LISTING_FIELDS.map((field) => [field.key, BUILDERS[field.kind](field.column)])) as Columns;
}
