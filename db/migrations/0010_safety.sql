CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`reporter_id` text,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`target_user_id` text,
	`club_id` text,
	`excerpt` text,
	`reason` text NOT NULL,
	`details` text,
	`status` text DEFAULT 'open' NOT NULL,
	`outcome` text,
	`handled_by` text,
	`handled_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reports_target_type" CHECK("target_type" in ('listing', 'listing_message', 'club_message', 'direct_message', 'item_request', 'deal', 'club', 'user')),
	CONSTRAINT "reports_reason" CHECK("reason" in ('scam', 'prohibited', 'harassment', 'inappropriate', 'no_show', 'other')),
	CONSTRAINT "reports_status" CHECK("status" in ('open', 'closed')),
	CONSTRAINT "reports_outcome" CHECK("outcome" in ('dismissed', 'removed', 'warned', 'suspended', 'deleted', 'member_removed', 'target_gone')),
	CONSTRAINT "reports_details" CHECK("details" is null or length("details") <= 1000),
	CONSTRAINT "reports_other_has_details" CHECK("reason" <> 'other' or length(trim(coalesce("details", ''))) > 0),
	CONSTRAINT "reports_excerpt" CHECK("excerpt" is null or length("excerpt") <= 2000),
	CONSTRAINT "reports_closed_has_outcome" CHECK(("status" = 'open' and "outcome" is null) or ("status" = 'closed' and "outcome" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_one_open_per_reporter` ON `reports` (`reporter_id`,`target_type`,`target_id`) WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX `reports_target_idx` ON `reports` (`target_type`,`target_id`,`status`);--> statement-breakpoint
CREATE INDEX `reports_status_created_at_idx` ON `reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_target_user_idx` ON `reports` (`target_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_reporter_idx` ON `reports` (`reporter_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_club_idx` ON `reports` (`club_id`,`status`);--> statement-breakpoint
CREATE TABLE `suspensions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`reason` text NOT NULL,
	`ends_at` integer,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`lifted_at` integer,
	`lifted_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "suspensions_reason" CHECK("reason" in ('scam', 'prohibited', 'harassment', 'inappropriate', 'no_show', 'other'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `suspensions_one_unlifted` ON `suspensions` (`user_id`) WHERE "lifted_at" is null;--> statement-breakpoint
CREATE INDEX `suspensions_user_idx` ON `suspensions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `user_blocks` (
	`blocker_id` text NOT NULL,
	`blocked_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_blocks_not_self" CHECK("blocker_id" <> "blocked_id")
);
--> statement-breakpoint
CREATE INDEX `user_blocks_blocked_idx` ON `user_blocks` (`blocked_id`,`blocker_id`);--> statement-breakpoint
CREATE TABLE `warnings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`reason` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`seen_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "warnings_reason" CHECK("reason" in ('scam', 'prohibited', 'harassment', 'inappropriate', 'no_show', 'other'))
);
--> statement-breakpoint
CREATE INDEX `warnings_user_idx` ON `warnings` (`user_id`,`seen_at`);--> statement-breakpoint
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
	CONSTRAINT "admin_audit_log_action" CHECK("action" in ('delete_user', 'delete_club', 'delete_listing', 'delete_message', 'delete_item_request', 'dismiss_report', 'warn_user', 'suspend_user', 'lift_suspension', 'remove_member')),
	CONSTRAINT "admin_audit_log_target_type" CHECK("target_type" in ('user', 'club', 'listing', 'listing_message', 'club_message', 'direct_message', 'item_request', 'deal')),
	CONSTRAINT "admin_audit_log_detail_length" CHECK(length("detail") <= 4000),
	CONSTRAINT "admin_audit_log_reason_length" CHECK(length("reason") <= 1000)
);
--> statement-breakpoint
INSERT INTO `__new_admin_audit_log`("id", "actor_id", "actor_email", "action", "target_type", "target_id", "target_label", "detail", "reason", "report_id", "club_id", "created_at") SELECT "id", "actor_id", "actor_email", "action", "target_type", "target_id", "target_label", "detail", NULL, NULL, NULL, "created_at" FROM `admin_audit_log`;--> statement-breakpoint
DROP TABLE `admin_audit_log`;--> statement-breakpoint
ALTER TABLE `__new_admin_audit_log` RENAME TO `admin_audit_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `admin_audit_log_created_at_idx` ON `admin_audit_log` ("created_at" DESC);--> statement-breakpoint
CREATE INDEX `admin_audit_log_actor_idx` ON `admin_audit_log` (`actor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_log_target_idx` ON `admin_audit_log` (`target_type`,`target_id`);--> statement-breakpoint
-- Hand-edited (ADR 069): drizzle-kit selected the three new columns from the old table; they are NULL
-- for earlier entries. Hand-added: the rebuilt table is append-only again, as 0005 made it. (DROP TABLE
-- fires no DELETE trigger: SQLite's implicit DELETE FROM runs no triggers.)
CREATE TRIGGER `admin_audit_log_no_update` BEFORE UPDATE ON `admin_audit_log` BEGIN
	SELECT RAISE(ABORT, 'admin_audit_log is append-only');
END;--> statement-breakpoint
CREATE TRIGGER `admin_audit_log_no_delete` BEFORE DELETE ON `admin_audit_log` BEGIN
	SELECT RAISE(ABORT, 'admin_audit_log is append-only');
END;
