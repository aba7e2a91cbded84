CREATE TABLE `listing_match_queue` (
	`listing_id` text PRIMARY KEY NOT NULL,
	`enqueued_at` integer NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `request_matches` (
	`request_id` text NOT NULL,
	`listing_id` text NOT NULL,
	`user_id` text NOT NULL,
	`matched_at` integer NOT NULL,
	`seen_at` integer,
	PRIMARY KEY(`request_id`, `listing_id`),
	FOREIGN KEY (`request_id`) REFERENCES `club_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `request_matches_user_idx` ON `request_matches` (`user_id`,`seen_at`,`matched_at`);--> statement-breakpoint
CREATE INDEX `request_matches_listing_idx` ON `request_matches` (`listing_id`);--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`path` text NOT NULL,
	`query` text NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`emails` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "saved_searches_name" CHECK(length(trim("name", ' ' || char(9, 10, 13))) > 0 and length("name") <= 80),
	CONSTRAINT "saved_searches_path" CHECK("path" = '/' or "path" glob '/sport/[a-z]*'),
	CONSTRAINT "saved_searches_query" CHECK(length("query") <= 2000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_searches_user_path_query` ON `saved_searches` (`user_id`,`path`,`query`);--> statement-breakpoint
CREATE INDEX `saved_searches_active_idx` ON `saved_searches` (`paused`,`user_id`);--> statement-breakpoint
CREATE TABLE `search_matches` (
	`saved_search_id` text NOT NULL,
	`listing_id` text NOT NULL,
	`user_id` text NOT NULL,
	`matched_at` integer NOT NULL,
	`seen_at` integer,
	`emailed_at` integer,
	PRIMARY KEY(`saved_search_id`, `listing_id`),
	FOREIGN KEY (`saved_search_id`) REFERENCES `saved_searches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `search_matches_user_idx` ON `search_matches` (`user_id`,`seen_at`,`matched_at`);--> statement-breakpoint
CREATE INDEX `search_matches_listing_idx` ON `search_matches` (`listing_id`);--> statement-breakpoint
CREATE TABLE `mail_queue` (
	`id` text PRIMARY KEY NOT NULL,
	`dedupe_key` text NOT NULL,
	`user_id` text,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`headers` text,
	`created_at` integer NOT NULL,
	`claimed_until` integer,
	`sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_queue_dedupe_key` ON `mail_queue` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `mail_queue_unsent_idx` ON `mail_queue` (`created_at`) WHERE "sent_at" is null;--> statement-breakpoint
CREATE TABLE `notification_settings` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`mode` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_settings_kind" CHECK("kind" in ('messages', 'deals', 'clubs', 'matches', 'announcements')),
	CONSTRAINT "notification_settings_mode" CHECK("mode" in ('in_app', 'email_now', 'email_digest'))
);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text;