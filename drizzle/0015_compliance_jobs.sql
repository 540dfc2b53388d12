CREATE TABLE `compliance_jobs` (
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
	`checker_version` text NOT NULL,
	`as_of` text NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`checked` integer DEFAULT 0 NOT NULL,
	`changed` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "compliance_jobs_status_check" CHECK("compliance_jobs"."status" in ('pending', 'processing', 'completed', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `compliance_jobs_user_idx` ON `compliance_jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `compliance_jobs_status_idx` ON `compliance_jobs` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `properties_owner_compliance_idx` ON `properties` (`created_by`,`compliance_status`);