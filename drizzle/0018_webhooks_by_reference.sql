-- Webhook batches by reference (issue 23 items 5 and 10): a batch of changes keeps only its
-- export_events seqs (first_seq..last_seq, already stored); its documents are built when it is
-- sent. The frozen copies of existing batches are dropped here: pending ones go out rebuilt from
-- the same events, under the same id; "Renvoyer" rebuilds the others. Pings keep their JSON.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`kind` text NOT NULL,
	`first_seq` integer DEFAULT 0 NOT NULL,
	`last_seq` integer DEFAULT 0 NOT NULL,
	`event_count` integer DEFAULT 0 NOT NULL,
	`events` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`http_status` integer,
	`latency_ms` integer,
	`created_at` integer NOT NULL,
	`delivered_at` integer,
	FOREIGN KEY (`connection_id`) REFERENCES `api_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "webhook_deliveries_status_check" CHECK("__new_webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
INSERT INTO `__new_webhook_deliveries`("id", "connection_id", "kind", "first_seq", "last_seq", "event_count", "events", "status", "attempts", "next_attempt_at", "last_error", "http_status", "latency_ms", "created_at", "delivered_at") SELECT "id", "connection_id", "kind", "first_seq", "last_seq", "event_count", CASE WHEN "kind" = 'events' THEN NULL ELSE "events" END, "status", "attempts", "next_attempt_at", "last_error", "http_status", "latency_ms", "created_at", "delivered_at" FROM `webhook_deliveries`;--> statement-breakpoint
DROP TABLE `webhook_deliveries`;--> statement-breakpoint
ALTER TABLE `__new_webhook_deliveries` RENAME TO `webhook_deliveries`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `webhook_deliveries_connection_idx` ON `webhook_deliveries` (`connection_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `api_connections` ADD `webhook_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `api_connections` ADD `webhook_paused_at` integer;