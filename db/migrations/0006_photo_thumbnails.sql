ALTER TABLE `listing_photos` ADD `thumb_key` text;--> statement-breakpoint
ALTER TABLE `listing_photos` ADD `thumb_width` integer;--> statement-breakpoint
ALTER TABLE `listing_photos` ADD `thumb_height` integer;--> statement-breakpoint
ALTER TABLE `listing_photos` ADD `thumb_byte_size` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `listing_photos_thumb_key_unique` ON `listing_photos` (`thumb_key`);--> statement-breakpoint
ALTER TABLE `photo_objects` ADD `thumb_key` text;--> statement-breakpoint
ALTER TABLE `photo_objects` ADD `thumb_width` integer;--> statement-breakpoint
ALTER TABLE `photo_objects` ADD `thumb_height` integer;--> statement-breakpoint
ALTER TABLE `photo_objects` ADD `thumb_byte_size` integer;