CREATE TABLE `club_roster_players` (
	`club_id` text NOT NULL,
	`player_id` text NOT NULL,
	`added_by` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`club_id`, `player_id`),
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `club_roster_players_player_idx` ON `club_roster_players` (`player_id`);--> statement-breakpoint
CREATE TABLE `outgrown_prompts` (
	`user_id` text NOT NULL,
	`player_id` text NOT NULL,
	`sport` text NOT NULL,
	`season_end` text NOT NULL,
	`stage` text NOT NULL,
	`created_at` integer NOT NULL,
	`seen_at` integer,
	PRIMARY KEY(`user_id`, `player_id`, `sport`, `season_end`, `stage`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "outgrown_prompts_stage" CHECK("stage" in ('soon', 'ended'))
);
--> statement-breakpoint
CREATE TABLE `player_guardians` (
	`player_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`player_id`, `user_id`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `player_guardians_user_idx` ON `player_guardians` (`user_id`,`player_id`);--> statement-breakpoint
CREATE TABLE `player_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`invited_by` text NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `player_invites_token_hash` ON `player_invites` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `player_invites_player_email` ON `player_invites` (`player_id`,`email`);--> statement-breakpoint
CREATE TABLE `player_sizes` (
	`player_id` text NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`measured_on` text NOT NULL,
	PRIMARY KEY(`player_id`, `kind`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "player_sizes_kind" CHECK("kind" in ('skate', 'shoe', 'helmet', 'glove', 'length', 'height')),
	CONSTRAINT "player_sizes_value" CHECK(length("value") between 1 and 20),
	CONSTRAINT "player_sizes_measured_on" CHECK("measured_on" glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
);
--> statement-breakpoint
CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`birth_year` integer NOT NULL,
	`sports` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "players_first_name" CHECK(length(trim("first_name")) between 1 and 20),
	CONSTRAINT "players_birth_year" CHECK("birth_year" between 2000 and 2100),
	CONSTRAINT "players_sports" CHECK(length("sports") <= 300)
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_away_mail_marks` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`last_mailed_at` integer NOT NULL,
	`covered_until` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "away_mail_marks_kind" CHECK("kind" in ('messages', 'deals', 'clubs', 'matches', 'announcements', 'price_drops', 'outgrown'))
);
--> statement-breakpoint
INSERT INTO `__new_away_mail_marks`("user_id", "kind", "last_mailed_at", "covered_until") SELECT "user_id", "kind", "last_mailed_at", "covered_until" FROM `away_mail_marks`;--> statement-breakpoint
DROP TABLE `away_mail_marks`;--> statement-breakpoint
ALTER TABLE `__new_away_mail_marks` RENAME TO `away_mail_marks`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE TABLE `__new_notification_settings` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`mode` text NOT NULL,
	`push` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_settings_kind" CHECK("kind" in ('messages', 'deals', 'clubs', 'matches', 'announcements', 'price_drops', 'outgrown')),
	CONSTRAINT "notification_settings_mode" CHECK("mode" in ('in_app', 'email_now', 'email_digest'))
);
--> statement-breakpoint
INSERT INTO `__new_notification_settings`("user_id", "kind", "mode", "push", "updated_at") SELECT "user_id", "kind", "mode", "push", "updated_at" FROM `notification_settings`;--> statement-breakpoint
DROP TABLE `notification_settings`;--> statement-breakpoint
ALTER TABLE `__new_notification_settings` RENAME TO `notification_settings`;