-- Full-text search over listings (title, description, brand): spec 01 §7 suggestions and keyword
-- search. An external-content FTS5 index: the text lives once, in `listings`; the index is keyed by
-- the implicit rowid of `listings` (its primary key is text, so the table keeps a rowid — it must
-- never become WITHOUT ROWID). The triggers below keep the index in step with every insert, update
-- and delete, including deletes cascaded from users. See db/schema/README.md "Full-text search".
CREATE VIRTUAL TABLE `listings_fts` USING fts5(
	title,
	description,
	brand,
	content='listings',
	content_rowid='rowid',
	tokenize='unicode61 remove_diacritics 2',
	prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_insert` AFTER INSERT ON `listings` BEGIN
	INSERT INTO listings_fts(rowid, title, description, brand) VALUES (new.rowid, new.title, new.description, new.brand);
END;
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_delete` AFTER DELETE ON `listings` BEGIN
	INSERT INTO listings_fts(listings_fts, rowid, title, description, brand) VALUES ('delete', old.rowid, old.title, old.description, old.brand);
END;
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_update` AFTER UPDATE OF title, description, brand ON `listings` BEGIN
	INSERT INTO listings_fts(listings_fts, rowid, title, description, brand) VALUES ('delete', old.rowid, old.title, old.description, old.brand);
	INSERT INTO listings_fts(rowid, title, description, brand) VALUES (new.rowid, new.title, new.description, new.brand);
END;
--> statement-breakpoint
-- Index whatever is already there (nothing on a fresh database).
INSERT INTO listings_fts(listings_fts) VALUES ('rebuild');
