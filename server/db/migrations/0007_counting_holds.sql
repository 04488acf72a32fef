DROP INDEX `order_holds_product_to`;--> statement-breakpoint
DROP INDEX `order_holds_to`;--> statement-breakpoint
CREATE INDEX `order_holds_counting_product_to` ON `order_holds` (`product_id`,`hold_to`) WHERE state IN ('held', 'confirmed');--> statement-breakpoint
CREATE INDEX `order_holds_counting_to` ON `order_holds` (`hold_to`,`hold_from`) WHERE state IN ('held', 'confirmed');--> statement-breakpoint
-- The catalogue version moves when what is free can change: a hold that counts (held, confirmed) comes, goes or changes.
-- A request recorded as wanted, or a lapsed hold released, changes no availability.
DROP TRIGGER `catalogue_version_order_holds_insert`;
--> statement-breakpoint
DROP TRIGGER `catalogue_version_order_holds_update`;
--> statement-breakpoint
DROP TRIGGER `catalogue_version_order_holds_delete`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_order_holds_insert` AFTER INSERT ON `order_holds` WHEN NEW.`state` IN ('held', 'confirmed') BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_order_holds_update` AFTER UPDATE ON `order_holds` WHEN OLD.`state` IN ('held', 'confirmed') OR NEW.`state` IN ('held', 'confirmed') BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_order_holds_delete` AFTER DELETE ON `order_holds` WHEN OLD.`state` IN ('held', 'confirmed') BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
