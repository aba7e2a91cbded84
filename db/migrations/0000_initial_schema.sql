CREATE TABLE `email_verification_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_verification_tokens_token_hash_unique` ON `email_verification_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_verification_tokens_user_id_idx` ON `email_verification_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_to_created_at_idx` ON `mail_outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`first_name` text,
	`last_name` text,
	`display_name` text,
	`email` text,
	`phone_number` text,
	`city` text,
	`state` text,
	`zip_code` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "profiles_zip_code" CHECK("zip_code" GLOB '[0-9][0-9][0-9][0-9][0-9]'),
	CONSTRAINT "profiles_first_name_length" CHECK(length("first_name") <= 100),
	CONSTRAINT "profiles_last_name_length" CHECK(length("last_name") <= 100),
	CONSTRAINT "profiles_city_length" CHECK(length("city") <= 100)
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`window_start` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`user_agent` text,
	`ip` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash_unique` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_roles_role" CHECK("role" in ('admin'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_roles_user_id_role_unique` ON `user_roles` (`user_id`,`role`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`password_algo` text,
	`password_params` text,
	`email_verified_at` integer,
	`google_sub` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "users_email_normalized" CHECK("email" = lower(trim("email")) and length("email") between 3 and 255)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);--> statement-breakpoint
CREATE TABLE `club_members` (
	`id` text PRIMARY KEY NOT NULL,
	`club_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`status` text NOT NULL,
	`approval_notified` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "club_members_role" CHECK("role" in ('owner', 'admin', 'member')),
	CONSTRAINT "club_members_status" CHECK("status" in ('active', 'pending'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `club_members_club_id_user_id_unique` ON `club_members` (`club_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `club_members_club_id_status_idx` ON `club_members` (`club_id`,`status`);--> statement-breakpoint
CREATE INDEX `club_members_user_id_status_idx` ON `club_members` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `clubs` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`type` text DEFAULT 'club' NOT NULL,
	`sport` text,
	`description` text,
	`city` text,
	`state` text,
	`zip` text,
	`visibility` text DEFAULT 'public' NOT NULL,
	`join_mode` text DEFAULT 'open' NOT NULL,
	`invite_code` text,
	`created_by` text,
	`logo_key` text,
	`show_prices_in_preview` integer DEFAULT false NOT NULL,
	`show_listing_count` integer DEFAULT true NOT NULL,
	`allow_join_requests` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "clubs_slug_format" CHECK(length("slug") between 1 and 50 and "slug" NOT GLOB '*[^a-z0-9-]*'),
	CONSTRAINT "clubs_name_length" CHECK(length(trim("name", ' ' || char(9, 10, 13))) > 0 and length("name") <= 100),
	CONSTRAINT "clubs_type" CHECK("type" in ('club', 'organization', 'league', 'school')),
	CONSTRAINT "clubs_sport" CHECK("sport" in ('baseball', 'basketball', 'cycling', 'field-hockey', 'figure-skating', 'fitness', 'football', 'golf', 'hike-camp', 'hockey', 'inline-roller', 'lacrosse', 'skiing', 'snowboarding', 'soccer', 'softball', 'tennis')),
	CONSTRAINT "clubs_description_length" CHECK(length("description") <= 1000),
	CONSTRAINT "clubs_city_length" CHECK(length("city") <= 100),
	CONSTRAINT "clubs_zip" CHECK("zip" GLOB '[0-9][0-9][0-9][0-9][0-9]'),
	CONSTRAINT "clubs_visibility" CHECK("visibility" in ('public', 'members_only', 'private')),
	CONSTRAINT "clubs_join_mode" CHECK("join_mode" in ('open', 'approval', 'code')),
	CONSTRAINT "clubs_invite_code" CHECK(("invite_code" is null or length("invite_code") between 4 and 20) and ("join_mode" <> 'code' or "invite_code" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `clubs_slug_unique` ON `clubs` (`slug`);--> statement-breakpoint
CREATE INDEX `clubs_visibility_created_at_idx` ON `clubs` (`visibility`,`created_at`);--> statement-breakpoint
CREATE INDEX `clubs_created_at_idx` ON `clubs` (`created_at`);--> statement-breakpoint
CREATE INDEX `clubs_name_nocase_idx` ON `clubs` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `clubs_created_by_idx` ON `clubs` (`created_by`);--> statement-breakpoint
CREATE TABLE `favorites` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`listing_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `favorites_user_id_listing_id_unique` ON `favorites` (`user_id`,`listing_id`);--> statement-breakpoint
CREATE INDEX `favorites_user_id_created_at_idx` ON `favorites` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `favorites_listing_id_idx` ON `favorites` (`listing_id`);--> statement-breakpoint
CREATE TABLE `listing_clubs` (
	`listing_id` text NOT NULL,
	`club_id` text NOT NULL,
	`is_primary` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`listing_id`, `club_id`),
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_clubs_club_id_listing_id_idx` ON `listing_clubs` (`club_id`,`listing_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `listing_clubs_one_primary_per_listing` ON `listing_clubs` (`listing_id`) WHERE "is_primary" = 1;--> statement-breakpoint
CREATE TABLE `listing_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`listing_id` text NOT NULL,
	`position` integer NOT NULL,
	`r2_key` text NOT NULL,
	`content_type` text NOT NULL,
	`width` integer,
	`height` integer,
	`byte_size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "listing_photos_position" CHECK("position" between 0 and 4),
	CONSTRAINT "listing_photos_byte_size" CHECK("byte_size" between 0 and 10485760)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `listing_photos_listing_id_position_unique` ON `listing_photos` (`listing_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `listing_photos_r2_key_unique` ON `listing_photos` (`r2_key`);--> statement-breakpoint
CREATE TABLE `listings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`price_cents` integer NOT NULL,
	`sport` text NOT NULL,
	`sport_subcategory` text,
	`equipment_type` text,
	`brand` text,
	`condition` text NOT NULL,
	`size` text,
	`size_numeric` text,
	`gender` text,
	`zip_code` text NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`pickup_instructions` text,
	`contact_phone` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "listings_title" CHECK(length(trim("title", ' ' || char(9, 10, 13))) > 0),
	CONSTRAINT "listings_price_cents" CHECK("price_cents" >= 0),
	CONSTRAINT "listings_sport" CHECK("sport" in ('baseball', 'basketball', 'cycling', 'field-hockey', 'figure-skating', 'fitness', 'football', 'golf', 'hike-camp', 'hockey', 'inline-roller', 'lacrosse', 'skiing', 'snowboarding', 'soccer', 'softball', 'tennis')),
	CONSTRAINT "listings_sport_subcategory" CHECK("sport_subcategory" is null or ("sport" = 'tennis' and "sport_subcategory" in ('tennis', 'paddle', 'pickleball', 'racquetball', 'squash', 'other'))),
	CONSTRAINT "listings_condition" CHECK("condition" in ('new', 'like-new', 'gently-used', 'well-worn')),
	CONSTRAINT "listings_size" CHECK("size" in ('Youth', 'Adult')),
	CONSTRAINT "listings_gender" CHECK("gender" in ('Men', 'Women', 'Unisex')),
	CONSTRAINT "listings_zip_code" CHECK("zip_code" GLOB '[0-9][0-9][0-9][0-9][0-9]'),
	CONSTRAINT "listings_status" CHECK("status" in ('active', 'pending_pickup', 'sold'))
);
--> statement-breakpoint
CREATE INDEX `listings_status_created_at_idx` ON `listings` (`status`,"created_at" DESC);--> statement-breakpoint
CREATE INDEX `listings_sport_status_created_at_idx` ON `listings` (`sport`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_user_id_created_at_idx` ON `listings` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_status_price_cents_idx` ON `listings` (`status`,`price_cents`);--> statement-breakpoint
CREATE INDEX `listings_zip_code_idx` ON `listings` (`zip_code`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`reviewer_id` text NOT NULL,
	`reviewee_id` text NOT NULL,
	`listing_id` text NOT NULL,
	`rating` integer NOT NULL,
	`comment` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_rating" CHECK("rating" between 1 and 5),
	CONSTRAINT "reviews_not_self" CHECK("reviewer_id" <> "reviewee_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_reviewer_id_listing_id_unique` ON `reviews` (`reviewer_id`,`listing_id`);--> statement-breakpoint
CREATE INDEX `reviews_reviewee_id_idx` ON `reviews` (`reviewee_id`);--> statement-breakpoint
CREATE INDEX `reviews_listing_id_idx` ON `reviews` (`listing_id`);--> statement-breakpoint
CREATE TABLE `club_direct_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`club_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`receiver_id` text NOT NULL,
	`content` text NOT NULL,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receiver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "club_direct_messages_content" CHECK(length(trim("content", ' ' || char(9, 10, 13))) > 0),
	CONSTRAINT "club_direct_messages_not_self" CHECK("sender_id" <> "receiver_id")
);
--> statement-breakpoint
CREATE INDEX `club_direct_messages_receiver_id_read_at_idx` ON `club_direct_messages` (`receiver_id`,`read_at`);--> statement-breakpoint
CREATE INDEX `club_direct_messages_conversation_idx` ON `club_direct_messages` (`club_id`,`sender_id`,`receiver_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `club_direct_messages_sender_id_idx` ON `club_direct_messages` (`sender_id`);--> statement-breakpoint
CREATE TABLE `club_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`club_id` text NOT NULL,
	`user_id` text NOT NULL,
	`message_type` text DEFAULT 'chat' NOT NULL,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "club_messages_message_type" CHECK("message_type" in ('chat', 'announcement')),
	CONSTRAINT "club_messages_content" CHECK(length(trim("content", ' ' || char(9, 10, 13))) > 0)
);
--> statement-breakpoint
CREATE INDEX `club_messages_club_id_created_at_idx` ON `club_messages` (`club_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `club_messages_user_id_idx` ON `club_messages` (`user_id`);--> statement-breakpoint
CREATE TABLE `listing_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`listing_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`receiver_id` text NOT NULL,
	`content` text NOT NULL,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receiver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "listing_messages_content" CHECK(length(trim("content", ' ' || char(9, 10, 13))) > 0),
	CONSTRAINT "listing_messages_not_self" CHECK("sender_id" <> "receiver_id")
);
--> statement-breakpoint
CREATE INDEX `listing_messages_listing_id_created_at_idx` ON `listing_messages` (`listing_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `listing_messages_receiver_id_read_at_idx` ON `listing_messages` (`receiver_id`,`read_at`);--> statement-breakpoint
CREATE INDEX `listing_messages_sender_id_created_at_idx` ON `listing_messages` (`sender_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `club_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`club_id` text NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "club_requests_title" CHECK(length(trim("title", ' ' || char(9, 10, 13))) > 0 and length("title") <= 200),
	CONSTRAINT "club_requests_description" CHECK("description" is null or length("description") <= 1000),
	CONSTRAINT "club_requests_status" CHECK("status" in ('open', 'fulfilled'))
);
--> statement-breakpoint
CREATE INDEX `club_requests_club_id_created_at_idx` ON `club_requests` (`club_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `club_requests_user_id_idx` ON `club_requests` (`user_id`);--> statement-breakpoint
CREATE TABLE `zip_codes` (
	`zip` text PRIMARY KEY NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	CONSTRAINT "zip_codes_zip" CHECK("zip" GLOB '[0-9][0-9][0-9][0-9][0-9]'),
	CONSTRAINT "zip_codes_state" CHECK("state" GLOB '[A-Z][A-Z]'),
	CONSTRAINT "zip_codes_latitude" CHECK("latitude" between -90 and 90),
	CONSTRAINT "zip_codes_longitude" CHECK("longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE INDEX `zip_codes_state_city_idx` ON `zip_codes` (`state`,`city`);--> statement-breakpoint
CREATE INDEX `zip_codes_latitude_idx` ON `zip_codes` (`latitude`);--> statement-breakpoint
CREATE INDEX `zip_codes_city_nocase_idx` ON `zip_codes` ("city" COLLATE NOCASE);