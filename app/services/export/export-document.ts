import { z } from "zod";
import { EXPORT_VALUE_SCHEMAS, KIND_TYPE_LABELS, LISTING_FIELDS, OWNER_FIELDS, type ListingFieldKind } from "../listings/listing-fields";

/**
 * The export document of a listing (DECISIONS.md item 3, issue 18): what the export API, the
 * change feed and the webhooks send. It derives from the listing field table (listing-fields.ts):
 * the listing's exported fields sit between the record's own fields below (id first; creation
 * date, owner, status, moderation, compliance and updated_at last).
 *
 * SQLite builds and stores the documents (export_documents, kept by triggers): the SQL below is
 * what `npm run db:export-view` writes into a migration, and a test fails when the latest
 * migration's view is not what this module generates.
 *
 * Writes that produce export events (export_events, then the change feed and webhooks to
 * customers), each by a trigger that rebuilds the listing's document and logs 'activated',
 * 'updated' or 'removed' when its bytes change:
 */
export const EXPORT_EVENT_WRITES = [
  { table: "properties", write: "INSERT", trigger: "export_documents_property_insert", when: "new.status = 'active'" },
  // Any update of an active listing, or one that becomes active: a moderation decision
  // (validate, blacklist, report), a description edit, an import's update, a withdrawal.
  { table: "properties", write: "UPDATE", trigger: "export_documents_property_update", when: "old.status = 'active' OR new.status = 'active'" },
  // The owner is part of the document (its public twin hides it from other agencies).
  { table: "property_owners", write: "INSERT", trigger: "export_documents_owner_insert", when: null },
  { table: "property_owners", write: "UPDATE", trigger: "export_documents_owner_update", when: null },
  { table: "property_owners", write: "DELETE", trigger: "export_documents_owner_delete", when: null },
] as const;

const iso = (column: string) =>
  `printf('%s.%03dZ', strftime('%Y-%m-%dT%H:%M:%S', ${column} / 1000, 'unixepoch'), ${column} % 1000)`;

/** How each kind of listing field is read from `properties p` into the document. */
const KIND_SQL: Record<ListingFieldKind, (column: string) => string> = {
  text: (c) => `p.${c}`,
  requiredText: (c) => `p.${c}`,
  integer: (c) => `p.${c}`,
  transaction: (c) => `p.${c}`,
  publisher: (c) => `p.${c}`,
  // 1250.0 is written 1250, as JSON clients expect of an integral amount.
  amount: (c) => `iif(p.${c} = cast(p.${c} as integer), cast(p.${c} as integer), p.${c})`,
  // Lists written by older imports are not always valid JSON: an empty list rather than an error.
  list: (c) => `json(case when json_valid(p.${c}) then p.${c} else '[]' end)`,
};

const OWNER_OBJECT = `json_object(${OWNER_FIELDS.map((f) => `'${f.column}', o.${f.column}`).join(", ")})`;

const ownerSchema = z
  .object(Object.fromEntries(OWNER_FIELDS.map((f) => [f.column, z.string().nullable()])) as Record<
    (typeof OWNER_FIELDS)[number]["column"],
    z.ZodNullable<z.ZodString>
  >)
  .nullable();

export const EXPORTED_COMPLIANCE_STATUSES = ["conforme", "a_completer", "non_conforme"] as const;

type DocumentField = { key: string; sql: string | null; schema: z.ZodTypeAny; type: string; description: string; sample: unknown };

/** Fields of the record before the listing's own. */
const HEAD = [
  { key: "id", sql: "p.id", schema: z.number().int(), type: "entier", description: "Identifiant de l'annonce dans Vigimmo", sample: 4821 },
] as const satisfies readonly DocumentField[];

