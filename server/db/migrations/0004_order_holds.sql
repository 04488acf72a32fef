CREATE TABLE `order_holds` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`product_id` text NOT NULL,
	`quantity` integer NOT NULL,
	`hold_from` text NOT NULL,
	`hold_to` text NOT NULL,
	`state` text NOT NULL,
	`expires_at` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_holds_window` ON `order_holds` (`hold_from`,`hold_to`);--> statement-breakpoint
CREATE INDEX `order_holds_order` ON `order_holds` (`order_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `decision` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `decided_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `decision_note` text;--> statement-breakpoint
CREATE TRIGGER `catalogue_version_order_holds_insert` AFTER INSERT ON `order_holds` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_order_holds_update` AFTER UPDATE ON `order_holds` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_order_holds_delete` AFTER DELETE ON `order_holds` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
