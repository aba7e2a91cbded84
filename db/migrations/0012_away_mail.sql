CREATE TABLE `away_mail_marks` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`last_mailed_at` integer NOT NULL,
	`covered_until` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "away_mail_marks_kind" CHECK("kind" in ('messages', 'deals', 'clubs', 'matches', 'announcements'))
);
