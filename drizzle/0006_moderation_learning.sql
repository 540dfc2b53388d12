CREATE TABLE `moderation_decisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`decision` text NOT NULL,
	`engine_version` text,
	`confidence` real NOT NULL,
	`flagged` integer NOT NULL,
	`decided_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "moderation_decisions_decision_check" CHECK("moderation_decisions"."decision" in ('active', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX `moderation_decisions_user_idx` ON `moderation_decisions` (`user_id`,`decided_at`);--> statement-breakpoint
CREATE INDEX `moderation_decisions_decided_idx` ON `moderation_decisions` (`decided_at`);--> statement-breakpoint
CREATE TABLE `moderation_models` (
	`version` text PRIMARY KEY NOT NULL,
	`model` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `properties` ADD `ai_engine_version` text;