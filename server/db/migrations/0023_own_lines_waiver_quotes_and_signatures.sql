CREATE TABLE `order_own_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`kind` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_in_cents` integer NOT NULL,
	`percent_basis_points` integer,
	`gst_free` integer NOT NULL,
	`cents` integer NOT NULL,
	`source` text DEFAULT 'team' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_own_lines_order` ON `order_own_lines` (`order_id`,`position`);--> statement-breakpoint
CREATE TABLE `quote_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`version` integer NOT NULL,
	`sent_at` text NOT NULL,
	`valid_until` text NOT NULL,
	`digest` text NOT NULL,
	`content` text NOT NULL,
	`sent_by` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quote_versions_order_version` ON `quote_versions` (`order_id`,`version`);--> statement-breakpoint
CREATE TABLE `saved_own_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`description` text NOT NULL,
	`kind` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_in_cents` integer NOT NULL,
	`percent_basis_points` integer,
	`gst_free` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
DROP INDEX `terms_acceptances_order`;--> statement-breakpoint
ALTER TABLE `terms_acceptances` ADD `quote_version` integer;--> statement-breakpoint
ALTER TABLE `terms_acceptances` ADD `quote_digest` text;--> statement-breakpoint
ALTER TABLE `terms_acceptances` ADD `signature_kind` text;--> statement-breakpoint
ALTER TABLE `terms_acceptances` ADD `signature_png` text;--> statement-breakpoint
ALTER TABLE `terms_acceptances` ADD `agreement_digest` text;--> statement-breakpoint
CREATE UNIQUE INDEX `terms_acceptances_order_quote` ON `terms_acceptances` (`order_id`,`quote_version`);--> statement-breakpoint
ALTER TABLE `orders` ADD `gst_free_in_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bond_settlements` ADD `waiver_covered_cents` integer DEFAULT 0 NOT NULL;