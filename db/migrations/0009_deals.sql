CREATE TABLE `deal_listings` (
	`id` text PRIMARY KEY NOT NULL,
	`deal_id` text NOT NULL,
	`listing_id` text,
	`side` text NOT NULL,
	`listing_version` integer NOT NULL,
	`title` text NOT NULL,
	`price_cents` integer NOT NULL,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "deal_listings_side" CHECK("side" in ('proposer', 'owner'))
);
--> statement-breakpoint
CREATE INDEX `deal_listings_deal_id_idx` ON `deal_listings` (`deal_id`);--> statement-breakpoint
CREATE INDEX `deal_listings_listing_id_idx` ON `deal_listings` (`listing_id`,`deal_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `deal_listings_one_per_deal` ON `deal_listings` (`deal_id`,`listing_id`);--> statement-breakpoint
CREATE TABLE `deal_revisions` (
	`deal_id` text NOT NULL,
	`number` integer NOT NULL,
	`author` text NOT NULL,
	`cash_cents` integer DEFAULT 0 NOT NULL,
	`cash_from` text,
	`message` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`deal_id`, `number`),
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "deal_revisions_number" CHECK("number" between 1 and 5),
	CONSTRAINT "deal_revisions_author" CHECK("author" in ('proposer', 'owner')),
	CONSTRAINT "deal_revisions_cash" CHECK("cash_cents" between 0 and 10000000),
	CONSTRAINT "deal_revisions_cash_from" CHECK(("cash_cents" = 0 and "cash_from" is null) or ("cash_cents" > 0 and "cash_from" is not null and "cash_from" in ('proposer', 'owner'))),
	CONSTRAINT "deal_revisions_message" CHECK("message" is null or length("message") <= 500)
);
--> statement-breakpoint
CREATE TABLE `deals` (
	`id` text PRIMARY KEY NOT NULL,
	`proposer_id` text,
	`owner_id` text,
	`listing_id` text,
	`kind` text NOT NULL,
	`state` text DEFAULT 'proposed' NOT NULL,
	`turn` text,
	`revision` integer DEFAULT 1 NOT NULL,
	`last_revision_at` integer NOT NULL,
	`reminder_sent_at` integer,
	`accepted_at` integer,
	`meetup_spot_id` text,
	`meetup_place` text,
	`meetup_at` integer,
	`meetup_proposed_by` text,
	`meetup_confirmed_at` integer,
	`handed_over_by_proposer_at` integer,
	`handed_over_by_owner_at` integer,
	`completed_at` integer,
	`closed_at` integer,
	`closed_by` text,
	`close_reason` text,
	`transition_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`proposer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "deals_kind" CHECK("kind" in ('sale', 'swap')),
	CONSTRAINT "deals_state" CHECK("state" in ('proposed', 'accepted', 'meetup_agreed', 'handed_over', 'completed', 'declined', 'withdrawn', 'expired', 'voided', 'cancelled', 'lapsed')),
	CONSTRAINT "deals_turn" CHECK("turn" in ('proposer', 'owner')),
	CONSTRAINT "deals_closed_by" CHECK("closed_by" is null or "closed_by" in ('proposer', 'owner', 'system')),
	CONSTRAINT "deals_revision" CHECK("revision" between 1 and 5),
	CONSTRAINT "deals_meetup_place" CHECK("meetup_place" is null or length("meetup_place") <= 200),
	CONSTRAINT "deals_close_reason" CHECK("close_reason" is null or length("close_reason") <= 500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deals_one_open_per_proposer_listing` ON `deals` (`proposer_id`,`listing_id`) WHERE "state" in ('proposed', 'accepted', 'meetup_agreed', 'handed_over');--> statement-breakpoint
CREATE INDEX `deals_proposer_id_idx` ON `deals` (`proposer_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `deals_owner_id_idx` ON `deals` (`owner_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `deals_open_last_revision_idx` ON `deals` (`state`,`last_revision_at`);--> statement-breakpoint
CREATE TABLE `listing_locks` (
	`listing_id` text PRIMARY KEY NOT NULL,
	`deal_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`deal_id` text NOT NULL,
	`reviewer_role` text NOT NULL,
	`reviewer_id` text,
	`reviewee_id` text,
	`rating` integer NOT NULL,
	`comment` text,
	`published_at` integer,
	`reply` text,
	`replied_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reviews_reviewer_role" CHECK("reviewer_role" in ('proposer', 'owner')),
	CONSTRAINT "reviews_rating" CHECK("rating" between 1 and 5),
	CONSTRAINT "reviews_comment" CHECK("comment" is null or length("comment") <= 1000),
	CONSTRAINT "reviews_reply" CHECK("reply" is null or length("reply") <= 500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_one_per_party_per_deal` ON `reviews` (`deal_id`,`reviewer_role`);--> statement-breakpoint
CREATE INDEX `reviews_reviewee_published_idx` ON `reviews` (`reviewee_id`,"published_at" DESC) WHERE "published_at" is not null;--> statement-breakpoint
ALTER TABLE `listings` ADD `version` integer DEFAULT 1 NOT NULL;