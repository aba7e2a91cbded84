CREATE TABLE `pending_price_drops` (
	`listing_id` text PRIMARY KEY NOT NULL,
	`from_cents` integer NOT NULL,
	`dropped_at` integer NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pending_price_drops_dropped_at_idx` ON `pending_price_drops` (`dropped_at`);--> statement-breakpoint
CREATE TABLE `price_drop_notices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`listing_id` text NOT NULL,
	`from_cents` integer NOT NULL,
	`to_cents` integer NOT NULL,
	`dropped_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`seen_at` integer,
	`emailed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "price_drop_notices_drop" CHECK("to_cents" < "from_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_drop_notices_once` ON `price_drop_notices` (`user_id`,`listing_id`,`dropped_at`);--> statement-breakpoint
CREATE INDEX `price_drop_notices_user_created_idx` ON `price_drop_notices` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `price_drop_notices_unmailed_idx` ON `price_drop_notices` (`user_id`) WHERE "emailed_at" is null;--> statement-breakpoint
CREATE TABLE `sale_clubs` (
	`deal_id` text NOT NULL,
	`club_id` text NOT NULL,
	PRIMARY KEY(`deal_id`, `club_id`),
	FOREIGN KEY (`deal_id`) REFERENCES `sales`(`deal_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sale_clubs_club_id_idx` ON `sale_clubs` (`club_id`,`deal_id`);--> statement-breakpoint
CREATE TABLE `sales` (
	`deal_id` text PRIMARY KEY NOT NULL,
	`sport` text NOT NULL,
	`equipment_type` text NOT NULL,
	`brand` text,
	`condition` text NOT NULL,
	`zip_code` text NOT NULL,
	`state` text NOT NULL,
	`price_cents` integer NOT NULL,
	`is_public` integer NOT NULL,
	`completed_at` integer NOT NULL,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sales_condition" CHECK("condition" in ('new', 'like-new', 'gently-used', 'well-worn')),
	CONSTRAINT "sales_price_cents" CHECK("price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `sales_guidance_idx` ON `sales` (`sport`,`equipment_type`,`condition`,`completed_at`,`is_public`,`zip_code`,`state`,`brand`,`price_cents`,`deal_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_away_mail_marks` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`last_mailed_at` integer NOT NULL,
	`covered_until` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "away_mail_marks_kind" CHECK("kind" in ('messages', 'deals', 'clubs', 'matches', 'announcements', 'price_drops'))
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
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_settings_kind" CHECK("kind" in ('messages', 'deals', 'clubs', 'matches', 'announcements', 'price_drops')),
	CONSTRAINT "notification_settings_mode" CHECK("mode" in ('in_app', 'email_now', 'email_digest'))
);
--> statement-breakpoint
INSERT INTO `__new_notification_settings`("user_id", "kind", "mode", "updated_at") SELECT "user_id", "kind", "mode", "updated_at" FROM `notification_settings`;--> statement-breakpoint
DROP TABLE `notification_settings`;--> statement-breakpoint
ALTER TABLE `__new_notification_settings` RENAME TO `notification_settings`;--> statement-breakpoint
-- The sales of the deals completed before this migration (by hand: the same SQL as recordCompletedSales in app/features/trade/sales.server.ts, ADR 086).
INSERT INTO `sales` ("deal_id", "sport", "equipment_type", "brand", "condition", "zip_code", "state", "price_cents", "is_public", "completed_at")
SELECT d.id, l.sport, l.equipment_type, l.brand, l.condition, l.zip_code, l.state,
  CASE WHEN d.kind = 'sale' THEN r.cash_cents ELSE dl.price_cents END, l.audience = 'public', coalesce(d.completed_at, d.updated_at)
FROM deals d
JOIN listings l ON l.id = d.listing_id
JOIN deal_listings dl ON dl.deal_id = d.id AND dl.listing_id = d.listing_id
JOIN deal_revisions r ON r.deal_id = d.id AND r.number = d.revision
WHERE d.state = 'completed' AND l.equipment_type IS NOT NULL
  AND (SELECT count(*) FROM deal_listings x WHERE x.deal_id = d.id AND x.side = 'owner') = 1
  AND ((d.kind = 'sale' AND (r.cash_cents = 0 OR r.cash_from = 'proposer')) OR (d.kind = 'swap' AND r.cash_cents = 0))
ON CONFLICT ("deal_id") DO NOTHING;--> statement-breakpoint
INSERT INTO `sale_clubs` ("deal_id", "club_id")
SELECT s.deal_id, lc.club_id FROM sales s JOIN deals d ON d.id = s.deal_id JOIN listing_clubs lc ON lc.listing_id = d.listing_id
WHERE s.is_public = 0
ON CONFLICT DO NOTHING;
