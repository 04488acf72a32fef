ALTER TABLE `order_holds` ADD `still_out` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `handed_over_on` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `returned_on` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `return_report` text;