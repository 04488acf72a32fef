CREATE TABLE `stock_downtimes` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`quantity` integer NOT NULL,
	`from_day` text NOT NULL,
	`to_day` text NOT NULL,
	`reason` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`ended_at` text,
	`ended_by` text
);
--> statement-breakpoint
CREATE INDEX `stock_downtimes_product` ON `stock_downtimes` (`product_id`,`to_day`);--> statement-breakpoint
CREATE INDEX `stock_downtimes_to` ON `stock_downtimes` (`to_day`);