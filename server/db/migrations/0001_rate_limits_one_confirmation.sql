CREATE TABLE `rate_limit_hits` (
	`bucket` text NOT NULL,
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`bucket`, `key`, `window_start`)
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_expiry` ON `rate_limit_hits` (`expires_at`);--> statement-breakpoint
-- Older databases may hold several confirmations per order (replays, or 'Unassigned' fallbacks):
-- keep the first as the confirmation and file the rest as fallbacks, so the unique index can be built.
UPDATE `email_outbox` SET `kind` = 'order_fallback'
WHERE `kind` = 'order_confirmation'
  AND (`order_id` IS NULL OR `order_id` = 'Unassigned' OR `rowid` NOT IN (
    SELECT min(`rowid`) FROM `email_outbox` WHERE `kind` = 'order_confirmation' GROUP BY `order_id`
  ));--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_one_confirmation` ON `email_outbox` (`order_id`) WHERE kind = 'order_confirmation';