/** Fields of the record after the listing's own; `updated_at` is appended by the triggers (migration 0016). */
const TAIL = [
  { key: "created_at", sql: iso("p.created_at"), schema: z.string(), type: "date ISO 8601", description: "Date d'import dans Vigimmo (ISO 8601, UTC)", sample: "2024-05-14T08:30:00.000Z" },
  {
    key: "owner",
    sql: `json(case when o.id is null then null\n    else ${OWNER_OBJECT} end)`,
    schema: ownerSchema,
    type: "objet ou null",
    description: "Propriétaire (prénom, nom, email) : rempli seulement pour les annonces de votre propre compte, null sinon",
    sample: Object.fromEntries(OWNER_FIELDS.map((f) => [f.column, f.sample])),
  },
  { key: "status", sql: "p.status", schema: z.literal("active"), type: "texte", description: "Toujours « active » : seules les annonces validées sont exportées", sample: "active" },
  {
    key: "ai_checked_at",
    sql: `case when p.ai_checked_at is null then null\n    else ${iso("p.ai_checked_at")} end`,
    schema: z.string().nullable(),
    type: "date ISO 8601 ou null",
    description: "Date de l'analyse de modération",
    sample: "2024-05-14T08:35:12.000Z",
  },
  { key: "ai_confidence", sql: "p.ai_confidence", schema: z.number().nullable(), type: "nombre ou null", description: "Probabilité d'arnaque estimée par la modération, entre 0 et 1", sample: 0.08 },
  {
    key: "compliance",
    sql: `case when p.compliance_status is null then null
    else json_object('status', p.compliance_status,
      'checked_at', ${iso("p.compliance_checked_at")},
      'findings', json((SELECT json_group_array(json_object('code', json_extract(f.value, '$.code'), 'message', json_extract(f.value, '$.message')))
        FROM json_each(case when json_valid(p.compliance_findings) then p.compliance_findings else '[]' end) f))) end`,
    schema: z
      .object({
        status: z.enum(EXPORTED_COMPLIANCE_STATUSES),
        checked_at: z.string(),
        findings: z.array(z.object({ code: z.string(), message: z.string() })),
      })
      .nullable(),
    type: "objet ou null",
    description: "Vérification des règles de la publicité immobilière (statut, date du verdict, constats), ou null si l'annonce n'a pas encore été contrôlée",
    sample: {
      status: "a_completer",
      checked_at: "2024-05-14T08:35:12.000Z",
      findings: [{ code: "location.depot_absent", message: "Le montant du dépôt de garantie n'est pas indiqué." }],
    },
  },
  { key: "updated_at", sql: null, schema: z.string(), type: "date ISO 8601", description: "Dernière modification du contenu exporté de l'annonce (validation, texte, prix, propriétaire…)", sample: "2024-05-20T17:02:44.120Z" },
] as const satisfies readonly DocumentField[];

type Exported = Extract<(typeof LISTING_FIELDS)[number], { exportKey: string }>;
const EXPORTED = LISTING_FIELDS.filter((field): field is Exported => field.exportKey !== null);

/** Every field of the document, in the order of its JSON. */
export const EXPORT_DOCUMENT_FIELDS: readonly DocumentField[] = [
  ...HEAD,
  ...EXPORTED.map((field) => ({
    key: field.exportKey,
    sql: KIND_SQL[field.kind](field.column),
    schema: EXPORT_VALUE_SCHEMAS[field.kind],
    type: KIND_TYPE_LABELS[field.kind],
    description: field.description,
    sample: field.sample,
  })),
  ...TAIL,
];

type SchemaOf<F> = F extends { schema: infer S } ? S : never;
type ListingShape = { [F in Exported as F["exportKey"]]: (typeof EXPORT_VALUE_SCHEMAS)[F["kind"]] };
type RecordShape = { [F in (typeof HEAD)[number] | (typeof TAIL)[number] as F["key"]]: SchemaOf<F> };

/** One listing of the export, as the API sends it. */
export const exportedListingSchema = z.object(
  Object.fromEntries(EXPORT_DOCUMENT_FIELDS.map((field) => [field.key, field.schema])) as ListingShape & RecordShape,
);

/** The field table of /api-docs: key, type, meaning. */
export const EXPORT_FIELD_ROWS = EXPORT_DOCUMENT_FIELDS.map(({ key, type, description }) => ({ key, type, description }));

/** A JSON value on one line, spaced as people write it: [1, 2], { "a": 1 }. */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(", ")}]`;
  if (value !== null && typeof value === "object")
    return `{ ${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(", ")} }`;
  return JSON.stringify(value);
}

/** The sample answer of /api-docs: one listing made of each field's sample value. */
export function exportResponseSample(): string {
  const listing = EXPORT_DOCUMENT_FIELDS.map((field) => `      ${JSON.stringify(field.key)}: ${inline(field.sample)}`).join(",\n");
  return `{
  "success": true,
  "count": 1,
  "total": 1250,
  "limit": 1,
  "offset": 0,
  "properties": [
    {
${listing}
    }
  ],
  "next_cursor": "eyJrIjoiN2YxYy4uLiIsIm0iOiJsIn0.q1Xb9cM2YpV0sT3nLk8wZA"
}`;
}

// ---------------------------------------------------------------------------------------------
// SQL of the export view and its triggers, as `npm run db:export-view` writes it.

/** First line of the part of a migration written by `npm run db:export-view`; it runs to the end of the file. */
export const EXPORT_VIEW_MARKER = "-- Export view and triggers, generated by `npm run db:export-view` from app/services/listings/listing-fields.ts (issue 26): do not edit.";

const BREAK = "\n--> statement-breakpoint\n";

/**
 * The document of each active, not withdrawn listing, and its public twin without the owner. A
 * fictitious owner (the administrators' test tools, issue 24 item 3) never leaves the app.
 */
export function exportViewSql(): string {
  const members = EXPORT_DOCUMENT_FIELDS.filter((field) => field.sql !== null)
    .map((field) => `  '${field.key}', ${field.sql}`)
    .join(",\n");
  return `CREATE VIEW \`export_listing_documents\` AS
SELECT property_id, created_at, user_id, doc, owner_json,
  CASE WHEN owner_json IS NULL THEN NULL
    ELSE CAST(replace(CAST(doc AS TEXT), '"owner":' || owner_json, '"owner":null') AS BLOB) END AS public_doc
FROM (
SELECT p.id AS property_id, p.created_at AS created_at, p.created_by AS user_id,
  CASE WHEN o.id IS NULL THEN NULL
    ELSE ${OWNER_OBJECT} END AS owner_json,
  CAST(json_object(
${members}) AS BLOB) AS doc
FROM properties p LEFT JOIN property_owners o ON o.property_id = p.id AND o.fictitious = 0
WHERE p.status = 'active' AND p.withdrawn_at IS NULL
);`;
}

