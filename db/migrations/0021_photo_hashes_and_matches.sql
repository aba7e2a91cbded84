CREATE TABLE `photo_matches` (
	`id` text PRIMARY KEY NOT NULL,
	`listing_id` text NOT NULL,
	`photo_key` text NOT NULL,
	`matched_listing_id` text,
	`matched_photo_key` text NOT NULL,
	`matched_removed_id` text,
	`matched_owner_id` text NOT NULL,
	`matched_title` text NOT NULL,
	`distance` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "photo_matches_status" CHECK("status" in ('open', 'upheld', 'dismissed')),
	CONSTRAINT "photo_matches_distance" CHECK("distance" between 0 and 64)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `photo_matches_listing_photo_unique` ON `photo_matches` (`listing_id`,`photo_key`);--> statement-breakpoint
CREATE INDEX `photo_matches_status_created_at_idx` ON `photo_matches` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `removed_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`listing_id` text NOT NULL,
	`listing_title` text NOT NULL,
	`r2_key` text NOT NULL,
	`phash` text NOT NULL,
	`phash_b0` integer NOT NULL,
	`phash_b1` integer NOT NULL,
	`phash_b2` integer NOT NULL,
	`phash_b3` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `removed_photos_r2_key_unique` ON `removed_photos` (`r2_key`);--> statement-breakpoint
CREATE INDEX `removed_photos_phash_b0_idx` ON `removed_photos` (`phash_b0`);--> statement-breakpoint
CREATE INDEX `removed_photos_phash_b1_idx` ON `removed_photos` (`phash_b1`);--> statement-breakpoint
CREATE INDEX `removed_photos_phash_b2_idx` ON `removed_photos` (`phash_b2`);--> statement-breakpoint
CREATE INDEX `removed_photos_phash_b3_idx` ON `removed_photos` (`phash_b3`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_admin_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text NOT NULL,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`target_label` text NOT NULL,
	`detail` text,
	`reason` text,
	`report_id` text,
	`club_id` text,
	`created_at` integer NOT NULL,
	CONSTRAINT "admin_audit_log_action" CHECK("action" in ('delete_user', 'delete_club', 'delete_listing', 'delete_message', 'delete_item_request', 'dismiss_report', 'warn_user', 'suspend_user', 'lift_suspension', 'remove_member', 'hide_by_weight', 'silence_user', 'lift_silence', 'restore_content', 'appeal_upheld', 'appeal_denied', 'queue_photo_match', 'uphold_photo_match', 'dismiss_photo_match')),
	CONSTRAINT "admin_audit_log_target_type" CHECK("target_type" in ('user', 'club', 'listing', 'listing_message', 'club_message', 'direct_message', 'item_request', 'deal')),
	CONSTRAINT "admin_audit_log_detail_length" CHECK(length("detail") <= 4000),
	CONSTRAINT "admin_audit_log_reason_length" CHECK(length("reason") <= 1000)
);
--> statement-breakpoint
INSERT INTO `__new_admin_audit_log`("id", "actor_id", "actor_email", "action", "target_type", "target_id", "target_label", "detail", "reason", "report_id", "club_id", "created_at") SELECT "id", "actor_id", "actor_email", "action", "target_type", "target_id", "target_label", "detail", "reason", "report_id", "club_id", "created_at" FROM `admin_audit_log`;--> statement-breakpoint
DROP TABLE `admin_audit_log`;--> statement-breakpoint
ALTER TABLE `__new_admin_audit_log` RENAME TO `admin_audit_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `admin_audit_log_created_at_idx` ON `admin_audit_log` ("created_at" DESC);--> statement-breakpoint
CREATE INDEX `admin_audit_log_actor_idx` ON `admin_audit_log` (`actor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_log_target_idx` ON `admin_audit_log` (`target_type`,`target_id`);--> statement-breakpoint
ALTER TABLE `listing_photos` ADD `phash` text;--> statement-breakpoint
ALTER TABLE `listing_photos` ADD `phash_b0` integer;--> statement-breakpoint
ALTER TABLE `listing_photos` ADD `phash_b1` integer;--> statement-breakpoint
ALTER TABLE `listing_photos` ADD `phash_b2` integer;--> statement-breakpoint
ALTER TABLE `listing_photos` ADD `phash_b3` integer;--> statement-breakpoint
CREATE INDEX `listing_photos_phash_b0_idx` ON `listing_photos` (`phash_b0`);--> statement-breakpoint
CREATE INDEX `listing_photos_phash_b1_idx` ON `listing_photos` (`phash_b1`);--> statement-breakpoint
CREATE INDEX `listing_photos_phash_b2_idx` ON `listing_photos` (`phash_b2`);--> statement-breakpoint
CREATE INDEX `listing_photos_phash_b3_idx` ON `listing_photos` (`phash_b3`);--> statement-breakpoint
ALTER TABLE `photo_objects` ADD `phash` text;--> statement-breakpoint
ALTER TABLE `photo_objects` ADD `phash_b0` integer;--> statement-breakpoint
ALTER TABLE `photo_objects` ADD `phash_b1` integer;--> statement-breakpoint
ALTER TABLE `photo_objects` ADD `phash_b2` integer;--> statement-breakpoint
ALTER TABLE `photo_objects` ADD `phash_b3` integer;--> statement-breakpoint
-- Hand-edited (ADR 094): the index's DESC unquoted as in 0010; the rebuilt table (three new actions) is
-- append-only again, as 0005 and 0010 made it.
CREATE TRIGGER `admin_audit_log_no_update` BEFORE UPDATE ON `admin_audit_log` BEGIN
	SELECT RAISE(ABORT, 'admin_audit_log is append-only');
END;--> statement-breakpoint
CREATE TRIGGER `admin_audit_log_no_delete` BEFORE DELETE ON `admin_audit_log` BEGIN
	SELECT RAISE(ABORT, 'admin_audit_log is append-only');
END;
