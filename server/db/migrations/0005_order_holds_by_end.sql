DROP INDEX `order_holds_window`;--> statement-breakpoint
CREATE INDEX `order_holds_product_to` ON `order_holds` (`product_id`,`hold_to`);--> statement-breakpoint
CREATE INDEX `order_holds_to` ON `order_holds` (`hold_to`,`hold_from`);