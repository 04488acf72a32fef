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
CREATE INDEX `stock_downtimes_to` ON `stock_downtimes` (`to_day`);--> statement-breakpoint
-- The catalogue version moves when what is free can change: units go in repair, come back, or their days change.
CREATE TRIGGER `catalogue_version_stock_downtimes_insert` AFTER INSERT ON `stock_downtimes` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_stock_downtimes_update` AFTER UPDATE ON `stock_downtimes` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_stock_downtimes_delete` AFTER DELETE ON `stock_downtimes` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
