ALTER TABLE `orders` ADD `delivery_postcode` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_fee_in_cents` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_fee_label` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `prices_include_gst` integer DEFAULT false NOT NULL;