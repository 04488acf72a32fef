CREATE TABLE `business_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`logo` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_business_settings_insert` AFTER INSERT ON `business_settings` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_business_settings_update` AFTER UPDATE ON `business_settings` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_business_settings_delete` AFTER DELETE ON `business_settings` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
