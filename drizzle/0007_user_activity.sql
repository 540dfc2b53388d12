ALTER TABLE `users` ADD `last_active_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `key_decisions_seen_at` integer;