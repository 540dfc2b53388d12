CREATE TABLE `owner_purge_jobs` (
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
	`purged` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "owner_purge_jobs_status_check" CHECK("owner_purge_jobs"."status" in ('pending', 'processing', 'completed', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `owner_purge_jobs_user_idx` ON `owner_purge_jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `owner_purge_jobs_status_idx` ON `owner_purge_jobs` (`status`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `password_reset_tokens_expiry_idx` ON `password_reset_tokens` (`expires_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_api_usage_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`api_key_id` text,
	`user_id` text,
	`properties_count` integer NOT NULL,
	`limit_requested` integer,
	`offset_requested` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`api_key_id`) REFERENCES `export_api_keys`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_api_usage_logs`("id", "api_key_id", "user_id", "properties_count", "limit_requested", "offset_requested", "created_at") SELECT "id", "api_key_id", "user_id", "properties_count", "limit_requested", "offset_requested", "created_at" FROM `api_usage_logs`;--> statement-breakpoint
DROP TABLE `api_usage_logs`;--> statement-breakpoint
ALTER TABLE `__new_api_usage_logs` RENAME TO `api_usage_logs`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `api_usage_logs_user_created_idx` ON `api_usage_logs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `api_usage_logs_created_idx` ON `api_usage_logs` (`created_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_used_at` integer;