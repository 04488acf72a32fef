ALTER TABLE `bundles` ADD `sku` text;--> statement-breakpoint
CREATE UNIQUE INDEX `bundles_sku_unique` ON `bundles` (`sku`);--> statement-breakpoint
ALTER TABLE `products` ADD `sku` text;--> statement-breakpoint
CREATE UNIQUE INDEX `products_sku` ON `products` (`sku`);