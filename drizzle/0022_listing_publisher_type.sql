ALTER TABLE `properties` ADD `ges_rating` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `publisher_type` text;