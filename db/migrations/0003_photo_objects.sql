CREATE TABLE `photo_objects` (
	`r2_key` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`content_type` text NOT NULL,
	`width` integer,
	`height` integer,
	`byte_size` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "photo_objects_state" CHECK("state" in ('pending', 'deleting')),
	CONSTRAINT "photo_objects_byte_size" CHECK("byte_size" between 0 and 10485760)
);
--> statement-breakpoint
CREATE INDEX `photo_objects_owner_id_state_idx` ON `photo_objects` (`owner_id`,`state`);--> statement-breakpoint
CREATE INDEX `photo_objects_state_created_at_idx` ON `photo_objects` (`state`,`created_at`);