CREATE TABLE `gear_items` (
	`id` text PRIMARY KEY NOT NULL,
	`club_id` text NOT NULL,
	`title` text NOT NULL,
	`sport` text NOT NULL,
	`equipment_type` text NOT NULL,
	`condition` text NOT NULL,
	`tag_code` text NOT NULL,
	`notes` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "gear_items_title" CHECK(length(trim("title", ' ' || char(9, 10, 13))) > 0 and length("title") <= 100),
	CONSTRAINT "gear_items_type" CHECK(length(trim("equipment_type", ' ' || char(9, 10, 13))) > 0 and length("equipment_type") <= 60),
	CONSTRAINT "gear_items_condition" CHECK("condition" in ('new', 'like-new', 'gently-used', 'well-worn')),
	CONSTRAINT "gear_items_sport" CHECK("sport" in ('baseball', 'basketball', 'cycling', 'field-hockey', 'figure-skating', 'fitness', 'football', 'golf', 'hike-camp', 'hockey', 'inline-roller', 'lacrosse', 'skiing', 'snowboarding', 'soccer', 'softball', 'tennis')),
	CONSTRAINT "gear_items_tag_code" CHECK(length("tag_code") between 2 and 12 and "tag_code" not glob '*[^A-Z0-9-]*'),
	CONSTRAINT "gear_items_notes" CHECK("notes" is null or length("notes") <= 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gear_items_club_tag_code_idx` ON `gear_items` (`club_id`,`tag_code`);--> statement-breakpoint
CREATE INDEX `gear_items_club_sport_idx` ON `gear_items` (`club_id`,`sport`,`equipment_type`);--> statement-breakpoint
CREATE TABLE `gear_loans` (
	`id` text PRIMARY KEY NOT NULL,
	`club_id` text NOT NULL,
	`unit_id` text NOT NULL,
	`request_id` text,
	`user_id` text,
	`checked_out_by` text,
	`out_at` integer NOT NULL,
	`due_at` integer NOT NULL,
	`condition_out` text NOT NULL,
	`deposit` text,
	`checked_in_at` integer,
	`checked_in_by` text,
	`condition_in` text,
	`damage_notes` text,
	`due_soon_sent_at` integer,
	`overdue_sent_at` integer,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unit_id`) REFERENCES `gear_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `gear_requests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`checked_out_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`checked_in_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "gear_loans_condition_out" CHECK("condition_out" in ('new', 'like-new', 'gently-used', 'well-worn')),
	CONSTRAINT "gear_loans_condition_in" CHECK("condition_in" in ('new', 'like-new', 'gently-used', 'well-worn')),
	CONSTRAINT "gear_loans_deposit" CHECK("deposit" is null or length("deposit") <= 100),
	CONSTRAINT "gear_loans_damage_notes" CHECK("damage_notes" is null or length("damage_notes") <= 1000),
	CONSTRAINT "gear_loans_due_after_out" CHECK("due_at" > "out_at"),
	CONSTRAINT "gear_loans_check_in" CHECK(("checked_in_at" is null and "condition_in" is null) or ("checked_in_at" is not null and "condition_in" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gear_loans_one_open_per_unit_idx` ON `gear_loans` (`unit_id`) WHERE "checked_in_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `gear_loans_request_idx` ON `gear_loans` (`request_id`) WHERE "request_id" is not null;--> statement-breakpoint
CREATE INDEX `gear_loans_club_open_due_idx` ON `gear_loans` (`club_id`,`checked_in_at`,`due_at`);--> statement-breakpoint
CREATE INDEX `gear_loans_unit_out_idx` ON `gear_loans` (`unit_id`,`out_at`);--> statement-breakpoint
CREATE INDEX `gear_loans_user_idx` ON `gear_loans` (`user_id`,`checked_in_at`);--> statement-breakpoint
CREATE INDEX `gear_loans_due_idx` ON `gear_loans` (`due_at`) WHERE "checked_in_at" is null;--> statement-breakpoint
CREATE TABLE `gear_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`club_id` text NOT NULL,
	`item_id` text NOT NULL,
	`size_rank` integer NOT NULL,
	`user_id` text,
	`period` text NOT NULL,
	`from_date` text,
	`to_date` text,
	`status` text DEFAULT 'waiting' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `gear_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "gear_requests_status" CHECK("status" in ('waiting', 'lent', 'withdrawn')),
	CONSTRAINT "gear_requests_period" CHECK("period" in ('season', 'dates')),
	CONSTRAINT "gear_requests_dates" CHECK(("period" = 'season' and "from_date" is null and "to_date" is null) or ("period" = 'dates' and "from_date" is not null and "to_date" >= "from_date"))
);
--> statement-breakpoint
CREATE INDEX `gear_requests_queue_idx` ON `gear_requests` (`item_id`,`size_rank`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `gear_requests_user_idx` ON `gear_requests` (`user_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `gear_requests_one_waiting_idx` ON `gear_requests` (`item_id`,`size_rank`,`user_id`) WHERE "status" = 'waiting';--> statement-breakpoint
CREATE TABLE `gear_units` (
	`id` text PRIMARY KEY NOT NULL,
	`club_id` text NOT NULL,
	`item_id` text NOT NULL,
	`size` text NOT NULL,
	`size_rank` integer NOT NULL,
	`number` integer NOT NULL,
	`code` text NOT NULL,
	`condition` text NOT NULL,
	`retired_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `gear_items`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "gear_units_size" CHECK(length(trim("size", ' ' || char(9, 10, 13))) > 0 and length("size") <= 20),
	CONSTRAINT "gear_units_condition" CHECK("condition" in ('new', 'like-new', 'gently-used', 'well-worn')),
	CONSTRAINT "gear_units_number" CHECK("number" between 1 and 500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gear_units_club_code_idx` ON `gear_units` (`club_id`,`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `gear_units_item_number_idx` ON `gear_units` (`item_id`,`number`);--> statement-breakpoint
CREATE INDEX `gear_units_item_size_idx` ON `gear_units` (`item_id`,`size_rank`,`number`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_club_members` (
	`id` text PRIMARY KEY NOT NULL,
	`club_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`status` text NOT NULL,
	`approval_notified` integer DEFAULT false NOT NULL,
	`approved_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "club_members_role" CHECK("role" in ('owner', 'admin', 'equipment_manager', 'member')),
	CONSTRAINT "club_members_status" CHECK("status" in ('active', 'pending'))
);
--> statement-breakpoint
INSERT INTO `__new_club_members`("id", "club_id", "user_id", "role", "status", "approval_notified", "approved_at", "created_at") SELECT "id", "club_id", "user_id", "role", "status", "approval_notified", "approved_at", "created_at" FROM `club_members`;--> statement-breakpoint
DROP TABLE `club_members`;--> statement-breakpoint
ALTER TABLE `__new_club_members` RENAME TO `club_members`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `club_members_club_id_user_id_unique` ON `club_members` (`club_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `club_members_club_id_status_idx` ON `club_members` (`club_id`,`status`);--> statement-breakpoint
CREATE INDEX `club_members_user_id_status_idx` ON `club_members` (`user_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `club_members_one_owner_per_club` ON `club_members` (`club_id`) WHERE "role" = 'owner';