CREATE TABLE `export_documents` (
	`property_id` integer PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`doc` blob NOT NULL
);
--> statement-breakpoint
CREATE INDEX `export_documents_order_idx` ON `export_documents` (`created_at`,`property_id`);