CREATE TABLE `search_zones` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`criteria` text NOT NULL,
	`frequency_hours` integer,
	`auto_moderation` integer DEFAULT false NOT NULL,
	`next_run_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "search_zones_frequency_check" CHECK("search_zones"."frequency_hours" is null or "search_zones"."frequency_hours" in (1, 6, 12, 24))
);
--> statement-breakpoint
CREATE INDEX `search_zones_user_idx` ON `search_zones` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `search_zones_next_run_idx` ON `search_zones` (`next_run_at`);--> statement-breakpoint
CREATE TABLE `zone_listings` (
	`zone_id` text NOT NULL,
	`property_id` integer NOT NULL,
	`first_seen_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`zone_id`, `property_id`),
	FOREIGN KEY (`zone_id`) REFERENCES `search_zones`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `zone_listings_property_idx` ON `zone_listings` (`property_id`);--> statement-breakpoint
ALTER TABLE `import_jobs` ADD `zone_id` text REFERENCES search_zones(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `import_jobs_zone_idx` ON `import_jobs` (`zone_id`,`created_at`);