CREATE TABLE `listing_decisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`user_id` text,
	`from_status` text NOT NULL,
	`to_status` text NOT NULL,
	`kind` text NOT NULL,
	`reason` text,
	`decided_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "listing_decisions_kind_check" CHECK("listing_decisions"."kind" in ('decision', 'correction', 'report')),
	CONSTRAINT "listing_decisions_to_status_check" CHECK("listing_decisions"."to_status" in ('active', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX `listing_decisions_listing_idx` ON `listing_decisions` (`listing_id`,`id`);--> statement-breakpoint
ALTER TABLE `import_jobs` ADD `warnings` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `property_owners` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `property_owners` ADD `fictitious` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `moderation_decisions_listing_idx` ON `moderation_decisions` (`listing_id`,`id`);--> statement-breakpoint
-- The decisions taken before this history existed: Valider / Blacklister on flagged listings.
INSERT INTO `listing_decisions` (listing_id, user_id, from_status, to_status, kind, decided_at)
SELECT listing_id, user_id, 'suspicious', decision, 'decision', decided_at FROM moderation_decisions ORDER BY id;
--> statement-breakpoint
-- Owners made up by the test tools so far all have an address under the reserved example.fr /
-- example.com domains (owners.server.ts): no real person can own one, so they are the fictitious ones.
UPDATE `property_owners` SET fictitious = 1 WHERE email LIKE '%@example.fr' OR email LIKE '%@example.com';
--> statement-breakpoint
-- Fictitious owners never leave the app (issue 24 item 3): the export joins real owners only.
-- Otherwise the view of 0016. The triggers read it by name, so they need no change.
DROP VIEW `export_listing_documents`;
--> statement-breakpoint
CREATE VIEW `export_listing_documents` AS
SELECT property_id, created_at, user_id, doc, owner_json,
  CASE WHEN owner_json IS NULL THEN NULL
    ELSE CAST(replace(CAST(doc AS TEXT), '"owner":' || owner_json, '"owner":null') AS BLOB) END AS public_doc
FROM (
SELECT p.id AS property_id, p.created_at AS created_at, p.created_by AS user_id,
  CASE WHEN o.id IS NULL THEN NULL
    ELSE json_object('first_name', o.first_name, 'last_name', o.last_name, 'email', o.email) END AS owner_json,
  CAST(json_object(
  'id', p.id, 'title', p.title, 'description', p.description,
  'price', iif(p.price = cast(p.price as integer), cast(p.price as integer), p.price),
  'property_type', p.property_type, 'transaction_type', p.transaction_type,
  'address', p.address, 'city', p.city, 'postal_code', p.postal_code,
  'surface_area', iif(p.surface_area = cast(p.surface_area as integer), cast(p.surface_area as integer), p.surface_area),
  'rooms', p.rooms, 'bedrooms', p.bedrooms, 'bathrooms', p.bathrooms,
  'images', json(case when json_valid(p.images) then p.images else '[]' end),
  'features', json(case when json_valid(p.features) then p.features else '[]' end),
  'property_charges', iif(p.property_charges = cast(p.property_charges as integer), cast(p.property_charges as integer), p.property_charges),
  'floor', p.floor, 'total_floors', p.total_floors,
  'year_built', p.year_built, 'energy_rating', p.energy_rating, 'source_url', p.source_url,
  'created_at', printf('%s.%03dZ', strftime('%Y-%m-%dT%H:%M:%S', p.created_at / 1000, 'unixepoch'), p.created_at % 1000),
  'owner', json(case when o.id is null then null
    else json_object('first_name', o.first_name, 'last_name', o.last_name, 'email', o.email) end),
  'status', p.status,
  'ai_checked_at', case when p.ai_checked_at is null then null
    else printf('%s.%03dZ', strftime('%Y-%m-%dT%H:%M:%S', p.ai_checked_at / 1000, 'unixepoch'), p.ai_checked_at % 1000) end,
  'ai_confidence', p.ai_confidence,
  'compliance', case when p.compliance_status is null then null
    else json_object('status', p.compliance_status,
      'checked_at', printf('%s.%03dZ', strftime('%Y-%m-%dT%H:%M:%S', p.compliance_checked_at / 1000, 'unixepoch'), p.compliance_checked_at % 1000),
      'findings', json((SELECT json_group_array(json_object('code', json_extract(f.value, '$.code'), 'message', json_extract(f.value, '$.message')))
        FROM json_each(case when json_valid(p.compliance_findings) then p.compliance_findings else '[]' end) f))) end) AS BLOB) AS doc
FROM properties p LEFT JOIN property_owners o ON o.property_id = p.id AND o.fictitious = 0
WHERE p.status = 'active' AND p.withdrawn_at IS NULL
);
--> statement-breakpoint
-- Listings whose owner was fictitious: their documents are rebuilt without it (an 'updated' event).
UPDATE `property_owners` SET fictitious = 1 WHERE fictitious = 1;
