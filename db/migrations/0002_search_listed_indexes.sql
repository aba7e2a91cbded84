DROP INDEX `listings_status_created_at_idx`;--> statement-breakpoint
DROP INDEX `listings_sport_status_created_at_idx`;--> statement-breakpoint
DROP INDEX `listings_status_price_cents_idx`;--> statement-breakpoint
DROP INDEX `listings_zip_code_idx`;--> statement-breakpoint
CREATE INDEX `listings_listed_created_at_idx` ON `listings` ("created_at" DESC,`id`,`user_id`) WHERE "status" in ('active', 'pending_pickup');--> statement-breakpoint
CREATE INDEX `listings_listed_sport_created_at_idx` ON `listings` (`sport`,"created_at" DESC,`id`,`user_id`,`zip_code`,`equipment_type`,`condition`,`sport_subcategory`) WHERE "status" in ('active', 'pending_pickup');--> statement-breakpoint
CREATE INDEX `listings_listed_price_cents_idx` ON `listings` (`price_cents`,"created_at" DESC,`id`,`user_id`) WHERE "status" in ('active', 'pending_pickup');--> statement-breakpoint
CREATE INDEX `listings_listed_sport_price_cents_idx` ON `listings` (`sport`,`price_cents`,"created_at" DESC,`id`,`user_id`,`zip_code`) WHERE "status" in ('active', 'pending_pickup');--> statement-breakpoint
CREATE INDEX `listings_listed_zip_code_idx` ON `listings` (`zip_code`,"created_at" DESC,`id`,`user_id`) WHERE "status" in ('active', 'pending_pickup');--> statement-breakpoint
CREATE INDEX `listings_listed_city_state_idx` ON `listings` ("city" COLLATE NOCASE,"state" COLLATE NOCASE,"created_at" DESC,`id`,`user_id`) WHERE "status" in ('active', 'pending_pickup');--> statement-breakpoint
CREATE INDEX `listing_clubs_listing_id_idx` ON `listing_clubs` (`listing_id`);