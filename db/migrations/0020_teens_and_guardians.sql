CREATE TABLE `guardian_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`teen_id` text NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`teen_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "guardian_invites_email_normalized" CHECK("email" = lower(trim("email")) and length("email") between 3 and 255)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guardian_invites_token_hash_unique` ON `guardian_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `guardian_invites_teen_idx` ON `guardian_invites` (`teen_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `guardian_links` (
	`id` text PRIMARY KEY NOT NULL,
	`teen_id` text NOT NULL,
	`guardian_id` text NOT NULL,
	`invite_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`unlinked_at` integer,
	FOREIGN KEY (`teen_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guardian_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invite_id`) REFERENCES `guardian_invites`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "guardian_links_not_self" CHECK("teen_id" <> "guardian_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guardian_links_invite_unique` ON `guardian_links` (`invite_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `guardian_links_one_live_per_pair` ON `guardian_links` (`teen_id`,`guardian_id`) WHERE "unlinked_at" is null;--> statement-breakpoint
CREATE INDEX `guardian_links_guardian_idx` ON `guardian_links` (`guardian_id`,`unlinked_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `birth_year` integer CHECK ("birth_year" is null or "birth_year" between 1900 and 2100);--> statement-breakpoint
ALTER TABLE `users` ADD `birth_month` integer CHECK ("birth_month" is null or "birth_month" between 1 and 12);