CREATE TABLE `bond_settlements` (
	`order_id` text PRIMARY KEY NOT NULL,
	`settled_on` text NOT NULL,
	`bond_cents` integer NOT NULL,
	`days_late` integer NOT NULL,
	`late_fee_cents` integer NOT NULL,
	`damage_cents` integer NOT NULL,
	`kept_cents` integer NOT NULL,
	`refund_cents` integer NOT NULL,
	`reason` text,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `cancellations` (
	`order_id` text PRIMARY KEY NOT NULL,
	`cancelled_on` text NOT NULL,
	`days_before` integer NOT NULL,
	`paid_cents` integer NOT NULL,
	`refund_cents` integer NOT NULL,
	`bond_refund_cents` integer NOT NULL,
	`kept_cents` integer NOT NULL,
	`credit_note_id` text,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`kind` text NOT NULL,
	`seq` integer NOT NULL,
	`number` text NOT NULL,
	`issued_on` text NOT NULL,
	`issued_at` text NOT NULL,
	`payment_id` text,
	`total_cents` integer NOT NULL,
	`gst_cents` integer NOT NULL,
	`content` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `documents_order` ON `documents` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `documents_seq` ON `documents` (`kind`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `documents_number` ON `documents` (`number`);--> statement-breakpoint
CREATE TABLE `terms_acceptances` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`typed_name` text NOT NULL,
	`accepted_at` text NOT NULL,
	`ip_address` text NOT NULL,
	`terms_version` text NOT NULL,
	`terms_text` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `terms_acceptances_order` ON `terms_acceptances` (`order_id`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attachments` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `provider_ref` text;