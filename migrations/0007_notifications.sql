CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`teacher_id` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`href` text,
	`read_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`teacher_id`) REFERENCES `teachers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_teacher_key_idx` ON `notifications` (`teacher_id`,`key`);--> statement-breakpoint
CREATE INDEX `notifications_teacher_idx` ON `notifications` (`teacher_id`,`created_at`);