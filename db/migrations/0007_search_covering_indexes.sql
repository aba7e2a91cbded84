DROP INDEX `listings_listed_zip_code_idx`;--> statement-breakpoint
CREATE INDEX `listings_listed_zip_audience_idx` ON `listings` (`zip_code`,`audience`,"created_at" DESC,`id`,`user_id`) WHERE "status" in ('active', 'pending_pickup');--> statement-breakpoint
DROP INDEX `zip_codes_latitude_idx`;--> statement-breakpoint
CREATE INDEX `zip_codes_latitude_longitude_zip_idx` ON `zip_codes` (`latitude`,`longitude`,`zip`);