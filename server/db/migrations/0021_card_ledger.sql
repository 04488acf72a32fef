CREATE TABLE `card_disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`payment_intent` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`opened_at` text NOT NULL,
	`closed_at` text
);
--> statement-breakpoint
CREATE INDEX `card_disputes_order` ON `card_disputes` (`order_id`);--> statement-breakpoint
CREATE TABLE `card_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`order_id` text,
	`outcome` text NOT NULL,
	`detail` text NOT NULL,
	`needs_look` integer DEFAULT false NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `card_events_order` ON `card_events` (`order_id`);--> statement-breakpoint
CREATE INDEX `card_events_look` ON `card_events` (`needs_look`);--> statement-breakpoint
CREATE TABLE `card_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`towards` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`payment_intent` text NOT NULL,
	`paid_on` text NOT NULL,
	`note` text,
	`requested_by` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lease_until` text,
	`stripe_refund_id` text,
	`last_error` text,
	`created_at` text NOT NULL,
	`done_at` text
);
--> statement-breakpoint
CREATE INDEX `card_refunds_order` ON `card_refunds` (`order_id`);--> statement-breakpoint
CREATE INDEX `card_refunds_status` ON `card_refunds` (`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `card_refunds_stripe` ON `card_refunds` (`stripe_refund_id`);--> statement-breakpoint
CREATE TABLE `card_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`what` text NOT NULL,
	`hire_cents` integer NOT NULL,
	`bond_cents` integer NOT NULL,
	`surcharge_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`stripe_session_id` text,
	`url` text,
	`payment_intent` text,
	`created_at` text NOT NULL,
	`paid_at` text,
	`event_id` text
);
--> statement-breakpoint
CREATE INDEX `card_sessions_order` ON `card_sessions` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `card_sessions_stripe` ON `card_sessions` (`stripe_session_id`);--> statement-breakpoint
CREATE TABLE `form_tokens` (
	`token` text PRIMARY KEY NOT NULL,
	`used_at` text NOT NULL
);
