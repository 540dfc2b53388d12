-- The export API's document of an active listing (SPEC.md section 7, DECISIONS.md item 3), in
-- one place: the triggers below copy it into export_documents whenever a listing or its owner
-- changes, so the API copies stored bytes instead of building JSON on every call.
-- Prices and areas that are whole read as 850, not 850.0; dates are ISO 8601 in UTC with
-- milliseconds; images and features are embedded as JSON lists (an invalid list reads as []).
-- Changing a field means a new migration that recreates this view and rebuilds the table.
CREATE VIEW `export_listing_documents` AS
SELECT p.id AS property_id, p.created_at AS created_at, CAST(json_object(
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
  'ai_confidence', p.ai_confidence) AS BLOB) AS doc
FROM properties p LEFT JOIN property_owners o ON o.property_id = p.id
WHERE p.status = 'active';
--> statement-breakpoint
INSERT INTO `export_documents` (property_id, created_at, doc)
SELECT property_id, created_at, doc FROM export_listing_documents;
--> statement-breakpoint
CREATE TRIGGER `export_documents_property_insert` AFTER INSERT ON `properties` WHEN new.status = 'active' BEGIN
  INSERT INTO export_documents (property_id, created_at, doc)
    SELECT property_id, created_at, doc FROM export_listing_documents WHERE property_id = new.id
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, doc = excluded.doc;
END;
--> statement-breakpoint
-- Any column may be exported, so any update of an active (or newly active) listing rewrites it;
-- a listing that leaves 'active' leaves the export.
CREATE TRIGGER `export_documents_property_update` AFTER UPDATE ON `properties`
WHEN old.status = 'active' OR new.status = 'active' BEGIN
  DELETE FROM export_documents WHERE property_id = old.id AND (new.status <> 'active' OR new.id <> old.id);
  INSERT INTO export_documents (property_id, created_at, doc)
    SELECT property_id, created_at, doc FROM export_listing_documents WHERE property_id = new.id
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, doc = excluded.doc;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_property_delete` AFTER DELETE ON `properties` WHEN old.status = 'active' BEGIN
  DELETE FROM export_documents WHERE property_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_owner_insert` AFTER INSERT ON `property_owners` BEGIN
  INSERT INTO export_documents (property_id, created_at, doc)
    SELECT property_id, created_at, doc FROM export_listing_documents WHERE property_id = new.property_id
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, doc = excluded.doc;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_owner_update` AFTER UPDATE ON `property_owners` BEGIN
  INSERT INTO export_documents (property_id, created_at, doc)
    SELECT property_id, created_at, doc FROM export_listing_documents WHERE property_id IN (old.property_id, new.property_id)
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, doc = excluded.doc;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_owner_delete` AFTER DELETE ON `property_owners` BEGIN
  INSERT INTO export_documents (property_id, created_at, doc)
    SELECT property_id, created_at, doc FROM export_listing_documents WHERE property_id = old.property_id
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, doc = excluded.doc;
END;
