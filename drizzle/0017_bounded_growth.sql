CREATE TABLE `account_deletion_jobs` (
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
	`listings` integer DEFAULT 0 NOT NULL,
	`deleted_listings` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `account_deletion_jobs_user_idx` ON `account_deletion_jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `account_deletion_jobs_status_idx` ON `account_deletion_jobs` (`status`);--> statement-breakpoint
CREATE TABLE `platform_figures` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`computed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `retention_jobs` (
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
	`rules` integer DEFAULT 0 NOT NULL,
	`rules_done` integer DEFAULT 0 NOT NULL,
	`deleted` integer DEFAULT 0 NOT NULL,
	`counts` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `retention_jobs_user_idx` ON `retention_jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `retention_jobs_status_idx` ON `retention_jobs` (`status`);