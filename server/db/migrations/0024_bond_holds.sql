CREATE TABLE `bond_holds` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`payment_intent` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`held_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`capture_cents` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lease_until` text,
	`last_error` text,
	`done_at` text
);
--> statement-breakpoint
CREATE INDEX `bond_holds_order` ON `bond_holds` (`order_id`);--> statement-breakpoint
CREATE INDEX `bond_holds_status` ON `bond_holds` (`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `bond_holds_intent` ON `bond_holds` (`payment_intent`);--> statement-breakpoint
ALTER TABLE `bond_settlements` ADD `held_cents` integer DEFAULT 0 NOT NULL;