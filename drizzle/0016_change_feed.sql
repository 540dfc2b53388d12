CREATE TABLE `export_events` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`property_id` integer NOT NULL,
	`type` text NOT NULL,
	`occurred_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `export_events_property_idx` ON `export_events` (`property_id`,`seq`);--> statement-breakpoint
CREATE INDEX `export_events_occurred_idx` ON `export_events` (`occurred_at`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`kind` text NOT NULL,
	`first_seq` integer DEFAULT 0 NOT NULL,
	`last_seq` integer DEFAULT 0 NOT NULL,
	`event_count` integer DEFAULT 0 NOT NULL,
	`events` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`http_status` integer,
	`latency_ms` integer,
	`created_at` integer NOT NULL,
	`delivered_at` integer,
	FOREIGN KEY (`connection_id`) REFERENCES `api_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "webhook_deliveries_status_check" CHECK("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_connection_idx` ON `webhook_deliveries` (`connection_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `webhook_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`errors` text DEFAULT '[]' NOT NULL,
	`message` text,
	`worker_id` text,
	`heartbeat_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`delivered` integer DEFAULT 0 NOT NULL,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_jobs_user_idx` ON `webhook_jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_jobs_status_idx` ON `webhook_jobs` (`status`);--> statement-breakpoint
ALTER TABLE `api_connections` ADD `webhook_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `export_documents` ADD `updated_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `export_documents` ADD `change_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `export_documents_change_idx` ON `export_documents` (`change_seq`);--> statement-breakpoint
-- Issue 18, change feed and webhooks (docs/decisions/022-change-feed-webhooks.md). The view
-- export_listing_documents (migration 0010) still says what a listing's document is; each stored
-- document now ends with "updated_at", the instant its bytes last changed, and every change is
-- appended to export_events in the same transaction: 'activated' when a document appears,
-- 'updated' when its bytes change, 'removed' when it leaves export_documents.
--
-- The stored document is the view's document with ,"updated_at":"<ISO-8601 ms>"} in place of its
-- closing brace: 41 ASCII characters, so the content is compared without them.
--
-- A trigger first copies the view's document (and the owner's JSON) into export_staging, then
-- compares, logs and stamps from that copy, and derives the public twin from the stamped bytes: a
-- view column named several times would rebuild the whole JSON document each time (SQLite
-- flattens the view), which made writes several times slower (npm run bench:feed).
-- The staging table is emptied by the same trigger: it is always empty between statements.
--
-- Instants never go backwards along seq (max with the previous event): a later commit cannot
-- carry an earlier updated_at than one a client has already seen.
-- The view as in 0010, plus owner_json: the triggers build the public twin from the stamped
-- document instead of asking the view for public_doc (which builds the JSON document again).
DROP VIEW `export_listing_documents`;
--> statement-breakpoint
CREATE VIEW `export_listing_documents` AS
SELECT property_id, created_at, user_id, doc, owner_json,
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
CREATE TABLE `export_staging` (
	`property_id` integer PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`user_id` text,
	`doc` blob NOT NULL,
	`owner_json` text
);
--> statement-breakpoint
CREATE VIEW `export_listing_pending_changes` AS
SELECT s.property_id AS property_id,
  CASE WHEN d.property_id IS NULL THEN 'activated' ELSE 'updated' END AS type,
  max(CAST(unixepoch('subsec') * 1000 AS INTEGER),
    coalesce((SELECT occurred_at FROM export_events ORDER BY seq DESC LIMIT 1), 0)) AS occurred_at
FROM export_staging s LEFT JOIN export_documents d ON d.property_id = s.property_id
WHERE d.property_id IS NULL
  OR d.user_id IS NOT s.user_id
  OR substr(d.doc, 1, length(d.doc) - 41) <> substr(s.doc, 1, length(s.doc) - 1);
--> statement-breakpoint
-- A listing's staged documents stamped with its latest event (the one just appended when it changed).
CREATE VIEW `export_listing_stamped_documents` AS
SELECT property_id, created_at, user_id, change_seq, updated_at,
  CAST(stamped AS BLOB) AS doc,
  CASE WHEN owner_json IS NULL THEN NULL ELSE CAST(replace(stamped, '"owner":' || owner_json, '"owner":null') AS BLOB) END AS public_doc
FROM (
SELECT s.property_id AS property_id, s.created_at AS created_at, s.user_id AS user_id, s.owner_json AS owner_json,
  e.seq AS change_seq, e.occurred_at AS updated_at,
  CAST(substr(s.doc, 1, length(s.doc) - 1) AS TEXT) || ',"updated_at":"' || printf('%s.%03dZ', strftime('%Y-%m-%dT%H:%M:%S', e.occurred_at / 1000, 'unixepoch'), e.occurred_at % 1000) || '"}' AS stamped
FROM export_staging s
JOIN export_events e ON e.seq = (SELECT max(seq) FROM export_events WHERE property_id = s.property_id)
-- Only a listing whose event is newer than its stored document: an unchanged one builds nothing.
WHERE e.type <> 'removed' AND e.seq > coalesce((SELECT change_seq FROM export_documents WHERE property_id = s.property_id), 0)
);
--> statement-breakpoint
-- Existing documents: one 'activated' event each (in export order, oldest first), then stamped.
INSERT INTO `export_staging` (property_id, created_at, user_id, doc, owner_json)
SELECT property_id, created_at, user_id, doc, owner_json FROM export_listing_documents;
--> statement-breakpoint
INSERT INTO `export_events` (property_id, type, occurred_at)
SELECT property_id, 'activated', CAST(unixepoch('subsec') * 1000 AS INTEGER) FROM export_staging ORDER BY created_at, property_id;
--> statement-breakpoint
DELETE FROM `export_documents`;
--> statement-breakpoint
INSERT INTO `export_documents` (property_id, created_at, user_id, doc, public_doc, updated_at, change_seq)
SELECT property_id, created_at, user_id, doc, public_doc, updated_at, change_seq FROM export_listing_stamped_documents;
--> statement-breakpoint
DELETE FROM `export_staging`;
--> statement-breakpoint
CREATE TRIGGER `export_events_removed` AFTER DELETE ON `export_documents` BEGIN
  INSERT INTO export_events (property_id, type, occurred_at)
    SELECT old.property_id, 'removed', max(CAST(unixepoch('subsec') * 1000 AS INTEGER),
      coalesce((SELECT occurred_at FROM export_events ORDER BY seq DESC LIMIT 1), 0));
END;
--> statement-breakpoint
DROP TRIGGER `export_documents_property_insert`;
--> statement-breakpoint
DROP TRIGGER `export_documents_property_update`;
--> statement-breakpoint
DROP TRIGGER `export_documents_owner_insert`;
--> statement-breakpoint
DROP TRIGGER `export_documents_owner_update`;
--> statement-breakpoint
DROP TRIGGER `export_documents_owner_delete`;
--> statement-breakpoint
-- Each trigger stages the listing's documents, appends the event of a listing whose content
-- changed, then writes the documents stamped with it; an unchanged listing gets no event and keeps
-- its bytes and updated_at.
CREATE TRIGGER `export_documents_property_insert` AFTER INSERT ON `properties` WHEN new.status = 'active' BEGIN
  INSERT INTO export_staging (property_id, created_at, user_id, doc, owner_json)
    SELECT property_id, created_at, user_id, doc, owner_json FROM export_listing_documents WHERE property_id = new.id;
  INSERT INTO export_events (property_id, type, occurred_at)
    SELECT property_id, type, occurred_at FROM export_listing_pending_changes;
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc, updated_at, change_seq)
    SELECT property_id, created_at, user_id, doc, public_doc, updated_at, change_seq FROM export_listing_stamped_documents WHERE true
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc,
      public_doc = excluded.public_doc, updated_at = excluded.updated_at, change_seq = excluded.change_seq
    WHERE excluded.change_seq > export_documents.change_seq;
  DELETE FROM export_staging;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_property_update` AFTER UPDATE ON `properties`
WHEN old.status = 'active' OR new.status = 'active' BEGIN
  DELETE FROM export_documents WHERE property_id = old.id AND (new.status <> 'active' OR new.withdrawn_at IS NOT NULL OR new.id <> old.id);
  INSERT INTO export_staging (property_id, created_at, user_id, doc, owner_json)
    SELECT property_id, created_at, user_id, doc, owner_json FROM export_listing_documents WHERE property_id = new.id;
  INSERT INTO export_events (property_id, type, occurred_at)
    SELECT property_id, type, occurred_at FROM export_listing_pending_changes;
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc, updated_at, change_seq)
    SELECT property_id, created_at, user_id, doc, public_doc, updated_at, change_seq FROM export_listing_stamped_documents WHERE true
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc,
      public_doc = excluded.public_doc, updated_at = excluded.updated_at, change_seq = excluded.change_seq
    WHERE excluded.change_seq > export_documents.change_seq;
  DELETE FROM export_staging;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_owner_insert` AFTER INSERT ON `property_owners` BEGIN
  INSERT INTO export_staging (property_id, created_at, user_id, doc, owner_json)
    SELECT property_id, created_at, user_id, doc, owner_json FROM export_listing_documents WHERE property_id = new.property_id;
  INSERT INTO export_events (property_id, type, occurred_at)
    SELECT property_id, type, occurred_at FROM export_listing_pending_changes;
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc, updated_at, change_seq)
    SELECT property_id, created_at, user_id, doc, public_doc, updated_at, change_seq FROM export_listing_stamped_documents WHERE true
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc,
      public_doc = excluded.public_doc, updated_at = excluded.updated_at, change_seq = excluded.change_seq
    WHERE excluded.change_seq > export_documents.change_seq;
  DELETE FROM export_staging;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_owner_update` AFTER UPDATE ON `property_owners` BEGIN
  INSERT INTO export_staging (property_id, created_at, user_id, doc, owner_json)
    SELECT property_id, created_at, user_id, doc, owner_json FROM export_listing_documents WHERE property_id IN (old.property_id, new.property_id);
  INSERT INTO export_events (property_id, type, occurred_at)
    SELECT property_id, type, occurred_at FROM export_listing_pending_changes;
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc, updated_at, change_seq)
    SELECT property_id, created_at, user_id, doc, public_doc, updated_at, change_seq FROM export_listing_stamped_documents WHERE true
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc,
      public_doc = excluded.public_doc, updated_at = excluded.updated_at, change_seq = excluded.change_seq
    WHERE excluded.change_seq > export_documents.change_seq;
  DELETE FROM export_staging;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_owner_delete` AFTER DELETE ON `property_owners` BEGIN
  INSERT INTO export_staging (property_id, created_at, user_id, doc, owner_json)
    SELECT property_id, created_at, user_id, doc, owner_json FROM export_listing_documents WHERE property_id = old.property_id;
  INSERT INTO export_events (property_id, type, occurred_at)
    SELECT property_id, type, occurred_at FROM export_listing_pending_changes;
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc, updated_at, change_seq)
    SELECT property_id, created_at, user_id, doc, public_doc, updated_at, change_seq FROM export_listing_stamped_documents WHERE true
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc,
      public_doc = excluded.public_doc, updated_at = excluded.updated_at, change_seq = excluded.change_seq
    WHERE excluded.change_seq > export_documents.change_seq;
  DELETE FROM export_staging;
END;
--> statement-breakpoint
-- Existing export connections push from now on, not the whole history.
UPDATE `api_connections` SET `webhook_seq` = (SELECT coalesce(max(seq), 0) FROM export_events) WHERE `api_type` = 'export';