/** Which listings a write touches, as read in its trigger. */
const TOUCHED: Record<(typeof EXPORT_EVENT_WRITES)[number]["trigger"], string> = {
  export_documents_property_insert: "property_id = new.id",
  export_documents_property_update: "property_id = new.id",
  export_documents_owner_insert: "property_id = new.property_id",
  export_documents_owner_update: "property_id IN (old.property_id, new.property_id)",
  export_documents_owner_delete: "property_id = old.property_id",
};

/**
 * Each trigger stages the listing's documents, appends the event of a listing whose content
 * changed, then writes the documents stamped with it (views of migration 0016); an unchanged
 * listing gets no event and keeps its bytes and updated_at.
 */
export function exportTriggersSql(): string[] {
  return EXPORT_EVENT_WRITES.map(({ table, write, trigger, when }) => {
    const leaving =
      trigger === "export_documents_property_update"
        ? "\n  DELETE FROM export_documents WHERE property_id = old.id AND (new.status <> 'active' OR new.withdrawn_at IS NOT NULL OR new.id <> old.id);"
        : "";
    return `CREATE TRIGGER \`${trigger}\` AFTER ${write} ON \`${table}\`${when ? ` WHEN ${when}` : ""} BEGIN${leaving}
  INSERT INTO export_staging (property_id, created_at, user_id, doc, owner_json)
    SELECT property_id, created_at, user_id, doc, owner_json FROM export_listing_documents WHERE ${TOUCHED[trigger]};
  INSERT INTO export_events (property_id, type, occurred_at)
    SELECT property_id, type, occurred_at FROM export_listing_pending_changes;
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc, updated_at, change_seq)
    SELECT property_id, created_at, user_id, doc, public_doc, updated_at, change_seq FROM export_listing_stamped_documents WHERE true
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc,
      public_doc = excluded.public_doc, updated_at = excluded.updated_at, change_seq = excluded.change_seq
    WHERE excluded.change_seq > export_documents.change_seq;
  DELETE FROM export_staging;
END;`;
  });
}

/**
 * The migration part: the view and triggers recreated, then every stored document rebuilt
 * through the staging path, so that a listing whose document changed gets its 'updated' event
 * (and reaches webhooks) while an unchanged one keeps its bytes and updated_at.
 */
export function exportViewMigrationSql(): string {
  const statements = [
    "DROP VIEW IF EXISTS `export_listing_documents`;",
    exportViewSql(),
    ...EXPORT_EVENT_WRITES.map(({ trigger }) => `DROP TRIGGER IF EXISTS \`${trigger}\`;`),
    ...exportTriggersSql(),
    `INSERT INTO export_staging (property_id, created_at, user_id, doc, owner_json)
  SELECT property_id, created_at, user_id, doc, owner_json FROM export_listing_documents;`,
    `INSERT INTO export_events (property_id, type, occurred_at)
  SELECT property_id, type, occurred_at FROM export_listing_pending_changes ORDER BY property_id;`,
    `INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc, updated_at, change_seq)
  SELECT property_id, created_at, user_id, doc, public_doc, updated_at, change_seq FROM export_listing_stamped_documents WHERE true
  ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc,
    public_doc = excluded.public_doc, updated_at = excluded.updated_at, change_seq = excluded.change_seq
  WHERE excluded.change_seq > export_documents.change_seq;`,
    "DELETE FROM export_staging;",
  ];
  return `${EXPORT_VIEW_MARKER}\n${statements.join(BREAK)}\n`;
}
