DROP INDEX `properties_owner_platform_idx`;--> statement-breakpoint
CREATE INDEX `properties_owner_source_created_idx` ON `properties` (`created_by`,`source_platform`,`created_at`);--> statement-breakpoint
CREATE INDEX `properties_owner_verdict_checked_idx` ON `properties` (`created_by`,("ai_flag_reason" is not null),`ai_checked_at`);--> statement-breakpoint
CREATE INDEX `properties_owner_city_price_m2_idx` ON `properties` (`created_by`,`status`,`transaction_type`,`city`,("price" / "surface_area"));