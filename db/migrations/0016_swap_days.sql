CREATE TABLE `swap_day_checkins` (
	`item_id` text PRIMARY KEY NOT NULL,
	`checked_in_at` integer NOT NULL,
	`checked_in_by` text,
	`checked_out_at` integer,
	`checked_out_by` text,
	FOREIGN KEY (`item_id`) REFERENCES `swap_day_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`checked_in_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`checked_out_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `swap_day_group_items` (
	`group_id` text NOT NULL,
	`item_id` text NOT NULL,
	PRIMARY KEY(`group_id`, `item_id`),
	FOREIGN KEY (`group_id`) REFERENCES `swap_day_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `swap_day_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `swap_day_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`swap_day_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`swap_day_id`) REFERENCES `swap_days`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "swap_day_groups_name" CHECK(length(trim("name", ' ' || char(9, 10, 13))) > 0 and length("name") <= 60)
);
--> statement-breakpoint
CREATE INDEX `swap_day_groups_owner_idx` ON `swap_day_groups` (`swap_day_id`,`owner_id`);--> statement-breakpoint
CREATE TABLE `swap_day_items` (
	`id` text PRIMARY KEY NOT NULL,
	`swap_day_id` text NOT NULL,
	`listing_id` text,
	`owner_id` text NOT NULL,
	`code` text NOT NULL,
	`title` text NOT NULL,
	`price_cents` integer NOT NULL,
	`add_up_to_cents` integer,
	`need_back_cents` integer,
	`status` text DEFAULT 'offered' NOT NULL,
	`removed_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`swap_day_id`) REFERENCES `swap_days`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "swap_day_items_status" CHECK("status" in ('offered', 'withdrawn', 'removed', 'traded', 'untraded')),
	CONSTRAINT "swap_day_items_code_shape" CHECK(length("code") between 3 and 8 and "code" not glob '*[^A-Z0-9]*'),
	CONSTRAINT "swap_day_items_price" CHECK("price_cents" between 0 and 10000000),
	CONSTRAINT "swap_day_items_add_up_to" CHECK("add_up_to_cents" is null or "add_up_to_cents" between 0 and 10000000),
	CONSTRAINT "swap_day_items_need_back" CHECK("need_back_cents" is null or "need_back_cents" between 0 and 10000000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `swap_day_items_code` ON `swap_day_items` (`swap_day_id`,`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `swap_day_items_one_per_listing` ON `swap_day_items` (`swap_day_id`,`listing_id`) WHERE "listing_id" is not null;--> statement-breakpoint
CREATE INDEX `swap_day_items_owner_idx` ON `swap_day_items` (`owner_id`,`swap_day_id`);--> statement-breakpoint
CREATE INDEX `swap_day_items_listing_idx` ON `swap_day_items` (`listing_id`);--> statement-breakpoint
CREATE TABLE `swap_day_ring_steps` (
	`ring_id` text NOT NULL,
	`position` integer NOT NULL,
	`item_id` text NOT NULL,
	`receives_item_id` text NOT NULL,
	`cash_cents` integer DEFAULT 0 NOT NULL,
	`confirmed_at` integer,
	PRIMARY KEY(`ring_id`, `position`),
	FOREIGN KEY (`ring_id`) REFERENCES `swap_day_rings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `swap_day_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receives_item_id`) REFERENCES `swap_day_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `swap_day_ring_steps_item` ON `swap_day_ring_steps` (`item_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `swap_day_ring_steps_receives` ON `swap_day_ring_steps` (`receives_item_id`);--> statement-breakpoint
CREATE TABLE `swap_day_rings` (
	`id` text PRIMARY KEY NOT NULL,
	`swap_day_id` text NOT NULL,
	`number` integer NOT NULL,
	`status` text DEFAULT 'proposed' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`swap_day_id`) REFERENCES `swap_days`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "swap_day_rings_status" CHECK("status" in ('proposed', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `swap_day_rings_number` ON `swap_day_rings` (`swap_day_id`,`number`);--> statement-breakpoint
CREATE TABLE `swap_day_wants` (
	`item_id` text NOT NULL,
	`wanted_item_id` text,
	`wanted_group_id` text,
	`rank` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `swap_day_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`wanted_item_id`) REFERENCES `swap_day_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`wanted_group_id`) REFERENCES `swap_day_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "swap_day_wants_one_target" CHECK(("wanted_item_id" is null) <> ("wanted_group_id" is null)),
	CONSTRAINT "swap_day_wants_not_itself" CHECK("wanted_item_id" is null or "wanted_item_id" <> "item_id"),
	CONSTRAINT "swap_day_wants_rank" CHECK("rank" between 1 and 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `swap_day_wants_item` ON `swap_day_wants` (`item_id`,`wanted_item_id`) WHERE "wanted_item_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `swap_day_wants_group` ON `swap_day_wants` (`item_id`,`wanted_group_id`) WHERE "wanted_group_id" is not null;--> statement-breakpoint
CREATE INDEX `swap_day_wants_wanted_idx` ON `swap_day_wants` (`wanted_item_id`);--> statement-breakpoint
CREATE TABLE `swap_days` (
	`id` text PRIMARY KEY NOT NULL,
	`club_id` text NOT NULL,
	`created_by` text,
	`name` text NOT NULL,
	`place` text NOT NULL,
	`mode` text NOT NULL,
	`items_open_at` integer NOT NULL,
	`wants_open_at` integer NOT NULL,
	`lists_close_at` integer NOT NULL,
	`results_at` integer NOT NULL,
	`handover_at` integer NOT NULL,
	`closes_at` integer NOT NULL,
	`seed` integer NOT NULL,
	`announcement_id` text,
	`frozen_at` integer,
	`solved_at` integer,
	`solve_token` text,
	`input_checksum` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`announcement_id`) REFERENCES `club_messages`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "swap_days_name" CHECK(length(trim("name", ' ' || char(9, 10, 13))) > 0 and length("name") <= 100),
	CONSTRAINT "swap_days_place" CHECK(length(trim("place", ' ' || char(9, 10, 13))) > 0 and length("place") <= 200),
	CONSTRAINT "swap_days_mode" CHECK("mode" in ('table', 'meetup')),
	CONSTRAINT "swap_days_phase_order" CHECK("items_open_at" <= "wants_open_at" and "wants_open_at" < "lists_close_at"
        and "lists_close_at" <= "results_at" and "results_at" <= "handover_at"
        and "handover_at" < "closes_at"),
	CONSTRAINT "swap_days_seed" CHECK("seed" between 1 and 2147483647)
);
--> statement-breakpoint
CREATE INDEX `swap_days_club_id_handover_idx` ON `swap_days` (`club_id`,`handover_at`);