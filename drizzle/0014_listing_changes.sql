CREATE TABLE `price_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`property_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`changed_at` integer NOT NULL,
	`old_price` real NOT NULL,
	`new_price` real NOT NULL,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_changes_property_idx` ON `price_changes` (`property_id`,`changed_at`);--> statement-breakpoint
CREATE INDEX `price_changes_user_idx` ON `price_changes` (`user_id`,`changed_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `previous_visit_at` integer;--> statement-breakpoint
CREATE INDEX `properties_owner_withdrawn_idx` ON `properties` (`created_by`,`status`,`withdrawn_at`) WHERE "properties"."withdrawn_at" is not null;