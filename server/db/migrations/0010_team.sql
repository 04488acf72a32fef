CREATE TABLE `team_activity` (
	`id` text PRIMARY KEY NOT NULL,
	`at` text NOT NULL,
	`actor` text NOT NULL,
	`actor_email` text,
	`kind` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text,
	`summary` text NOT NULL,
	`before` text,
	`after` text
);
--> statement-breakpoint
CREATE INDEX `team_activity_at` ON `team_activity` (`at`);--> statement-breakpoint
CREATE INDEX `team_activity_kind` ON `team_activity` (`kind`,`at`);--> statement-breakpoint
CREATE INDEX `team_activity_actor` ON `team_activity` (`actor`,`at`);--> statement-breakpoint
CREATE INDEX `team_activity_subject` ON `team_activity` (`subject_id`,`at`);--> statement-breakpoint
CREATE TABLE `team_members` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`created_at` text NOT NULL,
	`invited_by` text,
	`removed_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_email` ON `team_members` (`email`);--> statement-breakpoint
CREATE TABLE `team_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`member_id` text NOT NULL,
	`at` text NOT NULL,
	`text` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `team_notes_order` ON `team_notes` (`order_id`,`at`);--> statement-breakpoint
CREATE TABLE `team_sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`csrf` text NOT NULL,
	`created_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`ended_at` text,
	`method` text NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `team_sessions_member` ON `team_sessions` (`member_id`);--> statement-breakpoint
CREATE TABLE `team_sign_in_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`purpose` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `team_sign_in_links_member` ON `team_sign_in_links` (`member_id`);--> statement-breakpoint
CREATE INDEX `orders_decision_starts` ON `orders` (`decision`,`starts_at`);--> statement-breakpoint
CREATE INDEX `orders_starts` ON `orders` (`starts_at`);