CREATE TABLE `workspace_edits` (
	`subject` text NOT NULL,
	`field` text NOT NULL,
	`edited_by` text NOT NULL,
	`edited_at` text NOT NULL,
	PRIMARY KEY(`subject`, `field`)
);
