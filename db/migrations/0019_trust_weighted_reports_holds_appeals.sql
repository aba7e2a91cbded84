CREATE TABLE `appeals` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`subject` text NOT NULL,
	`decision_id` text NOT NULL,
	`decided_by` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`judge_id` text,
	`judged_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "appeals_subject" CHECK("subject" in ('hold', 'suspension', 'silence', 'removal')),
	CONSTRAINT "appeals_status" CHECK("status" in ('open', 'upheld', 'denied')),
	CONSTRAINT "appeals_text" CHECK(length(trim("text")) > 0 and length("text") <= 2000),
	CONSTRAINT "appeals_other_judge" CHECK("judge_id" is null or "judge_id" <> "decided_by")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `appeals_one_per_decision` ON `appeals` (`subject`,`decision_id`);--> statement-breakpoint
CREATE INDEX `appeals_status_idx` ON `appeals` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `held_content` (
	`id` text PRIMARY KEY NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`target_user_id` text,
	`report_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`released_at` integer,
	`released_by` text,
	`outcome` text,
	CONSTRAINT "held_content_target_type" CHECK("target_type" in ('listing', 'listing_message', 'club_message', 'item_request')),
	CONSTRAINT "held_content_outcome" CHECK("outcome" in ('restored', 'removed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `held_content_one_unreleased` ON `held_content` (`target_type`,`target_id`) WHERE "released_at" is null;--> statement-breakpoint
CREATE INDEX `held_content_user_idx` ON `held_content` (`target_user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `silences` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`report_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`lifted_at` integer,
	`lifted_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `silences_one_unlifted` ON `silences` (`user_id`) WHERE "lifted_at" is null;--> statement-breakpoint
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
	CONSTRAINT "admin_audit_log_action" CHECK("action" in ('delete_user', 'delete_club', 'delete_listing', 'delete_message', 'delete_item_request', 'dismiss_report', 'warn_user', 'suspend_user', 'lift_suspension', 'remove_member', 'hide_by_weight', 'silence_user', 'lift_silence', 'restore_content', 'appeal_upheld', 'appeal_denied')),
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
ALTER TABLE `users` ADD `vouched_at` integer;--> statement-breakpoint
ALTER TABLE `listing_messages` ADD `scam_signal` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `weight` real DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Hand-added (ADR 095, as 0010 did): the rebuilt audit log is append-only again. (DROP TABLE fires no
-- DELETE trigger: SQLite's implicit DELETE FROM runs no triggers.)
CREATE TRIGGER `admin_audit_log_no_update` BEFORE UPDATE ON `admin_audit_log` BEGIN
	SELECT RAISE(ABORT, 'admin_audit_log is append-only');
END;--> statement-breakpoint
CREATE TRIGGER `admin_audit_log_no_delete` BEFORE DELETE ON `admin_audit_log` BEGIN
	SELECT RAISE(ABORT, 'admin_audit_log is append-only');
END;