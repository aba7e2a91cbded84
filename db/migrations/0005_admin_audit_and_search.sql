CREATE TABLE `admin_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text NOT NULL,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`target_label` text NOT NULL,
	`detail` text,
	`created_at` integer NOT NULL,
	CONSTRAINT "admin_audit_log_action" CHECK("action" in ('delete_user', 'delete_club', 'delete_listing')),
	CONSTRAINT "admin_audit_log_target_type" CHECK("target_type" in ('user', 'club', 'listing')),
	CONSTRAINT "admin_audit_log_detail_length" CHECK(length("detail") <= 4000)
);
--> statement-breakpoint
CREATE INDEX `admin_audit_log_created_at_idx` ON `admin_audit_log` ("created_at" DESC);--> statement-breakpoint
CREATE INDEX `profiles_first_name_nocase_idx` ON `profiles` ("first_name" COLLATE NOCASE,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_last_name_nocase_idx` ON `profiles` ("last_name" COLLATE NOCASE,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_display_name_nocase_idx` ON `profiles` ("display_name" COLLATE NOCASE,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_city_nocase_idx` ON `profiles` ("city" COLLATE NOCASE,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_state_idx` ON `profiles` (`state`,`user_id`);--> statement-breakpoint
CREATE INDEX `users_email_nocase_idx` ON `users` ("email" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` ("created_at" DESC);--> statement-breakpoint
-- Hand-added (ADR 044): the audit log is append-only. No UPDATE, no DELETE, by anyone.
CREATE TRIGGER `admin_audit_log_no_update` BEFORE UPDATE ON `admin_audit_log` BEGIN
	SELECT RAISE(ABORT, 'admin_audit_log is append-only');
END;--> statement-breakpoint
CREATE TRIGGER `admin_audit_log_no_delete` BEFORE DELETE ON `admin_audit_log` BEGIN
	SELECT RAISE(ABORT, 'admin_audit_log is append-only');
END;
