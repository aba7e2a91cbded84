ALTER TABLE `swap_day_ring_steps` ADD `deal_id` text REFERENCES deals(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `swap_days` ADD `checkin_closed_at` integer;--> statement-breakpoint
ALTER TABLE `swap_days` ADD `resolve_token` text;