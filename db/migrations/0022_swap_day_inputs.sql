CREATE TABLE `swap_day_inputs` (
	`swap_day_id` text PRIMARY KEY NOT NULL,
	`official_wants` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`swap_day_id`) REFERENCES `swap_days`(`id`) ON UPDATE no action ON DELETE cascade
);
