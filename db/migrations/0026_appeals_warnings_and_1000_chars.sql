PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_appeals` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`subject` text NOT NULL,
	`decision_id` text NOT NULL,
	`decided_by` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`judge_id` text,
	`judged_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "appeals_subject" CHECK("subject" in ('hold', 'suspension', 'silence', 'removal', 'warning')),
	CONSTRAINT "appeals_status" CHECK("status" in ('open', 'upheld', 'denied')),
	CONSTRAINT "appeals_text" CHECK(length(trim("text")) > 0 and length("text") <= 1000),
	CONSTRAINT "appeals_other_judge" CHECK("judge_id" is null or "judge_id" <> "decided_by")
);
--> statement-breakpoint
INSERT INTO `__new_appeals`("id", "user_id", "subject", "decision_id", "decided_by", "text", "status", "judge_id", "judged_at", "created_at") SELECT "id", "user_id", "subject", "decision_id", "decided_by", "text", "status", "judge_id", "judged_at", "created_at" FROM `appeals`;--> statement-breakpoint
DROP TABLE `appeals`;--> statement-breakpoint
ALTER TABLE `__new_appeals` RENAME TO `appeals`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `appeals_one_per_decision` ON `appeals` (`subject`,`decision_id`);--> statement-breakpoint
CREATE INDEX `appeals_status_idx` ON `appeals` (`status`,`created_at`);