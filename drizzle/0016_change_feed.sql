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
-- Instants never go backwards along seq (max with the previous event): a later commit cannot
-- carry an earlier updated_at than one a client has already seen.
CREATE VIEW `export_listing_pending_changes` AS
SELECT v.property_id AS property_id,
  CASE WHEN d.property_id IS NULL THEN 'activated' ELSE 'updated' END AS type,
  max(CAST(unixepoch('subsec') * 1000 AS INTEGER),
    coalesce((SELECT occurred_at FROM export_events ORDER BY seq DESC LIMIT 1), 0)) AS occurred_at
FROM export_listing_documents v LEFT JOIN export_documents d ON d.property_id = v.property_id
WHERE d.property_id IS NULL
  OR d.user_id IS NOT v.user_id
  OR substr(CAST(d.doc AS TEXT), 1, length(CAST(d.doc AS TEXT)) - 41) <> substr(CAST(v.doc AS TEXT), 1, length(CAST(v.doc AS TEXT)) - 1);
--> statement-breakpoint
-- A listing's documents stamped with its latest event (the one just appended when it changed).
CREATE VIEW `export_listing_stamped_documents` AS
SELECT property_id, created_at, user_id, seq AS change_seq, occurred_at AS updated_at,
  CAST(substr(CAST(doc AS TEXT), 1, length(CAST(doc AS TEXT)) - 1) || stamp AS BLOB) AS doc,
  CASE WHEN public_doc IS NULL THEN NULL
    ELSE CAST(substr(CAST(public_doc AS TEXT), 1, length(CAST(public_doc AS TEXT)) - 1) || stamp AS BLOB) END AS public_doc
FROM (
SELECT v.property_id, v.created_at, v.user_id, v.doc, v.public_doc, e.seq, e.occurred_at,
  ',"updated_at":"' || printf('%s.%03dZ', strftime('%Y-%m-%dT%H:%M:%S', e.occurred_at / 1000, 'unixepoch'), e.occurred_at % 1000) || '"}' AS stamp
FROM export_listing_documents v
JOIN export_events e ON e.seq = (SELECT max(seq) FROM export_events WHERE property_id = v.property_id)
WHERE e.type <> 'removed'
);
--> statement-breakpoint
-- Existing documents: one 'activated' event each (in export order, oldest first), then stamped.
INSERT INTO `export_events` (property_id, type, occurred_at)
SELECT property_id, 'activated', CAST(unixepoch('subsec') * 1000 AS INTEGER) FROM export_documents ORDER BY created_at, property_id;
--> statement-breakpoint
DELETE FROM `export_documents`;
--> statement-breakpoint
INSERT INTO `export_documents` (property_id, created_at, user_id, doc, public_doc, updated_at, change_seq)
SELECT property_id, created_at, user_id, doc, public_doc, updated_at, change_seq FROM export_listing_stamped_documents;
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
-- Each trigger appends the event of a listing whose content changed, then writes the documents
-- stamped with it; an unchanged listing gets no event and keeps its bytes and updated_at.
CREATE TRIGGER `export_documents_property_insert` AFTER INSERT ON `properties` WHEN new.status = 'active' BEGIN
  INSERT INTO export_events (property_id, type, occurred_at)
    SELECT property_id, type, occurred_at FROM export_listing_pending_changes WHERE property_id = new.id;
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc, updated_at, change_seq)
    SELECT property_id, created_at, user_id, doc, public_doc, updated_at, change_seq FROM export_listing_stamped_documents WHERE property_id = new.id
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc,
      public_doc = excluded.public_doc, updated_at = excluded.updated_at, change_seq = excluded.change_seq
    WHERE excluded.change_seq > export_documents.change_seq;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_property_update` AFTER UPDATE ON `properties`
WHEN old.status = 'active' OR new.status = 'active' BEGIN
  DELETE FROM export_documents WHERE property_id = old.id AND (new.status <> 'active' OR new.withdrawn_at IS NOT NULL OR new.id <> old.id);
  INSERT INTO export_events (property_id, type, occurred_at)
    SELECT property_id, type, occurred_at FROM export_listing_pending_changes WHERE property_id = new.id;
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc, updated_at, change_seq)
    SELECT property_id, created_at, user_id, doc, public_doc, updated_at, change_seq FROM export_listing_stamped_documents WHERE property_id = new.id
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc,
      public_doc = excluded.public_doc, updated_at = excluded.updated_at, change_seq = excluded.change_seq
    WHERE excluded.change_seq > export_documents.change_seq;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_owner_insert` AFTER INSERT ON `property_owners` BEGIN
  INSERT INTO export_events (property_id, type, occurred_at)
    SELECT property_id, type, occurred_at FROM export_listing_pending_changes WHERE property_id = new.property_id;
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc, updated_at, change_seq)
    SELECT property_id, created_at, user_id, doc, public_doc, updated_at, change_seq FROM export_listing_stamped_documents WHERE property_id = new.property_id
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc,
      public_doc = excluded.public_doc, updated_at = excluded.updated_at, change_seq = excluded.change_seq
    WHERE excluded.change_seq > export_documents.change_seq;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_owner_update` AFTER UPDATE ON `property_owners` BEGIN
  INSERT INTO export_events (property_id, type, occurred_at)
    SELECT property_id, type, occurred_at FROM export_listing_pending_changes WHERE property_id IN (old.property_id, new.property_id);
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc, updated_at, change_seq)
    SELECT property_id, created_at, user_id, doc, public_doc, updated_at, change_seq FROM export_listing_stamped_documents WHERE property_id IN (old.property_id, new.property_id)
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc,
      public_doc = excluded.public_doc, updated_at = excluded.updated_at, change_seq = excluded.change_seq
    WHERE excluded.change_seq > export_documents.change_seq;
END;
--> statement-breakpoint
CREATE TRIGGER `export_documents_owner_delete` AFTER DELETE ON `property_owners` BEGIN
  INSERT INTO export_events (property_id, type, occurred_at)
    SELECT property_id, type, occurred_at FROM export_listing_pending_changes WHERE property_id = old.property_id;
  INSERT INTO export_documents (property_id, created_at, user_id, doc, public_doc, updated_at, change_seq)
    SELECT property_id, created_at, user_id, doc, public_doc, updated_at, change_seq FROM export_listing_stamped_documents WHERE property_id = old.property_id
    ON CONFLICT (property_id) DO UPDATE SET created_at = excluded.created_at, user_id = excluded.user_id, doc = excluded.doc,
      public_doc = excluded.public_doc, updated_at = excluded.updated_at, change_seq = excluded.change_seq
    WHERE excluded.change_seq > export_documents.change_seq;
END;
--> statement-breakpoint
-- Existing export connections push from now on, not the whole history.
UPDATE `api_connections` SET `webhook_seq` = (SELECT coalesce(max(seq), 0) FROM export_events) WHERE `api_type` = 'export';
