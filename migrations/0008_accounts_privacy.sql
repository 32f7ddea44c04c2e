CREATE TABLE `access_log` (
	`id` text PRIMARY KEY NOT NULL,
	`teacher_id` text NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`student_id` text,
	`student_name` text DEFAULT '' NOT NULL,
	`target` text NOT NULL,
	`at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`teacher_id`) REFERENCES `teachers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `access_log_teacher_at_idx` ON `access_log` (`teacher_id`,`at`);--> statement-breakpoint
CREATE INDEX `access_log_student_idx` ON `access_log` (`student_id`);--> statement-breakpoint
CREATE TABLE `account_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`teacher_id` text NOT NULL,
	`purpose` text NOT NULL,
	`secret_hash` text NOT NULL,
	`new_email` text,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`teacher_id`) REFERENCES `teachers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_tokens_teacher_idx` ON `account_tokens` (`teacher_id`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`teacher_id` text,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`teacher_id`) REFERENCES `teachers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_teacher_idx` ON `mail_outbox` (`teacher_id`);--> statement-breakpoint
CREATE INDEX `mail_outbox_to_idx` ON `mail_outbox` (`to_address`);--> statement-breakpoint
ALTER TABLE `settings` ADD `retention_days` integer;--> statement-breakpoint
ALTER TABLE `teachers` ADD `plan` text DEFAULT 'starter' NOT NULL;