-- Hand-edited (ADR 026): drizzle-kit recreates `listings` to add a CHECK, which would drop the FTS
-- triggers and renumber rowids (db/schema/README.md "Full-text search"). SQLite can add a column with
-- a column CHECK in place, so that is what this does; the snapshot still describes the same schema.
ALTER TABLE `listings` ADD `audience` text DEFAULT 'public' NOT NULL CONSTRAINT "listings_audience" CHECK("audience" in ('public', 'clubs'));--> statement-breakpoint
-- Backfill: a listing linked to any club was club-only (the old rule); everything else was public.
UPDATE `listings` SET `audience` = 'clubs' WHERE EXISTS (SELECT 1 FROM `listing_clubs` lc WHERE lc.`listing_id` = `listings`.`id`);--> statement-breakpoint
-- Linking a listing to a club makes it club-only, whoever writes the row (app, seed, tests); removing
-- the link never makes it public again — only the seller's form sets 'public'.
CREATE TRIGGER `listing_clubs_audience` AFTER INSERT ON `listing_clubs` BEGIN
	UPDATE `listings` SET `audience` = 'clubs' WHERE `id` = new.`listing_id` AND `audience` <> 'clubs';
END;--> statement-breakpoint
-- The listed indexes also carry `audience`, the column the visibility rule reads (ADR 010, 026).
DROP INDEX `listings_listed_created_at_idx`;--> statement-breakpoint
DROP INDEX `listings_listed_sport_created_at_idx`;--> statement-breakpoint
DROP INDEX `listings_listed_price_cents_idx`;--> statement-breakpoint
DROP INDEX `listings_listed_sport_price_cents_idx`;--> statement-breakpoint
DROP INDEX `listings_listed_zip_code_idx`;--> statement-breakpoint
DROP INDEX `listings_listed_city_state_idx`;--> statement-breakpoint
CREATE INDEX `listings_listed_created_at_idx` ON `listings` ("created_at" DESC,`id`,`user_id`,`audience`) WHERE "status" in ('active', 'pending_pickup');--> statement-breakpoint
CREATE INDEX `listings_listed_sport_created_at_idx` ON `listings` (`sport`,"created_at" DESC,`id`,`user_id`,`audience`,`zip_code`,`equipment_type`,`condition`,`sport_subcategory`) WHERE "status" in ('active', 'pending_pickup');--> statement-breakpoint
CREATE INDEX `listings_listed_price_cents_idx` ON `listings` (`price_cents`,"created_at" DESC,`id`,`user_id`,`audience`) WHERE "status" in ('active', 'pending_pickup');--> statement-breakpoint
CREATE INDEX `listings_listed_sport_price_cents_idx` ON `listings` (`sport`,`price_cents`,"created_at" DESC,`id`,`user_id`,`audience`,`zip_code`) WHERE "status" in ('active', 'pending_pickup');--> statement-breakpoint
CREATE INDEX `listings_listed_zip_code_idx` ON `listings` (`zip_code`,"created_at" DESC,`id`,`user_id`,`audience`) WHERE "status" in ('active', 'pending_pickup');--> statement-breakpoint
CREATE INDEX `listings_listed_city_state_idx` ON `listings` ("city" COLLATE NOCASE,"state" COLLATE NOCASE,"created_at" DESC,`id`,`user_id`,`audience`) WHERE "status" in ('active', 'pending_pickup');--> statement-breakpoint
-- One owner per club (ADR 025).
CREATE UNIQUE INDEX `club_members_one_owner_per_club` ON `club_members` (`club_id`) WHERE "role" = 'owner';
