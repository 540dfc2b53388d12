-- Free-text search of /properties over title, description, city and address.
-- External-content FTS5 index on properties' rowid (its INTEGER PRIMARY KEY), kept in sync by triggers.
CREATE VIRTUAL TABLE `properties_fts` USING fts5(title, description, city, address, content='properties', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `properties_fts_insert` AFTER INSERT ON `properties` BEGIN
  INSERT INTO properties_fts(rowid, title, description, city, address) VALUES (new.id, new.title, new.description, new.city, new.address);
END;
--> statement-breakpoint
CREATE TRIGGER `properties_fts_delete` AFTER DELETE ON `properties` BEGIN
  INSERT INTO properties_fts(properties_fts, rowid, title, description, city, address) VALUES ('delete', old.id, old.title, old.description, old.city, old.address);
END;
--> statement-breakpoint
CREATE TRIGGER `properties_fts_update` AFTER UPDATE OF title, description, city, address ON `properties` BEGIN
  INSERT INTO properties_fts(properties_fts, rowid, title, description, city, address) VALUES ('delete', old.id, old.title, old.description, old.city, old.address);
  INSERT INTO properties_fts(rowid, title, description, city, address) VALUES (new.id, new.title, new.description, new.city, new.address);
END;
