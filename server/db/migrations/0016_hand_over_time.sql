ALTER TABLE `orders` ADD `hand_over_from` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `hand_over_to` text;