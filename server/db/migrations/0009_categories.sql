CREATE TABLE `categories` (
	`key` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`parent` text,
	`position` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`photo` text,
	`old_keys` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `categories_parent` ON `categories` (`parent`);
--> statement-breakpoint
ALTER TABLE `business_settings` ADD `photos` text DEFAULT '{}' NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_categories_insert` AFTER INSERT ON `categories` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_categories_update` AFTER UPDATE ON `categories` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_categories_delete` AFTER DELETE ON `categories` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
