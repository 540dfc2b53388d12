ALTER TABLE `import_jobs` ADD `withdrawn` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `import_jobs` ADD `price_drops` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `properties` ADD `withdrawn_at` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `compliance_status` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `compliance_checked_at` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `compliance_findings` text;
--> statement-breakpoint
-- Issues 14 and 15: a withdrawn listing leaves the export, and every exported listing carries its
-- compliance verdict ({ status, checked_at, findings: [{ code, message }] }, null until checked).
-- The view and its triggers are redefined as in 0009 with those two changes.
DROP TRIGGER `export_documents_property_insert`;
--> statement-breakpoint
DROP TRIGGER `export_documents_property_update`;
--> statement-breakpoint
DROP TRIGGER `export_documents_property_delete`;
--> statement-breakpoint
DROP TRIGGER `export_documents_owner_insert`;
--> statement-breakpoint
DROP TRIGGER `export_documents_owner_update`;
--> statement-breakpoint
DROP TRIGGER `export_documents_owner_delete`;
--> statement-breakpoint
DROP VIEW `export_listing_documents`;
--> statement-breakpoint
CREATE VIEW `export_listing_documents` AS
SELECT property_id, created_at, user_id, doc,
  CASE WHEN owner_json IS NULL THEN NULL
    ELSE CAST(replace(CAST(doc AS TEXT), '"owner":' || owner_json, '"owner":null') AS BLOB) END AS public_doc
FROM (
SELECT p.id AS property_id, p.created_at AS created_at, p.created_by AS user_id,
  CASE WHEN o.id IS NULL THEN NULL
    ELSE json_object('first_name', o.first_name, 'last_name', o.last_name, 'email', o.email) END AS owner_json,
  CAST(json_object(
  'id', p.id, 'title', p.title, 'description', p.description,
  'price', iif(p.price = cast(p.price as integer), cast(p.price as integer), p.price),
  'property_type', p.property_type, 'transaction_type', p.transaction_type,
  'address', p.address, 'city', p.city, 'postal_code', p.postal_code,
  'surface_area', iif(p.surface_area = cast(p.surface_area as integer), cast(p.surface_area as integer), p.surface_area),
  'rooms', p.rooms, 'bedrooms', p.bedrooms, 'bathrooms', p.bathrooms,
  'images', json(case when json_valid(p.images) then p.images else '[]' end),
  'features', json(case when json_valid(p.features) then p.features else '[]' end),
  'property_charges', iif(p.property_charges = cast(p.property_charges as integer), cast(p.property_charges as integer), p.property_charges),
  'floor', p.floor, 'total_floors', p.total_floors,
  'year_built', p.year_built, 'energy_rating', p.energy_rating, 'source_url', p.source_url,
  'created_at', printf('%s.%03dZ', strftime('%Y-%m-%dT%H:%M:%S', p.created_at / 1000, 'unixepoch'), p.created_at % 1000),
  'owner', json(case when o.id is null then null
    else json_object('first_name', o.first_name, 'last_name', o.last_name, 'email', o.email) end),
  'status', p.status,
  'ai_checked_at', case when p.ai_checked_at is null then null
    else printf('%s.%03dZ', strftime('%Y-%m-%dT%H:%M:%S', p.ai_checked_at / 1000, 'unixepoch'), p.ai_checked_at % 1000) end,
  'ai_confidence', p.ai_confidence,
  'compliance', case when p.compliance_status is null then null
    else json_object('status', p.compliance_status,
      'checked_at', printf('%s.%03dZ', strftime('%Y-%m-%dT%H:%M:%S', p.compliance_checked_at / 1000, 'unixepoch'), p.compliance_checked_at % 1000),
      'findings', json((SELECT json_group_array(json_object('code', json_extract(f.value, '$.code'), 'message', json_extract(f.value, '$.message')))
        FROM json_each(case when json_valid(p.compliance_findings) then p.compliance_findings else '[]' end) f))) end) AS BLOB) AS doc
FROM properties p LEFT JOIN property_owners o ON o.property_id = p.id
WHERE p.status = 'active' AND p.withdrawn_at IS NULL
);
--> statement-breakpoint
DELETE FROM `export_documents`;
--> statement-breakpoint
INSERT INTO `export_documents` (property_id, created_at, user_id, doc, public_doc)
SELECT property_id, created_at, user_id, doc, public_doc FROM export_listing_documents;
--> statement-breakpoint
CREATE TRIGGER `export_documents_property_insert` AFTER INSERT ON `properties` WHEN new.status = 'active' BEGIN
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc)
    SELECT property_id, created_at, user_id, doc, public_doc FROM export_listing_documents WHERE property_id = new.id
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc, public_doc = excluded.public_doc;
END;
--> statement-breakpoint
-- Any column may be exported, so any update of an active (or newly active) listing rewrites it;
-- a listing that leaves 'active' or is withdrawn by the partner leaves the export.
CREATE TRIGGER `export_documents_property_update` AFTER UPDATE ON `properties`
WHEN old.status = 'active' OR new.status = 'active' BEGIN
  DELETE FROM export_documents WHERE property_id = old.id AND (new.status <> 'active' OR new.withdrawn_at IS NOT NULL OR new.id <> old.id);
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc)
    SELECT property_id, created_at, user_id, doc, public_doc FROM export_listing_documents WHERE property_id = new.id
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc, public_doc = excluded.public_doc;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_property_delete` AFTER DELETE ON `properties` WHEN old.status = 'active' BEGIN
  DELETE FROM export_documents WHERE property_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_owner_insert` AFTER INSERT ON `property_owners` BEGIN
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc)
    SELECT property_id, created_at, user_id, doc, public_doc FROM export_listing_documents WHERE property_id = new.property_id
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc, public_doc = excluded.public_doc;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_owner_update` AFTER UPDATE ON `property_owners` BEGIN
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc)
    SELECT property_id, created_at, user_id, doc, public_doc FROM export_listing_documents WHERE property_id IN (old.property_id, new.property_id)
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc, public_doc = excluded.public_doc;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_owner_delete` AFTER DELETE ON `property_owners` BEGIN
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc)
    SELECT property_id, created_at, user_id, doc, public_doc FROM export_listing_documents WHERE property_id = old.property_id
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc, public_doc = excluded.public_doc;
END;
