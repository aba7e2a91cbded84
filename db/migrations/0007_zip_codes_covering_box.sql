DROP INDEX `zip_codes_latitude_idx`;--> statement-breakpoint
CREATE INDEX `zip_codes_latitude_longitude_zip_idx` ON `zip_codes` (`latitude`,`longitude`,`zip`);