CREATE TABLE `data_migrations` (
	`name` text PRIMARY KEY NOT NULL,
	`ran_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `order_events` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`at` text NOT NULL,
	`actor` text NOT NULL,
	`kind` text NOT NULL,
	`detail` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_events_order` ON `order_events` (`order_id`,`at`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `next_attempt_at` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `lease_owner` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `lease_until` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `dedupe_key` text;--> statement-breakpoint
CREATE INDEX `email_outbox_due` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
ALTER TABLE `orders` ADD `notes` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `wants_signage` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `unplaced` text;--> statement-breakpoint
-- Emails an SMTP failure marked failed were never tried again: the queue tries those of the last 3 days once more.
UPDATE `email_outbox` SET `status` = 'queued', `next_attempt_at` = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `status` = 'failed' AND `created_at` >= strftime('%Y-%m-%dT%H:%M:%fZ','now','-3 days');
--> statement-breakpoint
-- Holds released while their request was still undecided had lapsed: they say so now.
UPDATE `order_holds` SET `state` = 'lapsed' WHERE `state` = 'released' AND `order_id` IN (SELECT `id` FROM `orders` WHERE `decision` IS NULL);
