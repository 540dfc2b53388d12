CREATE TABLE `api_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`platform_type` text NOT NULL,
	`api_type` text NOT NULL,
	`api_endpoint` text NOT NULL,
	`api_key_cipher` text,
	`config` text,
	`status` text DEFAULT 'inactive' NOT NULL,
	`status_message` text,
	`total_synced` integer DEFAULT 0 NOT NULL,
	`last_sync` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` text NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "api_connections_type_check" CHECK("api_connections"."api_type" in ('import', 'export')),
	CONSTRAINT "api_connections_status_check" CHECK("api_connections"."status" in ('active', 'inactive', 'error'))
);
--> statement-breakpoint
CREATE INDEX `api_connections_owner_idx` ON `api_connections` (`created_by`,`created_at`);--> statement-breakpoint
CREATE TABLE `api_key_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`company_name` text NOT NULL,
	`description` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`reviewed_by` text,
	`reviewed_at` integer,
	`rejection_reason` text,
	`export_key_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`export_key_id`) REFERENCES `export_api_keys`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "api_key_requests_status_check" CHECK("api_key_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX `api_key_requests_user_idx` ON `api_key_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `api_key_requests_status_idx` ON `api_key_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `api_usage_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`api_key_id` text,
	`user_id` text NOT NULL,
	`properties_count` integer NOT NULL,
	`limit_requested` integer,
	`offset_requested` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`api_key_id`) REFERENCES `export_api_keys`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `api_usage_logs_user_created_idx` ON `api_usage_logs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `api_usage_logs_created_idx` ON `api_usage_logs` (`created_at`);--> statement-breakpoint
CREATE TABLE `export_api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`key_hash` text NOT NULL,
	`key_cipher` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`status` text DEFAULT 'active' NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "export_api_keys_status_check" CHECK("export_api_keys"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `export_api_keys_key_hash_unique` ON `export_api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `export_api_keys_user_idx` ON `export_api_keys` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `import_jobs` (
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
	`source` text NOT NULL,
	`connection_id` text,
	`params` text,
	`current_page` integer DEFAULT 0 NOT NULL,
	`total_pages` integer DEFAULT 0 NOT NULL,
	`imported` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`total_processed` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `api_connections`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "import_jobs_status_check" CHECK("import_jobs"."status" in ('pending', 'processing', 'completed', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `import_jobs_user_idx` ON `import_jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `import_jobs_status_idx` ON `import_jobs` (`status`);--> statement-breakpoint
CREATE TABLE `moderation_jobs` (
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
	`mode` text NOT NULL,
	`params` text,
	`batches` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`moderated` integer DEFAULT 0 NOT NULL,
	`flagged` integer DEFAULT 0 NOT NULL,
	`remaining` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "moderation_jobs_status_check" CHECK("moderation_jobs"."status" in ('pending', 'processing', 'completed', 'failed', 'cancelled')),
	CONSTRAINT "moderation_jobs_mode_check" CHECK("moderation_jobs"."mode" in ('pending', 'ids', 'reanalyze'))
);
--> statement-breakpoint
CREATE INDEX `moderation_jobs_user_idx` ON `moderation_jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `moderation_jobs_status_idx` ON `moderation_jobs` (`status`);--> statement-breakpoint
CREATE TABLE `passwords` (
	`user_id` text PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`full_name` text NOT NULL,
	`company_name` text,
	`email` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `properties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`price` real,
	`property_type` text,
	`address` text,
	`city` text,
	`postal_code` text,
	`surface_area` real,
	`rooms` integer,
	`bedrooms` integer,
	`bathrooms` integer,
	`images` text DEFAULT '[]' NOT NULL,
	`source_url` text,
	`source_platform` text NOT NULL,
	`source_platform_id` text,
	`source_origin` text,
	`transaction_type` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`ai_checked_at` integer,
	`ai_flag_reason` text,
	`ai_confidence` real,
	`property_charges` real,
	`features` text DEFAULT '[]' NOT NULL,
	`floor` integer,
	`total_floors` integer,
	`year_built` integer,
	`energy_rating` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` text NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "properties_status_check" CHECK("properties"."status" in ('pending', 'suspicious', 'active', 'rejected')),
	CONSTRAINT "properties_transaction_check" CHECK("properties"."transaction_type" in ('sale', 'rental')),
	CONSTRAINT "properties_confidence_check" CHECK("properties"."ai_confidence" is null or ("properties"."ai_confidence" >= 0 and "properties"."ai_confidence" <= 1))
);
--> statement-breakpoint
CREATE INDEX `properties_owner_status_created_idx` ON `properties` (`created_by`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `properties_owner_created_idx` ON `properties` (`created_by`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `properties_owner_city_idx` ON `properties` (`created_by`,`city`);--> statement-breakpoint
CREATE INDEX `properties_owner_type_idx` ON `properties` (`created_by`,`property_type`);--> statement-breakpoint
CREATE INDEX `properties_owner_status_confidence_idx` ON `properties` (`created_by`,`status`,`ai_confidence`);--> statement-breakpoint
CREATE INDEX `properties_owner_platform_idx` ON `properties` (`created_by`,`source_platform`);--> statement-breakpoint
CREATE UNIQUE INDEX `properties_source_unique_idx` ON `properties` (`created_by`,`source_platform`,`source_platform_id`);--> statement-breakpoint
CREATE INDEX `properties_status_created_idx` ON `properties` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `properties_created_idx` ON `properties` (`created_at`);--> statement-breakpoint
CREATE TABLE `property_owners` (
	`id` text PRIMARY KEY NOT NULL,
	`property_id` integer NOT NULL,
	`first_name` text,
	`last_name` text,
	`email` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `property_owners_property_id_unique` ON `property_owners` (`property_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expiry_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	PRIMARY KEY(`user_id`, `role`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_roles_role_check" CHECK("user_roles"."role" in ('admin', 'user'))
);
--> statement-breakpoint
CREATE TABLE `user_statistics` (
	`user_id` text PRIMARY KEY NOT NULL,
	`properties_exported` integer DEFAULT 0 NOT NULL,
	`last_import_date` integer,
	`last_export_date` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);